/**
 * /v1/responses request, in the OpenAI Responses format the gateway relays. The spec declares
 * `input` as an array of {role, content: string}; the relayed format also takes a plain string and
 * content parts (input_text, input_image, input_file), and items such as function_call_output.
 * Only `model` and `input` are required. Web access is a `web_search` (or `web_search_preview`) tool.
 * Roles, efforts, summaries, detail levels and truncation are open strings (the spec closes none of
 * them). The declared type is `ResponseCreateParams` in types.ts; tests/types/responses.test-d.ts
 * keeps the two together.
 */
import * as z from "zod/mini";
import { between, modelChoice, otherType } from "../../core/validation/index.js";

/** Builds every schema of this file; runs once, on the first call that validates with one of them. */
function build() {
  const inputText = z.looseObject({ type: z.literal("input_text"), text: z.string() });
  const inputImage = z.looseObject({
    type: z.literal("input_image"),
    /** An https URL or a `data:image/...;base64,` URL. */
    image_url: z.optional(z.nullable(z.string())),
    file_id: z.optional(z.nullable(z.string())),
    detail: z.optional(z.string()),
  });
  const inputContent = z.union([
    inputText,
    inputImage,
    z.looseObject({ type: otherType(["input_text", "input_image"]) }),
  ]);

  const messageItem = z.looseObject({
    type: z.optional(z.literal("message")),
    role: z.string(),
    content: z.union([z.array(inputContent), z.string()]),
  });
  /** function_call_output, item_reference, reasoning... */
  const otherItem = z.looseObject({ type: otherType(["message"]) });
  const inputItem = z.union([messageItem, otherItem]);

  const WEB_SEARCH_TOOLS = [
    "web_search",
    "web_search_preview",
    "web_search_preview_2025_03_11",
    "web_search_2025_08_26",
  ] as const;

  const functionTool = z.looseObject({
    type: z.literal("function"),
    name: z.string().check(z.minLength(1)),
    description: z.optional(z.nullable(z.string())),
    parameters: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    strict: z.optional(z.nullable(z.boolean())),
  });
  const webSearchTool = z.looseObject({
    type: z.enum(WEB_SEARCH_TOOLS),
    search_context_size: z.optional(z.string()),
    user_location: z.optional(z.nullable(z.looseObject({ type: z.optional(z.literal("approximate")) }))),
  });
  const responseTool = z.union([
    functionTool,
    webSearchTool,
    z.looseObject({ type: otherType(["function", ...WEB_SEARCH_TOOLS]) }),
  ]);

  const responseToolChoice = z.union([
    z.enum(["none", "auto", "required"]),
    z.looseObject({ type: z.literal("function"), name: z.string() }),
    /** A hosted tool, e.g. {type: "web_search_preview"}. */
    z.looseObject({ type: otherType(["function"]) }),
  ]);

  /** The output format: plain text, JSON mode or a JSON schema (a closed set upstream). */
  const textFormat = z.discriminatedUnion("type", [
    z.looseObject({ type: z.enum(["text", "json_object"]) }),
    z.looseObject({
      type: z.literal("json_schema"),
      name: z.string().check(z.minLength(1)),
      schema: z.record(z.string(), z.unknown()),
      description: z.optional(z.string()),
      strict: z.optional(z.nullable(z.boolean())),
    }),
  ]);

  const responseCreateParams = z.looseObject({
    model: modelChoice(),
    input: z.union([z.array(inputItem).check(z.minLength(1)), z.string().check(z.minLength(1))]),
    instructions: z.optional(z.nullable(z.string())),
    stream: z.optional(z.nullable(z.boolean())),
    tools: z.optional(z.array(responseTool)),
    tool_choice: z.optional(responseToolChoice),
    parallel_tool_calls: z.optional(z.nullable(z.boolean())),
    max_output_tokens: z.optional(z.nullable(z.int().check(z.minimum(16)))),
    max_tool_calls: z.optional(z.nullable(z.int().check(z.minimum(1)))),
    temperature: z.optional(z.nullable(between(0, 2))),
    top_p: z.optional(z.nullable(between(0, 1))),
    top_logprobs: z.optional(z.nullable(z.int().check(z.minimum(0)))),
    previous_response_id: z.optional(z.nullable(z.string())),
    store: z.optional(z.nullable(z.boolean())),
    background: z.optional(z.nullable(z.boolean())),
    user: z.optional(z.string()),
    metadata: z.optional(
      z.nullable(
        z
          .record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(512)))
          .check(
            z.refine((entries) => Object.keys(entries).length <= 16, { message: "takes at most 16 keys" }),
          ),
      ),
    ),
    reasoning: z.optional(
      z.nullable(
        z.looseObject({
          effort: z.optional(z.nullable(z.string())),
          summary: z.optional(z.nullable(z.string())),
        }),
      ),
    ),
    truncation: z.optional(z.nullable(z.string())),
    include: z.optional(z.nullable(z.array(z.string()))),
    text: z.optional(
      z.nullable(
        z.looseObject({ format: z.optional(textFormat), verbosity: z.optional(z.nullable(z.string())) }),
      ),
    ),
    service_tier: z.optional(z.nullable(z.string())),
  });
  return { inputContent, inputItem, responseTool, responseToolChoice, textFormat, responseCreateParams };
}

let built: ReturnType<typeof build> | undefined;
const schemas = () => (built ??= build());

export const responseCreateParams = /* @__PURE__ */ z.lazy(() => schemas().responseCreateParams);
