/**
 * POST /v1/responses, declared once: the operation and the schema its params must meet, in the
 * OpenAI Responses format the gateway relays. The spec declares `input` as an array of {role,
 * content: string}; the relayed format also takes a plain string and content parts (input_text,
 * input_image, input_file), and items such as function_call_output. Only `model` and `input` are
 * required. Web access is a `web_search` (or `web_search_preview`) tool. Roles, efforts, summaries,
 * detail levels and truncation are open strings (the spec closes none of them). The declared type
 * is `ResponseCreateParams` in requests.ts; tests/types/responses.test-d.ts keeps the two together.
 */
import { accepts, operation } from "../../core/http/index.js";
import { modelChoice, otherType, v } from "../../core/validation/index.js";
import { responsesLimits } from "../../limits.js";
import type { ResponseCreateParams } from "./requests.js";
import type { ResponseObject } from "./results.js";

const inputText = v.object({ type: v.literal("input_text"), text: v.string() });
const inputImage = v.object({
  type: v.literal("input_image"),
  /** An https URL or a `data:image/...;base64,` URL. */
  image_url: v.optional(v.nullable(v.string())),
  file_id: v.optional(v.nullable(v.string())),
  detail: v.optional(v.string()),
});
const inputContent = v.union(
  inputText,
  inputImage,
  v.object({ type: otherType(["input_text", "input_image"]) }),
);

const messageItem = v.object({
  type: v.optional(v.literal("message")),
  role: v.string(),
  content: v.union(v.array(inputContent), v.string()),
});
/** function_call_output, item_reference, reasoning... */
const otherItem = v.object({ type: otherType(["message"]) });
const inputItem = v.union(messageItem, otherItem);

const WEB_SEARCH_TOOLS = [
  "web_search",
  "web_search_preview",
  "web_search_preview_2025_03_11",
  "web_search_2025_08_26",
] as const;

const functionTool = v.object({
  type: v.literal("function"),
  name: v.text(),
  description: v.optional(v.nullable(v.string())),
  parameters: v.optional(v.nullable(v.record(v.unknown()))),
  strict: v.optional(v.nullable(v.boolean())),
});
const webSearchTool = v.object({
  type: v.oneOf(WEB_SEARCH_TOOLS),
  search_context_size: v.optional(v.string()),
  user_location: v.optional(v.nullable(v.object({ type: v.optional(v.literal("approximate")) }))),
});
const responseTool = v.union(
  functionTool,
  webSearchTool,
  v.object({ type: otherType(["function", ...WEB_SEARCH_TOOLS]) }),
);

const responseToolChoice = v.union(
  v.oneOf(["none", "auto", "required"]),
  v.object({ type: v.literal("function"), name: v.string() }),
  /** A hosted tool, e.g. {type: "web_search_preview"}. */
  v.object({ type: otherType(["function"]) }),
);

/** The output format: plain text, JSON mode or a JSON schema (a closed set upstream). */
const textFormat = v.tagged(
  "type",
  v.object({ type: v.oneOf(["text", "json_object"]) }),
  v.object({
    type: v.literal("json_schema"),
    name: v.text(),
    schema: v.record(v.unknown()),
    description: v.optional(v.string()),
    strict: v.optional(v.nullable(v.boolean())),
  }),
);

const { metadata } = responsesLimits;
const metadataMap = v.refine(v.record(v.string(metadata.values), v.string(metadata.keys)), (entries) =>
  Object.keys(entries).length <= metadata.maxProperties
    ? undefined
    : { message: `takes at most ${metadata.maxProperties} keys` },
);

/** @internal Exported for its type test (tests/types), which keeps it and the declared params type together. */
export const responseCreateParams = v.object({
  model: modelChoice(),
  input: v.union(v.array(inputItem, { minItems: 1 }), v.text()),
  instructions: v.optional(v.nullable(v.string())),
  stream: v.optional(v.nullable(v.boolean())),
  tools: v.optional(v.array(responseTool)),
  tool_choice: v.optional(responseToolChoice),
  parallel_tool_calls: v.optional(v.nullable(v.boolean())),
  max_output_tokens: v.optional(v.nullable(v.number(responsesLimits.max_output_tokens))),
  max_tool_calls: v.optional(v.nullable(v.number(responsesLimits.max_tool_calls))),
  temperature: v.optional(v.nullable(v.number(responsesLimits.temperature))),
  top_p: v.optional(v.nullable(v.number(responsesLimits.top_p))),
  top_logprobs: v.optional(v.nullable(v.number(responsesLimits.top_logprobs))),
  previous_response_id: v.optional(v.nullable(v.string())),
  store: v.optional(v.nullable(v.boolean())),
  background: v.optional(v.nullable(v.boolean())),
  user: v.optional(v.string()),
  metadata: v.optional(v.nullable(metadataMap)),
  reasoning: v.optional(
    v.nullable(
      v.object({ effort: v.optional(v.nullable(v.string())), summary: v.optional(v.nullable(v.string())) }),
    ),
  ),
  truncation: v.optional(v.nullable(v.string())),
  include: v.optional(v.nullable(v.array(v.string()))),
  text: v.optional(
    v.nullable(v.object({ format: v.optional(textFormat), verbosity: v.optional(v.nullable(v.string())) })),
  ),
  service_tier: v.optional(v.nullable(v.string())),
});

export const CREATE = operation<ResponseCreateParams>({
  name: "responses.create",
  method: "POST",
  path: "/v1/responses",
  policy: "idempotent",
  schema: responseCreateParams,
  accept: accepts,
  // Billed per token: the usage answered, or max_output_tokens and the prompt's bound.
  meter: {
    model: (params) => params.model as string,
    usage: (answer) => (answer as ResponseObject).usage,
    declaresTools: (params) =>
      Boolean(params.tools?.length) || (params.text?.format != null && params.text.format.type !== "text"),
    hidden: (params) => {
      if (params.previous_response_id != null)
        return "previous_response_id adds a stored response to the input";
      const hosted = params.tools?.find((tool) => tool.type !== "function");
      return hosted && `the tool ${hosted.type} adds its results to the input`;
    },
    limit: (params) => params.max_output_tokens,
    limitField: "max_output_tokens",
  },
});
