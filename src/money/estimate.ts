/**
 * estimateCost: what a call costs, line by line. By the spec's price table (CNY) unless given
 * other prices: `estimateCost(params, await gw.prices.load())` prices by the gateway's own.
 *
 * Never a silent zero: an unknown model, family or group, a missing quantity or an unreadable
 * usage object throws PricingError. Quantities the price's unit does not use are ignored (a vidB
 * estimate does not care about seconds). An argument of the wrong type is a ValidationError.
 */
import { GenwayError, ValidationError } from "../core/errors/index.js";
import type { CostEstimate } from "../core/http/cost.js";
import { checkParams, v, validate } from "../core/validation/index.js";
import { type EstimateCostParams, PriceBook, SPEC_PRICES } from "./book.js";
import { type PriceTable, tableBook } from "./table.js";

const name = v.optional(v.string());
/** A video's length: a number, or a string of digits as some video APIs send it ("8"). */
const length = v.optional(
  v.nullable(
    v.custom(
      (x) => typeof x === "number" || typeof x === "string",
      "must be a number of seconds (or a string of digits)",
    ),
  ),
);

/**
 * The types of the params that name things (the quantities' values are checked where they are
 * read, as PricingError `invalid_quantity`): a number where an id belongs would otherwise surface
 * as a TypeError from deep inside.
 */
const ESTIMATE_PARAMS = v.object({
  model: name,
  family: name,
  group: name,
  size: name,
  quality: name,
  seconds: length,
  duration: length,
  metadata: v.optional(v.record(v.unknown())),
  models: v.optional(v.record(v.string())),
});

/** Checks what an estimate is asked for (estimateCost, `gw.prices.estimate`): a ValidationError names what is wrong. */
export function checkEstimateParams(
  operation: string,
  params: unknown,
): asserts params is EstimateCostParams {
  checkParams(operation, params);
  validate(ESTIMATE_PARAMS, params, operation, "strict");
}

/** The prices `estimateCost` is given as a book: what `gw.prices.load()` resolves to, or a table of yours. */
function bookOf(prices: unknown): PriceBook {
  if (prices instanceof PriceBook) return prices;
  const refuse = (message: string): never => {
    throw new ValidationError("estimateCost", [{ path: "prices", rule: "invalid_type", message }]);
  };
  const table = prices as Partial<PriceTable> | null;
  if (typeof table !== "object" || table === null || typeof table.currency !== "string" || !table.models) {
    const shown =
      table === null ? "null" : typeof table === "object" ? "an object without them" : typeof table;
    return refuse(
      `must be what gw.prices.load() resolves to, or a price table { currency, models }; got ${shown}`,
    );
  }
  try {
    return tableBook(table as PriceTable);
  } catch (error) {
    if (!(error instanceof GenwayError)) throw error;
    return refuse(error.message);
  }
}

/**
 * Estimates the cost of a call: by `prices` when given (what `gw.prices.load()` resolves to, or a
 * table of yours), else by the spec's price table in CNY. Throws PricingError, never guesses.
 */
export function estimateCost(
  params: EstimateCostParams,
  prices: PriceBook | PriceTable = SPEC_PRICES,
): CostEstimate {
  checkEstimateParams("estimateCost", params);
  return bookOf(prices).estimate(params);
}
