/** A response's reasoning, as text. */
import type { ResponseObject } from "./results.js";

/**
 * The reasoning text of a response: each reasoning item's summaries, then its reasoning text
 * (where the upstream gives it), joined in order. `encrypted_content` has none to read (it goes
 * back with the item). "" when none.
 */
export function responseReasoning(response: Pick<ResponseObject, "output">): string {
  // Read leniently, as outputText reads the messages: a shape that is no list adds nothing.
  let text = "";
  for (const item of list(response.output)) {
    if (item?.type !== "reasoning") continue;
    for (const part of [...list(item.summary), ...list(item.content)]) {
      if (typeof part?.text === "string") text += part.text;
    }
  }
  return text;
}

const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
