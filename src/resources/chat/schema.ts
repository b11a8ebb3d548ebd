/**
 * /v1/chat/completions request, as the relayed (OpenAI) format really takes it. The spec's
 * declared types are partly artefacts (`tools: array of string`, `temperature: integer`,
 * `content: string`, tools and tool_choice required in the plain and streaming variants); here
 * only `model` and `messages` are required and the real types are used. docs/chat.md lists each decision.
 */
import * as z from "zod/mini";
import { between, otherType } from "../../core/schema-rules.js";

const textPart = z.looseObject({ type: z.literal("text"), text: z.string() });
const imagePart = z.looseObject({
  type: z.literal("image_url"),
  /** An https URL or a `data:image/...;base64,` URL. */
  image_url: z.looseObject({ url: z.string(), detail: z.optional(z.enum(["auto", "low", "high"])) }),
});
/** Video analysis: the video-capable family takes a URL part shaped like the image part. */
const videoPart = z.looseObject({
  type: z.literal("video_url"),
  video_url: z.looseObject({ url: z.string() }),
});
/** Parts the gateway adds later (audio, files...) pass through. */
const otherPart = z.looseObject({ type: otherType(["text", "image_url", "video_url"]) });
export const contentPart = z.union([textPart, imagePart, videoPart, otherPart]);

const toolCall = z.looseObject({
  id: z.string(),
  type: z.literal("function"),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

export const chatMessage = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool"]),
  content: z.optional(z.nullable(z.union([z.array(contentPart), z.string()]))),
  name: z.optional(z.string()),
  tool_calls: z.optional(z.array(toolCall)),
  tool_call_id: z.optional(z.string()),
});

/** Only function tools: the spec's "array of string" is an artefact of its generator. */
export const functionTool = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\w-]+$/)),
    description: z.optional(z.string()),
    parameters: z.optional(z.record(z.string(), z.unknown())),
    strict: z.optional(z.nullable(z.boolean())),
  }),
});

export const toolChoice = z.union([
  z.enum(["none", "auto", "required"]),
  z.looseObject({ type: z.literal("function"), function: z.looseObject({ name: z.string() }) }),
]);

const responseFormat = z.discriminatedUnion("type", [
  z.looseObject({ type: z.enum(["text", "json_object"]) }),
  z.looseObject({
    type: z.literal("json_schema"),
    json_schema: z.looseObject({
      name: z.string().check(z.minLength(1), z.maxLength(64)),
      schema: z.optional(z.record(z.string(), z.unknown())),
      strict: z.optional(z.nullable(z.boolean())),
    }),
  }),
]);

/** logit_bias maps token ids (integers written as strings) to a bias in [-100, 100]. */
const logitBias = z.record(z.string(), between(-100, 100)).check(
  z.refine((bias) => Object.keys(bias).every((key) => /^\d+$/.test(key)), {
    message: "keys must be token ids (non-negative integers as strings)",
  }),
);

type ToolChoiceInput = z.input<typeof toolChoice>;
type ToolInput = z.input<typeof functionTool>;

/** A forced or required tool call needs tools to call, and a forced one must name one of them. */
function toolChoiceIssue(tools: ToolInput[] | undefined, choice: ToolChoiceInput | undefined) {
  if (choice === undefined || choice === "none" || choice === "auto") return undefined;
  if (!tools?.length) return "needs tools: give `tools` or drop `tool_choice`";
  if (typeof choice === "object" && !tools.some((tool) => tool.function.name === choice.function.name)) {
    return `names "${choice.function.name}", which is not one of the tools`;
  }
  return undefined;
}

export const chatCompletionParams = z
  .looseObject({
    model: z.string().check(z.minLength(1)),
    messages: z.array(chatMessage).check(z.minLength(1)),
    tools: z.optional(z.array(functionTool)),
    tool_choice: z.optional(toolChoice),
    parallel_tool_calls: z.optional(z.boolean()),
    n: z.optional(z.int().check(z.minimum(1), z.maximum(128))),
    /** The sampling seed, as the relayed format names it. */
    seed: z.optional(z.int()),
    /** The spec's name for `seed`; sent as `seed`. */
    seen: z.optional(z.int()),
    stop: z.optional(
      z.nullable(z.union([z.array(z.string()).check(z.minLength(1), z.maxLength(4)), z.string()])),
    ),
    user: z.optional(z.string()),
    top_p: z.optional(between(0, 1)),
    temperature: z.optional(between(0, 2)),
    stream: z.optional(z.nullable(z.boolean())),
    stream_options: z.optional(z.nullable(z.looseObject({ include_usage: z.optional(z.boolean()) }))),
    logit_bias: z.optional(z.nullable(logitBias)),
    logprobs: z.optional(z.nullable(z.boolean())),
    top_logprobs: z.optional(z.nullable(z.int().check(z.minimum(0), z.maximum(20)))),
    max_tokens: z.optional(z.nullable(z.int().check(z.minimum(1)))),
    max_completion_tokens: z.optional(z.nullable(z.int().check(z.minimum(1)))),
    response_format: z.optional(responseFormat),
    presence_penalty: z.optional(z.nullable(between(-2, 2))),
    frequency_penalty: z.optional(z.nullable(between(-2, 2))),
  })
  .check(
    z.superRefine((params, context) => {
      const message = toolChoiceIssue(params.tools, params.tool_choice);
      if (message) context.issues.push({ code: "custom", message, path: ["tool_choice"], input: params });
    }),
  );
