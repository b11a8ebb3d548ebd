/**
 * Reading a native response: the answer without the thought parts, the thoughts alone, the function
 * calls. They read the first candidate, as the official SDK's `response.text` does.
 */
import { objects } from "../../core/streams/index.js";
import type { GenerateContentResponse, NativePart } from "./results.js";

function parts(response: GenerateContentResponse | undefined): readonly NativePart[] {
  // Streamed chunks are untrusted JSON: only object parts count.
  return objects(response?.candidates?.[0]?.content?.parts) as readonly NativePart[];
}

/** The answer text: every text part of the first candidate that is not a thought. */
export function answerText(response: GenerateContentResponse): string {
  return parts(response)
    .filter((part) => typeof part.text === "string" && !part.thought)
    .map((part) => part.text)
    .join("");
}

/** The thought summaries (only sent with thinkingConfig.includeThoughts). */
export function thoughtText(response: GenerateContentResponse): string {
  return parts(response)
    .filter((part) => typeof part.text === "string" && part.thought)
    .map((part) => part.text)
    .join("");
}

/** The function calls of the first candidate, in order. */
export function functionCalls(response: GenerateContentResponse): NonNullable<NativePart["functionCall"]>[] {
  return parts(response).flatMap((part) => (part.functionCall ? [part.functionCall] : []));
}
