/**
 * Thinking models on the chat routes: which requests get one, what it reasons, and how each
 * upstream refuses a tool turn sent back without the model's reasoning (the relay passes the
 * upstream's 400 on with its words; the route adds the request id, as new-api does).
 *
 * - Chat completions: DeepSeek in thinking mode ("The reasoning_content in the thinking mode must be
 *   passed back to the API.") and Kimi ("thinking is enabled but reasoning_content is missing in
 *   assistant tool call message at index N"), each for an assistant message with tool calls after
 *   the last user message that lacks `reasoning_content`.
 * - Messages: with `thinking` on, the assistant message before a turn of tool results must start
 *   with its thinking block, signature intact (Anthropic's words).
 * - Responses: a `function_call` item this mock made for a reasoning request comes back with its
 *   `reasoning` item, or OpenAI's "provided without its required 'reasoning' item".
 */
import type { MockError } from "../envelopes.js";
import { isRecord } from "./rules.js";

/** What the mock's thinking model reasons before it answers (or calls `tool`). */
export function reasoningFor(prompt: string, tool: string | undefined): string {
  return tool
    ? `The user asked: "${prompt}". The ${tool} tool can tell; I will call it first.`
    : `The user wrote "${prompt}". A short, friendly answer that echoes it will do.`;
}

/** The signature the mock gives a thinking block; a block signed otherwise was not the model's. */
export const SIGNATURE_PREFIX = "sig_";

/**
 * A chat completions thinking model: DeepSeek's `deepseek-reasoner` (or `*-r1`), an id naming
 * thinking (`kimi-k2-thinking`, `qwen3-…-thinking`), or thinking mode asked for in the body
 * (`thinking: { type: "enabled" }`, as DeepSeek, GLM and Kimi take it).
 */
export function isThinkingChat(body: { model: string; thinking?: unknown }): boolean {
  const asked = isRecord(body.thinking) && body.thinking.type === "enabled";
  return asked || /reasoner|thinking|-r1\b/i.test(body.model);
}

/** The upstream's refusal of a chat tool turn sent back without its reasoning_content, if any. */
export function chatReasoningMissing(body: { model: string; messages: unknown[] }): MockError | undefined {
  const lastUser = body.messages.findLastIndex((message) => isRecord(message) && message.role === "user");
  for (let index = lastUser + 1; index < body.messages.length; index++) {
    const message = body.messages[index];
    if (!isRecord(message) || message.role !== "assistant") continue;
    const calls = Array.isArray(message.tool_calls) && message.tool_calls.length > 0;
    const reasoning = typeof message.reasoning_content === "string" && message.reasoning_content !== "";
    if (!calls || reasoning) continue;
    const message_ = /kimi|moonshot/i.test(body.model)
      ? `thinking is enabled but reasoning_content is missing in assistant tool call message at index ${index}`
      : "The reasoning_content in the thinking mode must be passed back to the API.";
    return { status: 400, type: "invalid_request_error", code: "invalid_request_error", message: message_ };
  }
  return undefined;
}

/** Anthropic's refusal of a tool-result turn whose assistant message does not start with its thinking. */
export function messagesThinkingMissing(messages: unknown[]): MockError | undefined {
  const last = messages.at(-1);
  const results =
    isRecord(last) &&
    Array.isArray(last.content) &&
    last.content.some((block) => isRecord(block) && block.type === "tool_result");
  const index = messages.length - 2;
  const assistant = messages[index];
  if (!results || !isRecord(assistant) || assistant.role !== "assistant") return undefined;
  const first: unknown = Array.isArray(assistant.content) ? assistant.content[0] : undefined;
  const type = isRecord(first) ? first.type : "text";
  if (type !== "thinking" && type !== "redacted_thinking") {
    return invalid(
      `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`,
    );
  }
  const signature = isRecord(first) ? first.signature : undefined;
  if (type === "thinking" && !(typeof signature === "string" && signature.startsWith(SIGNATURE_PREFIX))) {
    return invalid(`messages.${index}.content.0: Invalid \`signature\` in \`thinking\` block`);
  }
  return undefined;
}

/** A Responses request for a reasoning model: `reasoning` set, with an effort other than "none". */
export function isReasoningRequest(body: Record<string, unknown>): boolean {
  return isRecord(body.reasoning) && body.reasoning.effort !== "none";
}

/** The ids of a function call the mock made and of the reasoning item it requires: one suffix for both. */
export const reasoningIdOf = (callId: string) => `rs_${callId.slice("fc_".length)}`;

/** OpenAI's refusal of a function_call item of this mock's sent back without its reasoning item. */
export function responsesReasoningMissing(input: unknown): MockError | undefined {
  if (!Array.isArray(input)) return undefined;
  const reasoning = new Set(
    input.flatMap((item) => (isRecord(item) && item.type === "reasoning" ? [item.id] : [])),
  );
  for (const item of input) {
    if (!isRecord(item) || item.type !== "function_call" || typeof item.id !== "string") continue;
    if (!item.id.startsWith("fc_mock")) continue;
    const required = reasoningIdOf(item.id);
    if (reasoning.has(required)) continue;
    return {
      ...invalid(
        `Item '${item.id}' of type 'function_call' was provided without its required 'reasoning' item: '${required}'.`,
      ),
      param: "input",
    };
  }
  return undefined;
}

function invalid(message: string): MockError {
  return { status: 400, type: "invalid_request_error", message };
}
