/**
 * /v1/chat/completions request, as the relayed (OpenAI) format really takes it. The spec's
 * declared types are partly artefacts (`tools: array of string`, `temperature: integer`,
 * `content: string`, tools required in the plain variant); docs/chat.md lists each decision.
 */
import * as z from "zod/mini";

const range = (min: number, max: number) => z.number().check(z.minimum(min), z.maximum(max));

const textPart = z.looseObject({ type: z.literal("text"), text: z.string() });
const imagePart = z.looseObject({
  type: z.literal("image_url"),
  image_url: z.looseObject({ url: z.string(), detail: z.optional(z.enum(["auto", "low", "high"])) }),
});
const videoPart = z.looseObject({
  type: z.literal("video_url"),
  video_url: z.looseObject({ url: z.string() }),
});
/** Parts the gateway adds later (audio, files...) pass through. */
const otherPart = z.looseObject({ type: z.string() });
export const contentPart = z.union([textPart, imagePart, videoPart, otherPart]);

const toolCall = z.looseObject({
  id: z.string(),
  type: z.literal("function"),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

export const chatMessage = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool"]),
  content: z.optional(z.nullable(z.union([z.string(), z.array(contentPart)]))),
  name: z.optional(z.string()),
  tool_calls: z.optional(z.array(toolCall)),
  tool_call_id: z.optional(z.string()),
});

export const functionTool = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().check(z.minLength(1), z.maxLength(64)),
    description: z.optional(z.string()),
    parameters: z.optional(z.record(z.string(), z.unknown())),
    strict: z.optional(z.boolean()),
  }),
});

export const toolChoice = z.union([
  z.enum(["none", "auto", "required"]),
  z.looseObject({ type: z.literal("function"), function: z.looseObject({ name: z.string() }) }),
]);

export const chatCompletionParams = z.looseObject({
  model: z.string().check(z.minLength(1)),
  messages: z.array(chatMessage).check(z.minLength(1)),
  tools: z.optional(z.array(functionTool)),
  tool_choice: z.optional(toolChoice),
  n: z.optional(z.int().check(z.minimum(1), z.maximum(128))),
  /** The sampling seed, as the relayed format names it. */
  seed: z.optional(z.int()),
  /** The spec's name for `seed`; sent as `seed`. */
  seen: z.optional(z.int()),
  stop: z.optional(
    z.nullable(z.union([z.string(), z.array(z.string()).check(z.minLength(1), z.maxLength(4))])),
  ),
  user: z.optional(z.string()),
  top_p: z.optional(range(0, 1)),
  temperature: z.optional(range(0, 2)),
  stream: z.optional(z.boolean()),
  stream_options: z.optional(z.nullable(z.looseObject({ include_usage: z.optional(z.boolean()) }))),
  logit_bias: z.optional(z.nullable(z.record(z.string(), range(-100, 100)))),
  max_tokens: z.optional(z.int().check(z.minimum(1))),
  response_format: z.optional(z.looseObject({ type: z.enum(["text", "json_object", "json_schema"]) })),
  presence_penalty: z.optional(range(-2, 2)),
  frequency_penalty: z.optional(range(-2, 2)),
});
