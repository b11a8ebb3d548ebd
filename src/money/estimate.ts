/**
 * estimateCost: what a call costs, line by line. By the spec's price table (CNY) unless given
 * other prices: `estimateCost(params, await gw.prices.load())` prices by the gateway's own.
 *
 * Never a silent zero: an unknown model, family or group, a missing quantity or an unreadable
 * usage object throws PricingError. Quantities the price's unit does not use are ignored (a vidB
 * estimate does not care about seconds).
 */
import type { CostEstimate } from "../core/http/cost.js";
import { checkParams } from "../core/validation/index.js";
import { type EstimateCostParams, PriceBook, SPEC_PRICES } from "./book.js";
import { type PriceTable, tableBook } from "./table.js";

/**
 * Estimates the cost of a call: by `prices` when given (what `gw.prices.load()` resolves to, or a
 * table of yours), else by the spec's price table in CNY. Throws PricingError, never guesses.
 */
export function estimateCost(
  params: EstimateCostParams,
  prices: PriceBook | PriceTable = SPEC_PRICES,
): CostEstimate {
  checkParams("estimateCost", params);
  return (prices instanceof PriceBook ? prices : tableBook(prices)).estimate(params);
}
