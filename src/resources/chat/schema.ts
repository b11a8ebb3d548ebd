/**
 * /v1/chat/completions request, as the relayed (OpenAI) format really takes it. The spec's
 * declared types are partly artefacts (`tools: array of string`, `temperature: integer`,
 * `content: string`, tools and tool_choice required in the plain and streaming variants); here
 * only `model` and `messages` are required and the real types are used. Roles, detail levels and
 * reasoning efforts are open strings (the spec closes none of them); part, tool and tool choice
 * types added upstream later pass through. docs/chat.md lists each decision. The declared type
 * is `ChatCompletionCreateParams` in types.ts; tests/types/chat.test-d.ts keeps the two together.
 */
import * as z from "zod/mini";
import { between, modelChoice, otherType } from "../../core/validation/index.js";

/** Builds every schema of this file; runs once, on the first call that validates with one of them. */
function build() {
  const textPart = z.looseObject({ type: z.literal("text"), text: z.string() });
  const imagePart = z.looseObject({
    type: z.literal("image_url"),
    image_url: z.looseObject({ url: z.string(), detail: z.optional(z.string()) }),
  });
  const videoPart = z.looseObject({
    type: z.literal("video_url"),
    video_url: z.looseObject({ url: z.string() }),
  });
  const audioPart = z.looseObject({
    type: z.literal("input_audio"),
    input_audio: z.looseObject({ data: z.string(), format: z.string() }),
  });
  const filePart = z.looseObject({
    type: z.literal("file"),
    file: z.looseObject({
      file_data: z.optional(z.string()),
      file_id: z.optional(z.string()),
      filename: z.optional(z.string()),
    }),
  });
  const PART_TYPES = ["text", "image_url", "video_url", "input_audio", "file"];
  const contentPart = z.union([
    textPart,
    imagePart,
    videoPart,
    audioPart,
    filePart,
    z.looseObject({ type: otherType(PART_TYPES) }),
  ]);

  const toolCall = z.looseObject({
    id: z.string(),
    type: z.literal("function"),
    function: z.looseObject({ name: z.string(), arguments: z.string() }),
  });

  const chatMessage = z.looseObject({
    role: z.string(),
    content: z.optional(z.nullable(z.union([z.array(contentPart), z.string()]))),
    name: z.optional(z.string()),
    refusal: z.optional(z.nullable(z.string())),
    tool_calls: z.optional(z.array(toolCall)),
    tool_call_id: z.optional(z.string()),
  });

  /** Only function tools in the spec: its "array of string" is an artefact of its generator. */
  const functionTool = z.looseObject({
    type: z.literal("function"),
    function: z.looseObject({
      name: z.string().check(z.minLength(1)),
      description: z.optional(z.string()),
      parameters: z.optional(z.record(z.string(), z.unknown())),
      strict: z.optional(z.nullable(z.boolean())),
    }),
  });
  const customTool = z.looseObject({
    type: z.literal("custom"),
    custom: z.looseObject({
      name: z.string().check(z.minLength(1)),
      description: z.optional(z.string()),
      format: z.optional(z.looseObject({ type: z.string() })),
    }),
  });
  const chatTool = z.union([
    functionTool,
    customTool,
    z.looseObject({ type: otherType(["function", "custom"]) }),
  ]);

  const toolChoice = z.union([
    z.enum(["none", "auto", "required"]),
    z.looseObject({ type: z.literal("function"), function: z.looseObject({ name: z.string() }) }),
    z.looseObject({ type: z.literal("custom"), custom: z.looseObject({ name: z.string() }) }),
    /** allowed_tools and whatever comes next. */
    z.looseObject({ type: otherType(["function", "custom"]) }),
  ]);

  const responseFormat = z.discriminatedUnion("type", [
    z.looseObject({ type: z.enum(["text", "json_object"]) }),
    z.looseObject({
      type: z.literal("json_schema"),
      json_schema: z.looseObject({
        name: z.string().check(z.minLength(1)),
        description: z.optional(z.string()),
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
  type ToolInput = z.input<typeof chatTool>;

  /** The name of a function or custom tool (other tool kinds have none we know of). */
  function nameOf(tool: ToolInput | ToolChoiceInput): string | undefined {
    const named = tool as { function?: { name?: unknown }; custom?: { name?: unknown } };
    const name = named.function?.name ?? named.custom?.name;
    return typeof name === "string" ? name : undefined;
  }

  /** A forced or required tool call needs tools to call, and a forced one must name one of them. */
  function toolChoiceIssue(tools: ToolInput[] | undefined, choice: ToolChoiceInput | undefined) {
    if (choice === undefined || choice === "none" || choice === "auto") return undefined;
    if (!tools?.length) return "needs tools: give `tools` or drop `tool_choice`";
    const forced = typeof choice === "object" ? nameOf(choice) : undefined;
    if (forced !== undefined && !tools.some((tool) => nameOf(tool) === forced)) {
      return `names "${forced}", which is not one of the tools`;
    }
    return undefined;
  }

  const chatCompletionParams = z
    .looseObject({
      model: modelChoice(),
      messages: z.array(chatMessage).check(z.minLength(1)),
      tools: z.optional(z.array(chatTool)),
      tool_choice: z.optional(toolChoice),
      parallel_tool_calls: z.optional(z.boolean()),
      n: z.optional(z.int().check(z.minimum(1), z.maximum(128))),
      seed: z.optional(z.int()),
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
      top_logprobs: z.optional(z.nullable(z.int().check(z.minimum(0)))),
      max_tokens: z.optional(z.nullable(z.int().check(z.minimum(1)))),
      max_completion_tokens: z.optional(z.nullable(z.int().check(z.minimum(1)))),
      reasoning_effort: z.optional(z.nullable(z.string())),
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
  return { contentPart, chatMessage, chatTool, toolChoice, responseFormat, chatCompletionParams };
}

let built: ReturnType<typeof build> | undefined;
const schemas = () => (built ??= build());

export const chatCompletionParams = /* @__PURE__ */ z.lazy(() => schemas().chatCompletionParams);
