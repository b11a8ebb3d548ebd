/**
 * Worst cases of chat calls, before sending: a byte-level tokenizer never makes more tokens than
 * the prompt has UTF-8 bytes, so the serialized prompt's byte length bounds its tokens from above
 * (images by URL are counted as their URL: see docs/cost.md). The answer is bounded only by the
 * output limit the call sets; without one, nothing bounds it.
 */
import type { Units } from "./cost.js";

const encoder = /* @__PURE__ */ new TextEncoder();

/** An upper bound of the tokens the given prompt parts can make. */
export function tokensAtMost(...parts: unknown[]): number {
  let bytes = 0;
  for (const part of parts) {
    if (part === undefined || part === null) continue;
    bytes += encoder.encode(typeof part === "string" ? part : JSON.stringify(part)).length;
  }
  return bytes;
}

/**
 * The worst-case units of a chat call: `prompt` tokens at most, and `maxOutput` tokens for each of
 * `choices` answers; unpriced (with the field to set) when the call sets no output limit.
 */
export function chatWorstCase(
  model: string | undefined,
  prompt: number,
  maxOutput: number | null | undefined,
  limitField: string,
  choices = 1,
): Units {
  if (typeof maxOutput !== "number") {
    return { model, unpriced: `the call sets no ${limitField}, so its answer may be any length` };
  }
  return { model, usage: { prompt, completion: maxOutput * choices }, worstCase: true };
}
