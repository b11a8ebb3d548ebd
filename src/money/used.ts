/**
 * What a call used, as its answer reports it: believed only within what one call can bill, and
 * frozen once priced, since the caller's `withResponse().cost`, onCost and the stream snapshot
 * share the one object.
 */
import type { CostEstimate } from "../core/http/cost.js";

/**
 * The most one call can bill, by the unit of a line. Tokens: ten times the largest context window
 * any model offers (10M), so no real answer comes near it. Images: new-api's MaxImageN, the most
 * images it bills for one call (relaykit/dto/openai_image.go, line 15).
 */
const MOST: Record<string, number> = { "1M tokens": 1e8, image: 128 };

/** Why a priced answer cannot be believed (a line past what one call can bill), or undefined. */
export function implausible(cost: CostEstimate): string | undefined {
  for (const { item, quantity, unit } of cost.lines) {
    const most = MOST[unit];
    if (most !== undefined && quantity > most)
      return `the answer reports ${quantity} ${unit === "image" ? item : `${item} tokens`}, more than one call can bill (${most}); not believed`;
  }
  return undefined;
}

/** `cost`, its lines and each line frozen (in place: it was just made for this call). */
export function frozen(cost: CostEstimate): CostEstimate {
  for (const line of cost.lines) Object.freeze(line);
  Object.freeze(cost.lines);
  return Object.freeze(cost);
}
