/**
 * A cost once priced is frozen: the caller's `withResponse().cost`, onCost and the stream snapshot
 * share the one object. (What an answer reports is believed only within what one call can bill:
 * core/http/units.ts, readUnits.)
 */
import type { CostEstimate } from "../core/http/cost.js";

/** `cost`, its lines and each line frozen (in place: it was just made for this call). */
export function frozen(cost: CostEstimate): CostEstimate {
  for (const line of cost.lines) Object.freeze(line);
  Object.freeze(cost.lines);
  return Object.freeze(cost);
}
