/**
 * What a call used, as its answer reports it: believed only within what one call can bill, and
 * frozen once priced, since the caller's `withResponse().cost`, onCost and the stream snapshot
 * share the one object.
 */
import type { CostEstimate, CostItem } from "./cost.js";

/**
 * The most of an item one call can bill. Tokens: ten times the largest context window any model
 * offers (10M tokens), so no real answer comes near it. Images: new-api's MaxImageN, the most
 * images it bills for one call (relaykit/dto/openai_image.go, line 15).
 */
const MOST_TOKENS = 100_000_000;
const MOST: Partial<Record<CostItem, number>> = {
  prompt: MOST_TOKENS,
  completion: MOST_TOKENS,
  cacheHit: MOST_TOKENS,
  cacheWrite: MOST_TOKENS,
  images: 128,
};

/** Why a priced answer cannot be believed (a line past what one call can bill), or undefined. */
export function implausible(cost: CostEstimate): string | undefined {
  for (const line of cost.lines) {
    const most = MOST[line.item];
    if (most !== undefined && !(line.quantity <= most)) {
      return `the answer reports ${line.quantity} ${line.item === "images" ? "images" : `${line.item} tokens`}, more than one call can bill (${most}); not believed, so not priced (a budget keeps the call's worst case)`;
    }
  }
  return undefined;
}

/** `cost`, its lines and each line frozen (in place: it was just made for this call). */
export function frozen(cost: CostEstimate): CostEstimate {
  for (const line of cost.lines) Object.freeze(line);
  Object.freeze(cost.lines);
  return Object.freeze(cost);
}
