/** What a stream delivered, and so what it used when its own usage never said. */
import type { Assembled, OperationMeter, Units } from "./cost.js";
import { unitsOf } from "./units.js";

/**
 * What a stream delivered, in output tokens, for a stream whose final usage never came (cut,
 * aborted, stalled, dropped): counted from the text of its deltas, since the gateway bills what was
 * generated and the stream's own usage (Messages' message_start says `output_tokens: 1`) does not
 * say. The rule (docs/cost.md): a quarter token per ASCII character, one token per other character
 * (CJK text runs about one token per character in every upstream tokenizer; new-api's own estimate,
 * service/token_estimator.go, counts 0.85-1.21), rounded up.
 */
function deliveredTokens(texts: readonly string[]): number {
  let ascii = 0;
  let other = 0;
  for (const text of texts) {
    // Most text is ASCII: one scan by the regex engine settles it.
    if (!NOT_ASCII.test(text)) {
      ascii += text.length;
      continue;
    }
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x80) ascii++;
      // A surrogate pair is one character: count its first half only.
      else if (code < 0xdc00 || code > 0xdfff) other++;
    }
  }
  return Math.ceil(ascii / 4) + other;
}

const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * A stream whose usage never said its prompt (a chat stream cut before its usage chunk, Responses
 * before response.completed): billed as its worst case with the output it delivered in place of the
 * output limit, so the prompt is its bound at the dearest input price (docs/cost.md). A worst case
 * that cannot be priced (no output limit) stays unpriced.
 */
function withDelivered(worst: Units, delivered: number): Units {
  const usage = worst.usage as { prompt?: number } | undefined;
  return usage === undefined
    ? worst
    : { ...worst, usage: { prompt: usage.prompt ?? 0, completion: delivered } };
}

/**
 * What a billed stream used, now or at its end: a complete stream with its own final usage bills
 * that; any other bills what it delivered (its usage's output raised to the tokens its deltas
 * carried, or those tokens beside the prompt's bound, `worst()`, sized only when needed).
 */
export function streamUnits<P>(
  meter: OperationMeter<P>,
  params: P,
  assembly: Assembled,
  complete: boolean,
  worst: () => Units,
): Units {
  if (complete && assembly.usageFinal()) return unitsOf(meter, params, assembly.current());
  const tokens = deliveredTokens(assembly.delivered());
  const raised = assembly.atLeast(tokens);
  return raised === undefined ? withDelivered(worst(), tokens) : unitsOf(meter, params, raised);
}
