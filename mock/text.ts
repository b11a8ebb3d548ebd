/** Deterministic reply text and token counts, so tests and the demo can assert exact output. */

export function lastUserText(messages: unknown): string {
  if (!Array.isArray(messages)) return "";
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as { role?: string; content?: unknown; parts?: unknown };
    if (message?.role !== undefined && message.role !== "user") continue;
    const text = textOf(message.content ?? message.parts);
    if (text) return text;
  }
  return "";
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => (typeof part === "string" ? part : ((part as { text?: unknown })?.text ?? "")))
    .filter((text): text is string => typeof text === "string" && text !== "")
    .join(" ");
}

/** The mock's answer: short, deterministic, and it echoes the question so tests can check the round trip. */
export function replyTo(prompt: string): string {
  const echo = prompt.length > 120 ? `${prompt.slice(0, 117)}...` : prompt;
  return `Hello from the genway mock gateway! You said: "${echo}".`;
}

/** Rough token count (one per word or punctuation run), stable across runs. */
export function countTokens(text: string): number {
  return text.match(/\w+|[^\s\w]+/g)?.length ?? 0;
}

/** Splits text into stream deltas of a word each (keeping the spaces), for realistic streaming. */
export function deltas(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}
