/**
 * Worst cases of chat calls, before sending: a byte-level tokenizer never makes more tokens than
 * the prompt has UTF-8 bytes, so the serialized prompt's byte length bounds its tokens from above
 * (images by URL are counted as their URL: see docs/cost.md). The answer is bounded only by the
 * output limit the call sets; without one, nothing bounds it.
 */
import type { Units } from "./cost.js";

const encoder = /* @__PURE__ */ new TextEncoder();

/** An upper bound of the tokens the given prompt parts can make. */
function tokensAtMost(...parts: unknown[]): number {
  let bytes = 0;
  for (const part of parts) {
    if (part === undefined || part === null) continue;
    bytes += encoder.encode(typeof part === "string" ? part : JSON.stringify(part)).length;
  }
  return bytes;
}

/** How one chat format bills: where its answer reports usage, and what bounds a call before sending. */
export interface TokenBilling<P> {
  /** The model id (a fallback list is split by the transport before metering: one id here). */
  model(params: P): string;
  /** The answer's usage object, in the format's own shape. */
  usage(answer: unknown): unknown;
  /** The parts of the request the prompt is made of (messages, system, tools ...). */
  prompt(params: P): unknown[];
  /** The output limit the call sets, if any, and the field that sets it (named when it is missing). */
  limit(params: P): number | null | undefined;
  limitField: string;
  /** How many answers the call asks for (n, candidateCount). Default 1. */
  choices?(params: P): number | null | undefined;
}

/**
 * The `meter` of a token-billed chat operation: with the answer, the usage it reports; before
 * sending, the worst case: prompt tokens at most the prompt's UTF-8 bytes, and the output limit for
 * each answer; unpriced (with the field to set) when the call sets no output limit.
 */
export function tokenMeter<P>(billing: TokenBilling<P>): (params: P, answer?: unknown) => Units {
  return (params, answer) => {
    const model = billing.model(params);
    if (answer !== undefined) return { model, usage: billing.usage(answer) };
    const limit = billing.limit(params);
    if (typeof limit !== "number") {
      return { model, unpriced: `the call sets no ${billing.limitField}, so its answer may be any length` };
    }
    const prompt = tokensAtMost(...billing.prompt(params));
    const completion = limit * (billing.choices?.(params) ?? 1);
    return { model, usage: { prompt, completion }, worstCase: true };
  };
}
