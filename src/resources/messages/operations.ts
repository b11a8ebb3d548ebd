/**
 * POST /v1/messages, declared once: the operation and the schema its params must meet, in the
 * Anthropic Messages format the gateway relays (the spec shows no fields: "not shown"). Known blocks
 * and tools are checked; block and tool types added upstream later pass through. `max_tokens` is
 * optional: the gateway (new-api) fills a per-model default when it is absent, although the
 * Anthropic API itself requires it. Roles, media types and cache types are open strings (the spec
 * closes none of them). The declared type is `MessageCreateParams` in requests.ts;
 * tests/types/messages.test-d.ts keeps the two together.
 */
import { accepts, operation } from "../../core/http/index.js";
import { type Finding, type Input, modelChoice, otherType, v } from "../../core/validation/index.js";
import { messagesLimits } from "../../limits.js";
import type { MessageCreateParams } from "./requests.js";
import type { Message } from "./results.js";

const cacheControl = v.optional(v.nullable(v.object({ type: v.string(), ttl: v.optional(v.string()) })));

const textBlock = v.object({ type: v.literal("text"), text: v.string(), cache_control: cacheControl });

const imageSource = v.union(
  v.object({ type: v.literal("base64"), media_type: v.string(), data: v.text() }),
  v.object({ type: v.literal("url"), url: v.text() }),
  v.object({ type: otherType(["base64", "url"]) }),
);

const imageBlock = v.object({ type: v.literal("image"), source: imageSource, cache_control: cacheControl });

const toolUseBlock = v.object({
  type: v.literal("tool_use"),
  id: v.string(),
  name: v.string(),
  input: v.unknown(),
});

const toolResultBlock = v.object({
  type: v.literal("tool_result"),
  tool_use_id: v.text(),
  content: v.optional(v.union(v.array(v.object({ type: v.string() })), v.string())),
  is_error: v.optional(v.boolean()),
});

const thinkingBlock = v.object({ type: v.literal("thinking"), thinking: v.string(), signature: v.string() });

const redactedThinkingBlock = v.object({ type: v.literal("redacted_thinking"), data: v.string() });

const documentBlock = v.object({
  type: v.literal("document"),
  source: v.object({ type: v.string() }),
  title: v.optional(v.nullable(v.string())),
  context: v.optional(v.nullable(v.string())),
  cache_control: cacheControl,
});

const KNOWN_BLOCKS = [
  "text",
  "image",
  "document",
  "tool_use",
  "tool_result",
  "thinking",
  "redacted_thinking",
];
const contentBlockParam = v.union(
  textBlock,
  imageBlock,
  documentBlock,
  toolUseBlock,
  toolResultBlock,
  thinkingBlock,
  redactedThinkingBlock,
  v.object({ type: otherType(KNOWN_BLOCKS) }),
);

const messageParam = v.object({
  role: v.string(),
  content: v.union(v.array(contentBlockParam), v.string()),
});

/** A function the model may call (custom tool). */
const customTool = v.object({
  type: v.optional(v.nullable(v.literal("custom"))),
  name: v.text(),
  description: v.optional(v.string()),
  input_schema: v.object({
    type: v.literal("object"),
    properties: v.optional(v.nullable(v.record(v.unknown()))),
    required: v.optional(v.nullable(v.array(v.string()))),
  }),
  cache_control: cacheControl,
});

/** Tools Anthropic runs itself (web_search_20250305, bash_..., text_editor_...): type and name. */
const serverTool = v.object({ type: otherType(["custom"]), name: v.string() });

const toolParam = v.union(customTool, serverTool);

const toolChoiceParam = v.tagged(
  "type",
  v.object({ type: v.oneOf(["auto", "any", "none"]), disable_parallel_tool_use: v.optional(v.boolean()) }),
  v.object({ type: v.literal("tool"), name: v.string(), disable_parallel_tool_use: v.optional(v.boolean()) }),
);

/**
 * Extended thinking: `enabled` with a budget of at least 1024 tokens (upstream rule). Other types
 * (`disabled`, `adaptive` on newer models, where the model sizes its own budget) pass through.
 */
const thinkingParam = v.union(
  v.object({ type: v.literal("enabled"), budget_tokens: v.number(messagesLimits.thinking.budget_tokens) }),
  v.object({ type: otherType(["enabled"]) }),
);

type Params = {
  tools?: Array<Input<typeof toolParam>> | undefined;
  tool_choice?: Input<typeof toolChoiceParam> | undefined;
};

/**
 * A forced tool choice needs tools, and `tool` must name one of them. (No check ties
 * thinking.budget_tokens to max_tokens: with interleaved thinking the budget may exceed it.)
 */
function crossFieldIssues(params: Params): Finding | undefined {
  const choice = params.tool_choice;
  if (choice && choice.type !== "none" && choice.type !== "auto" && !params.tools?.length) {
    return { path: ["tool_choice"], message: "needs tools: give `tools` or drop `tool_choice`", abort: true };
  }
  if (choice?.type === "tool" && !params.tools?.some((tool) => tool.name === choice.name)) {
    return {
      path: ["tool_choice"],
      message: `names "${choice.name}", which is not one of the tools`,
      abort: true,
    };
  }
  return undefined;
}

/** @internal Exported for its type test (tests/types), which keeps it and the declared params type together. */
export const messageCreateParams = v.refine(
  v.object({
    model: modelChoice(),
    messages: v.array(messageParam, { minItems: 1 }),
    max_tokens: v.optional(v.number(messagesLimits.max_tokens)),
    system: v.optional(v.union(v.array(textBlock), v.string())),
    metadata: v.optional(v.object({ user_id: v.optional(v.nullable(v.string())) })),
    stop_sequences: v.optional(v.array(v.string())),
    stream: v.optional(v.boolean()),
    temperature: v.optional(v.number(messagesLimits.temperature)),
    top_p: v.optional(v.number(messagesLimits.top_p)),
    top_k: v.optional(v.number(messagesLimits.top_k)),
    tools: v.optional(v.array(toolParam)),
    tool_choice: v.optional(toolChoiceParam),
    thinking: v.optional(thinkingParam),
    service_tier: v.optional(v.string()),
  }),
  crossFieldIssues,
);

export const CREATE = operation<MessageCreateParams>({
  name: "messages.create",
  method: "POST",
  path: "/v1/messages",
  policy: "idempotent",
  schema: messageCreateParams,
  accept: accepts,
  // The format version the Anthropic SDK sends; relays pass it on. A caller's own header wins.
  headers: { "anthropic-version": "2023-06-01" },
  // Billed per token: the usage answered, or max_tokens and the prompt's bound.
  meter: {
    model: (params) => params.model as string,
    usage: (answer) => (answer as Message).usage,
    declaresTools: (params) => Boolean(params.tools?.length),
    // Anthropic-defined tools (bash, text_editor, computer, web_search ...) add a definition of
    // their own, and the hosted ones their results, to the input: only custom tools are all in the body.
    hidden: (params) => {
      const defined = params.tools?.find((tool) => tool.type != null && tool.type !== "custom");
      return defined && `the tool ${defined.type} adds a prompt of its own to the input`;
    },
    limit: (params) => params.max_tokens,
    limitField: "max_tokens",
  },
});
