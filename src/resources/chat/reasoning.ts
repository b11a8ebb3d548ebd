/** A chat message's reasoning text, under either name the upstreams use. */
import type { ChatCompletionMessage } from "./results.js";

/**
 * The reasoning text of an assistant message: `reasoning_content` (DeepSeek, Kimi, GLM, Qwen, and
 * what new-api writes when it converts a format) or `reasoning` (OpenRouter, vLLM), as new-api reads
 * them (relaykit/dto/openai_request.go at 116255f07, Message.GetReasoningContent); "" when none.
 */
export function messageReasoning(
  message: Pick<ChatCompletionMessage, "reasoning_content" | "reasoning"> | undefined,
): string {
  const text = message?.reasoning_content ?? message?.reasoning;
  return typeof text === "string" ? text : "";
}
