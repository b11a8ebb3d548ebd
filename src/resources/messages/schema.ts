/**
 * /v1/messages request, in the Anthropic Messages format the gateway relays (the spec shows no
 * fields: "not shown"). Known blocks and tools are checked; block and tool types added upstream
 * later pass through. `max_tokens` is optional: the gateway (new-api) fills a per-model default
 * when it is absent, although the Anthropic API itself requires it. Roles, media types and cache
 * types are open strings (the spec closes none of them). The declared type is
 * `MessageCreateParams` in types.ts; tests/types/messages.test-d.ts keeps the two together.
 */
import * as z from "zod/mini";
import { between, modelChoice, otherType } from "../../core/validation/index.js";

/** Builds every schema of this file; runs once, on the first call that validates with one of them. */
function build() {
  const cacheControl = z.optional(
    z.nullable(z.looseObject({ type: z.string(), ttl: z.optional(z.string()) })),
  );

  const textBlock = z.looseObject({
    type: z.literal("text"),
    text: z.string(),
    cache_control: cacheControl,
  });

  const imageSource = z.union([
    z.looseObject({
      type: z.literal("base64"),
      media_type: z.string(),
      data: z.string().check(z.minLength(1)),
    }),
    z.looseObject({ type: z.literal("url"), url: z.string().check(z.minLength(1)) }),
    z.looseObject({ type: otherType(["base64", "url"]) }),
  ]);

  const imageBlock = z.looseObject({
    type: z.literal("image"),
    source: imageSource,
    cache_control: cacheControl,
  });

  const toolUseBlock = z.looseObject({
    type: z.literal("tool_use"),
    id: z.string(),
    name: z.string(),
    input: z.unknown(),
  });

  const toolResultBlock = z.looseObject({
    type: z.literal("tool_result"),
    tool_use_id: z.string().check(z.minLength(1)),
    content: z.optional(z.union([z.array(z.looseObject({ type: z.string() })), z.string()])),
    is_error: z.optional(z.boolean()),
  });

  const thinkingBlock = z.looseObject({
    type: z.literal("thinking"),
    thinking: z.string(),
    signature: z.string(),
  });

  const redactedThinkingBlock = z.looseObject({ type: z.literal("redacted_thinking"), data: z.string() });

  const documentBlock = z.looseObject({
    type: z.literal("document"),
    source: z.looseObject({ type: z.string() }),
    title: z.optional(z.nullable(z.string())),
    context: z.optional(z.nullable(z.string())),
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
  const contentBlockParam = z.union([
    textBlock,
    imageBlock,
    documentBlock,
    toolUseBlock,
    toolResultBlock,
    thinkingBlock,
    redactedThinkingBlock,
    z.looseObject({ type: otherType(KNOWN_BLOCKS) }),
  ]);

  const messageParam = z.looseObject({
    role: z.string(),
    content: z.union([z.array(contentBlockParam), z.string()]),
  });

  const toolName = z.string().check(z.minLength(1));

  /** A function the model may call (custom tool). */
  const customTool = z.looseObject({
    type: z.optional(z.nullable(z.literal("custom"))),
    name: toolName,
    description: z.optional(z.string()),
    input_schema: z.looseObject({
      type: z.literal("object"),
      properties: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
      required: z.optional(z.nullable(z.array(z.string()))),
    }),
    cache_control: cacheControl,
  });

  /** Tools Anthropic runs itself (web_search_20250305, bash_..., text_editor_...): type and name. */
  const serverTool = z.looseObject({ type: otherType(["custom"]), name: z.string() });

  const toolParam = z.union([customTool, serverTool]);

  const toolChoiceParam = z.discriminatedUnion("type", [
    z.looseObject({
      type: z.enum(["auto", "any", "none"]),
      disable_parallel_tool_use: z.optional(z.boolean()),
    }),
    z.looseObject({
      type: z.literal("tool"),
      name: z.string(),
      disable_parallel_tool_use: z.optional(z.boolean()),
    }),
  ]);

  /**
   * Extended thinking: `enabled` with a budget of at least 1024 tokens (upstream rule). Other types
   * (`disabled`, `adaptive` on newer models, where the model sizes its own budget) pass through.
   */
  const thinkingParam = z.union([
    z.looseObject({ type: z.literal("enabled"), budget_tokens: z.int().check(z.minimum(1024)) }),
    z.looseObject({ type: otherType(["enabled"]) }),
  ]);

  type Params = {
    tools?: Array<z.input<typeof toolParam>> | undefined;
    tool_choice?: z.input<typeof toolChoiceParam> | undefined;
  };

  /**
   * A forced tool choice needs tools, and `tool` must name one of them. (No check ties
   * thinking.budget_tokens to max_tokens: with interleaved thinking the budget may exceed it.)
   */
  function crossFieldIssues(params: Params): Array<{ path: string[]; message: string }> {
    const issues: Array<{ path: string[]; message: string }> = [];
    const choice = params.tool_choice;
    if (choice && choice.type !== "none" && choice.type !== "auto" && !params.tools?.length) {
      issues.push({ path: ["tool_choice"], message: "needs tools: give `tools` or drop `tool_choice`" });
    } else if (choice?.type === "tool" && !params.tools?.some((tool) => tool.name === choice.name)) {
      issues.push({
        path: ["tool_choice"],
        message: `names "${choice.name}", which is not one of the tools`,
      });
    }
    return issues;
  }

  const messageCreateParams = z
    .looseObject({
      model: modelChoice(),
      messages: z.array(messageParam).check(z.minLength(1)),
      max_tokens: z.optional(z.int().check(z.minimum(1))),
      system: z.optional(z.union([z.array(textBlock), z.string()])),
      metadata: z.optional(z.looseObject({ user_id: z.optional(z.nullable(z.string())) })),
      stop_sequences: z.optional(z.array(z.string())),
      stream: z.optional(z.boolean()),
      temperature: z.optional(between(0, 1)),
      top_p: z.optional(between(0, 1)),
      top_k: z.optional(z.int().check(z.minimum(0))),
      tools: z.optional(z.array(toolParam)),
      tool_choice: z.optional(toolChoiceParam),
      thinking: z.optional(thinkingParam),
      service_tier: z.optional(z.string()),
    })
    .check(
      z.superRefine((params, context) => {
        for (const { path, message } of crossFieldIssues(params)) {
          context.issues.push({ code: "custom", message, path, input: params });
        }
      }),
    );
  return { contentBlockParam, messageParam, toolParam, toolChoiceParam, thinkingParam, messageCreateParams };
}

let built: ReturnType<typeof build> | undefined;
const schemas = () => (built ??= build());

export const messageCreateParams = /* @__PURE__ */ z.lazy(() => schemas().messageCreateParams);
