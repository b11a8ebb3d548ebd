/** A message's thinking, as text. */
import type { Message } from "./results.js";

/**
 * The thinking text of a message: its thinking blocks joined, in order (`redacted_thinking` has
 * none to read; the signatures stay on the blocks, for sending the turn back). "" when none.
 */
export function thinkingText(message: Pick<Message, "content">): string {
  let text = "";
  const blocks: unknown[] = Array.isArray(message.content) ? message.content : [];
  for (const block of blocks as Array<{ type?: unknown; thinking?: unknown } | null>) {
    if (block?.type === "thinking" && typeof block.thinking === "string") text += block.thinking;
  }
  return text;
}
