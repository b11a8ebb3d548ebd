/**
 * The shape of the money options (`budget`, `prices`), checked when the client is made (and a
 * call's own budget when the call is): a mistake fails at once, though the pricing code that reads
 * them (src/money) loads only when the client first needs it.
 */
import { GenwayError } from "../errors/errors.js";
import { notAName } from "./names.js";

/** The fields of a budget (BudgetOptions, core/http/cost.ts): any other is a misspelling. */
const BUDGET_FIELDS = { limit: true, currency: true, unpriced: true } as const;

/**
 * A `budget` option: a limit >= 0, a currency name if given, and what to do with an unpriced call;
 * no other field (a misspelt `currancy` would otherwise leave the limit in another currency).
 */
export function checkBudget(options: unknown): void {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new GenwayError(
      `budget must be an object { limit, currency? }, got ${options === null ? "null" : typeof options}.`,
    );
  }
  const { limit, currency, unpriced } = options as Record<string, unknown>;
  for (const name of Object.keys(options)) {
    if (!Object.hasOwn(BUDGET_FIELDS, name))
      throw new GenwayError(`budget.${name} ${notAName(name, BUDGET_FIELDS, "a field of a budget")}`);
  }
  if (typeof limit !== "number" || !Number.isFinite(limit) || limit < 0) {
    throw new GenwayError(`budget.limit must be a finite number >= 0, got ${String(limit)}.`);
  }
  if (currency !== undefined && (typeof currency !== "string" || currency === "")) {
    throw new GenwayError(
      `budget.currency must be a currency name ("USD", "CNY" ...) or left out; got ${JSON.stringify(currency)}.`,
    );
  }
  if (unpriced !== undefined && unpriced !== "refuse" && unpriced !== "allow") {
    throw new GenwayError(`budget.unpriced must be "refuse" or "allow", got ${JSON.stringify(unpriced)}.`);
  }
}

/** The units a price of a table of yours may be per. */
const FLAT_UNITS = ["request", "image", "second", "character"] as const;

const isPrice = (x: unknown): boolean => typeof x === "number" && Number.isFinite(x) && x >= 0;

/** A `prices` option: "auto", "gateway", "spec", or a table `{ currency, models }` whose every entry is a price. */
export function checkPrices(prices: unknown): void {
  if (prices === undefined || prices === "auto" || prices === "gateway" || prices === "spec") return;
  if (typeof prices !== "object" || prices === null) {
    throw new GenwayError(
      `prices must be "auto", "gateway", "spec" or a table { currency, models }, got ${JSON.stringify(prices)}.`,
    );
  }
  const { currency, models } = prices as Record<string, unknown>;
  if (typeof currency !== "string" || currency === "" || typeof models !== "object" || models === null) {
    throw new GenwayError(
      'prices must be "auto", "gateway", "spec" or a table { currency, models } (docs/cost.md).',
    );
  }
  for (const [id, value] of Object.entries(models)) {
    const entry = value as Record<string, unknown> | undefined;
    const at = `prices.models[${JSON.stringify(id)}]`;
    if (entry?.unit === "token") {
      const fields = [entry.prompt, entry.completion, entry.cacheHit ?? 0, entry.cacheWrite ?? 0];
      if (!fields.every(isPrice))
        throw new GenwayError(`${at}: prompt and completion (per 1M tokens) must be numbers >= 0.`);
    } else if (!(FLAT_UNITS as readonly unknown[]).includes(entry?.unit) || !isPrice(entry?.price)) {
      throw new GenwayError(
        `${at} must be { unit: "token", prompt, completion } or { unit: "request" | "image" | "second" | "character", price }.`,
      );
    }
  }
}
