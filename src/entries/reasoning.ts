/**
 * `reasoningText(turn)`: what a thinking model reasoned before its answer, read the same way in
 * the four chat formats (a stream's `reasoning()` yields the same text as it arrives). It reads
 * each format's own place for it, so it lives beside the formats rather than in one of them.
 */
import { isObject } from "../core/streams/index.js";
import { messageReasoning } from "../resources/chat/reasoning.js";
import type { ChatCompletion, ChatCompletionMessage } from "../resources/chat/results.js";
import { thinkingText } from "../resources/messages/reasoning.js";
import type { Message } from "../resources/messages/results.js";
import { thoughtText } from "../resources/native/helpers.js";
import type { GenerateContentResponse } from "../resources/native/results.js";
import { responseReasoning } from "../resources/responses/reasoning.js";
import type { ResponseObject } from "../resources/responses/results.js";

/**
 * A model's turn in any chat format: a chat completion or its assistant message, a Messages
 * message, a Responses response, a native response (what `create`, `final…()`, `snapshot()` and a
 * tool runner's `finalMessage()` give).
 */
export type ReasoningTurn =
  | ChatCompletion
  | ChatCompletionMessage
  | Message
  | ResponseObject
  | GenerateContentResponse;

/**
 * The reasoning text of a turn, "" when it has none: chat's `reasoning_content` (or `reasoning`)
 * of the first choice, the thinking blocks of a Messages message, the reasoning items of a
 * Responses response (summaries and reasoning text), the thought parts of a native response's
 * first candidate. Like `text()` and `finalText()`, the pieces are joined as they arrived.
 */
export function reasoningText(turn: ReasoningTurn): string {
  if (!isObject(turn)) return "";
  if (Array.isArray(turn.choices)) {
    const choice: unknown = turn.choices[0];
    return isObject(choice) && isObject(choice.message) ? messageReasoning(choice.message) : "";
  }
  if (Array.isArray(turn.output)) return responseReasoning(turn as unknown as ResponseObject);
  if (Array.isArray(turn.content)) return thinkingText(turn as unknown as Message);
  if ("candidates" in turn) return thoughtText(turn as unknown as GenerateContentResponse);
  return messageReasoning(turn);
}
