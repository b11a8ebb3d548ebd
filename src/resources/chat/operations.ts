/**
 * POST /v1/chat/completions, declared once: the operation and the schema its params must meet, as
 * the relayed (OpenAI) format really takes them. The spec's declared types are partly artefacts
 * (`tools: array of string`, `temperature: integer`, `content: string`, tools and tool_choice
 * required in the plain and streaming variants); here only `model` and `messages` are required and
 * the real types are used. Roles, detail levels and reasoning efforts are open strings (the spec
 * closes none of them); part, tool and tool choice types added upstream later pass through.
 * docs/chat.md lists each decision. The declared type is `ChatCompletionCreateParams` in
 * requests.ts; tests/types/chat.test-d.ts keeps the two together.
 */
import { ValidationError } from "../../core/errors/index.js";
import { accepts, operation } from "../../core/http/index.js";
import { type Input, modelChoice, otherType, v } from "../../core/validation/index.js";
import { chatLimits } from "../../limits.js";
import type { ChatCompletionCreateParams } from "./requests.js";
import type { ChatCompletion } from "./results.js";

const textPart = v.object({ type: v.literal("text"), text: v.string() });
const imagePart = v.object({
  type: v.literal("image_url"),
  image_url: v.object({ url: v.string(), detail: v.optional(v.string()) }),
});
const videoPart = v.object({ type: v.literal("video_url"), video_url: v.object({ url: v.string() }) });
const audioPart = v.object({
  type: v.literal("input_audio"),
  input_audio: v.object({ data: v.string(), format: v.string() }),
});
const filePart = v.object({
  type: v.literal("file"),
  file: v.object({
    file_data: v.optional(v.string()),
    file_id: v.optional(v.string()),
    filename: v.optional(v.string()),
  }),
});
const PART_TYPES = ["text", "image_url", "video_url", "input_audio", "file"];
const contentPart = v.union(
  textPart,
  imagePart,
  videoPart,
  audioPart,
  filePart,
  v.object({ type: otherType(PART_TYPES) }),
);

const toolCall = v.object({
  id: v.string(),
  type: v.literal("function"),
  function: v.object({ name: v.string(), arguments: v.string() }),
});

const chatMessage = v.object({
  role: v.string(),
  content: v.optional(v.nullable(v.union(v.array(contentPart), v.string()))),
  name: v.optional(v.string()),
  refusal: v.optional(v.nullable(v.string())),
  tool_calls: v.optional(v.array(toolCall)),
  tool_call_id: v.optional(v.string()),
  reasoning_content: v.optional(v.nullable(v.string())),
  reasoning: v.optional(v.nullable(v.string())),
});

/** Only function tools in the spec: its "array of string" is an artefact of its generator. */
const functionTool = v.object({
  type: v.literal("function"),
  function: v.object({
    name: v.text(),
    description: v.optional(v.string()),
    parameters: v.optional(v.record(v.unknown())),
    strict: v.optional(v.nullable(v.boolean())),
  }),
});
const customTool = v.object({
  type: v.literal("custom"),
  custom: v.object({
    name: v.text(),
    description: v.optional(v.string()),
    format: v.optional(v.object({ type: v.string() })),
  }),
});
const chatTool = v.union(functionTool, customTool, v.object({ type: otherType(["function", "custom"]) }));

const toolChoice = v.union(
  v.oneOf(["none", "auto", "required"]),
  v.object({ type: v.literal("function"), function: v.object({ name: v.string() }) }),
  v.object({ type: v.literal("custom"), custom: v.object({ name: v.string() }) }),
  /** allowed_tools and whatever comes next. */
  v.object({ type: otherType(["function", "custom"]) }),
);

const responseFormat = v.tagged(
  "type",
  v.object({ type: v.oneOf(["text", "json_object"]) }),
  v.object({
    type: v.literal("json_schema"),
    json_schema: v.object({
      name: v.text(),
      description: v.optional(v.string()),
      schema: v.optional(v.record(v.unknown())),
      strict: v.optional(v.nullable(v.boolean())),
    }),
  }),
);

/** logit_bias maps token ids (integers written as strings) to a bias in [-100, 100]. */
const logitBias = v.refine(v.record(v.number(chatLimits.logit_bias)), (bias) =>
  Object.keys(bias).every((key) => /^\d+$/.test(key))
    ? undefined
    : { message: "keys must be token ids (non-negative integers as strings)" },
);

type ToolInput = Input<typeof chatTool>;
type ToolChoiceInput = Input<typeof toolChoice>;

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

/** @internal Exported for its type test (tests/types), which keeps it and the declared params type together. */
export const chatCompletionParams = v.refine(
  v.object({
    model: modelChoice(),
    messages: v.array(chatMessage, { minItems: 1 }),
    tools: v.optional(v.array(chatTool)),
    tool_choice: v.optional(toolChoice),
    parallel_tool_calls: v.optional(v.boolean()),
    n: v.optional(v.number(chatLimits.n)),
    seed: v.optional(v.integer()),
    seen: v.optional(v.integer()),
    stop: v.optional(v.nullable(v.union(v.array(v.string(), chatLimits.stop), v.string()))),
    user: v.optional(v.string()),
    top_p: v.optional(v.number(chatLimits.top_p)),
    temperature: v.optional(v.number(chatLimits.temperature)),
    stream: v.optional(v.nullable(v.boolean())),
    stream_options: v.optional(v.nullable(v.object({ include_usage: v.optional(v.boolean()) }))),
    logit_bias: v.optional(v.nullable(logitBias)),
    logprobs: v.optional(v.nullable(v.boolean())),
    top_logprobs: v.optional(v.nullable(v.number(chatLimits.top_logprobs))),
    max_tokens: v.optional(v.nullable(v.number(chatLimits.max_tokens))),
    max_completion_tokens: v.optional(v.nullable(v.number(chatLimits.max_completion_tokens))),
    reasoning_effort: v.optional(v.nullable(v.string())),
    response_format: v.optional(responseFormat),
    presence_penalty: v.optional(v.nullable(v.number(chatLimits.presence_penalty))),
    frequency_penalty: v.optional(v.nullable(v.number(chatLimits.frequency_penalty))),
  }),
  (params) => {
    const message = toolChoiceIssue(params.tools, params.tool_choice);
    return message ? { path: ["tool_choice"], message, abort: true } : undefined;
  },
);

export const CREATE = operation<ChatCompletionCreateParams>({
  name: "chat.completions.create",
  method: "POST",
  path: "/v1/chat/completions",
  policy: "idempotent",
  schema: chatCompletionParams,
  body: toWire,
  accept: accepts,
  // Billed per token: the usage answered, or n x the output limit and the prompt's bound.
  meter: {
    model: (params) => params.model as string,
    usage: (answer) => (answer as ChatCompletion).usage,
    declaresTools: (params) =>
      Boolean(params.tools?.length) ||
      (params.response_format != null && params.response_format.type !== "text"),
    limit: (params) => params.max_completion_tokens ?? params.max_tokens,
    limitField: "max_completion_tokens or max_tokens",
    choices: (params) => params.n,
  },
});

/**
 * The spec calls the seed `seen`; the relayed format calls it `seed`. Accept either, send `seed`.
 * Streams ask for the usage chunk so that finalCompletion() carries usage (and a cost).
 */
function toWire(params: ChatCompletionCreateParams): Record<string, unknown> {
  const { seen, ...body } = params as ChatCompletionCreateParams & { seen?: number };
  if (seen !== undefined) {
    if (body.seed !== undefined && body.seed !== seen) {
      throw new ValidationError("chat.completions.create", [
        { path: "seen", rule: "conflict", message: "is the spec's name for seed; give one of seen and seed" },
      ]);
    }
    body.seed = seen;
  }
  if (body.stream && body.stream_options === undefined) body.stream_options = { include_usage: true };
  return body;
}
