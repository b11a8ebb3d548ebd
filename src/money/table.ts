/**
 * A price table of yours (`prices: { currency, models }`): the rates your key is billed at, for
 * a gateway that publishes none or prices you negotiated. Its prices are the same in every group.
 */

import type { Currency } from "../core/http/cost.js";
import { checkPrices } from "../core/validation/index.js";
import { type ModelRates, PriceBook, type Quote } from "./book.js";
import { matchRule } from "./models.js";
import type { FlatRate, Rate, TokenRate } from "./rates.js";

/** One model's price in a {@link PriceTable}: per 1M tokens, or per request / image / second / 10,000 characters. */
export type PriceTableEntry =
  | TokenRate
  | { readonly unit: FlatRate["unit"]; readonly price: number; readonly per?: FlatRate["per"] };

/** Your prices, in one currency. */
export interface PriceTable {
  /** The currency of every price here, and so of every cost priced from it. */
  currency: Currency;
  /**
   * Model id, or prefix ending in "*", -> its price: `{ unit: "token", prompt, completion,
   * cacheHit?, cacheWrite? }` per 1M tokens, or `{ unit: "request" | "image" | "second", price }`.
   */
  models: Readonly<Record<string, PriceTableEntry>>;
  /**
   * Units of each currency per USD (e.g. `{ USD: 1, CNY: 7.3 }`), when costs must be converted: the
   * spec's CNY table for ids you do not list, a budget in another currency.
   */
  exchange?: Readonly<Record<string, number>> | undefined;
}

/** The table's rates, checked (checkPrices: a malformed entry is a GenwayError naming it). */
function rates(table: PriceTable): Map<string, Rate> {
  checkPrices(table);
  const out = new Map<string, Rate>();
  for (const [id, entry] of Object.entries(table.models)) {
    if (entry.unit === "token") out.set(id.toLowerCase(), entry);
    else {
      const per = entry.per ?? (entry.unit === "character" ? 10_000 : 1);
      out.set(id.toLowerCase(), { unit: entry.unit, per, price: entry.price });
    }
  }
  return out;
}

class TableRates implements ModelRates {
  readonly source = "table";
  readonly #rates: Map<string, Rate>;
  readonly #currency: Currency;

  constructor(table: PriceTable) {
    this.#rates = rates(table);
    this.#currency = table.currency;
  }

  has(model: string): boolean {
    return matchRule(model.toLowerCase(), this.#rates) !== undefined;
  }

  ids(): string[] {
    return [...this.#rates.keys()];
  }

  quote(model: string, group: string): Quote | undefined {
    const rate = matchRule(model.toLowerCase(), this.#rates);
    return rate && { rate, source: "table", group, subject: `Model "${model}"`, currency: this.#currency };
  }
}

/** A book of your table (checked now: a wrong entry fails the client's construction). */
export function tableBook(table: PriceTable): PriceBook {
  return new PriceBook({
    currency: table.currency,
    rates: new TableRates(table),
    exchange: table.exchange ?? { [table.currency]: 1 },
    live: false,
  });
}
