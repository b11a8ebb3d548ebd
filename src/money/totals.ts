/** `gw.costs`: what a client's calls have cost over its lifetime, in total, per model and per family. */
import type { CostEstimate, Currency } from "../core/http/cost.js";

/** A running sum: an amount (in the totals' currency) and the number of priced calls in it. */
export interface CostSum {
  total: number;
  calls: number;
}

/** `gw.costs`: what a client's billed calls have cost, counted since it asked for money (docs/cost.md). */
export interface CostTotals {
  /** Spent by every priced call so far, in `currency`. */
  readonly total: number;
  /** The currency of the client's costs; undefined until a call is priced. */
  readonly currency: Currency | undefined;
  /** Calls priced so far. */
  readonly calls: number;
  /** Billed calls the price table could not price (their reasons went to `onCost` and the results). */
  readonly unpriced: number;
  /** Per model id, as the calls named it. */
  readonly byModel: Record<string, CostSum>;
  /** Per price family of the spec's table (`coding-chat`, `vidA` ...), for the calls it priced. */
  readonly byFamily: Record<string, CostSum>;
  /** Starts counting again from zero. */
  reset(): void;
  /** The totals as plain data, for logs and JSON.stringify. */
  toJSON(): CostTotalsData;
}

/** {@link CostTotals} as plain data. */
export interface CostTotalsData {
  total: number;
  currency: Currency | undefined;
  calls: number;
  unpriced: number;
  byModel: Record<string, CostSum>;
  byFamily: Record<string, CostSum>;
}

/**
 * Totals of the priced calls of one client (exact to 1e-8), in one currency: every cost of a
 * client is in the same one (docs/cost.md), so nothing here adds two currencies.
 */
export class Totals implements CostTotals {
  #total = 0;
  #calls = 0;
  #unpriced = 0;
  readonly #byModel = new Map<string, CostSum>();
  readonly #byFamily = new Map<string, CostSum>();

  #currency: Currency | undefined;

  /** Spent by every priced call so far, in `currency`. */
  get total(): number {
    return this.#total / 1e8;
  }
  /** The currency of the client's costs; undefined until a call is priced. */
  get currency(): Currency | undefined {
    return this.#currency;
  }
  /** Calls priced so far. */
  get calls(): number {
    return this.#calls;
  }
  /** Billed calls the price table could not price (their reasons went to `onCost` and the results). */
  get unpriced(): number {
    return this.#unpriced;
  }
  /** Per model id, as the calls named it. */
  get byModel(): Record<string, CostSum> {
    return Object.fromEntries(this.#byModel);
  }
  /** Per price family of the spec's table (`coding-chat`, `vidA` ...), for the calls it priced. */
  get byFamily(): Record<string, CostSum> {
    return Object.fromEntries(this.#byFamily);
  }

  /** @internal Counts one billed call. */
  add(cost: CostEstimate | null, model: string | undefined): void {
    if (cost === null) {
      this.#unpriced++;
      return;
    }
    const amount = Math.round(cost.total * 1e8);
    this.#currency ??= cost.currency;
    this.#total += amount;
    this.#calls++;
    if (cost.family !== undefined) bump(this.#byFamily, cost.family, amount);
    bump(this.#byModel, model ?? cost.model ?? `(${cost.family})`, amount);
  }

  /** Starts counting again from zero. */
  reset(): void {
    this.#total = 0;
    this.#calls = 0;
    this.#unpriced = 0;
    this.#currency = undefined;
    this.#byModel.clear();
    this.#byFamily.clear();
  }

  /** The totals as plain data, for logs and JSON.stringify. */
  toJSON(): CostTotalsData {
    const { total, currency, calls, unpriced, byModel, byFamily } = this;
    return { total, currency, calls, unpriced, byModel, byFamily };
  }
}

function bump(map: Map<string, CostSum>, key: string, amount: number): void {
  const sum = map.get(key);
  const total = Math.round((sum?.total ?? 0) * 1e8) + amount;
  // Frozen: `byModel` and `byFamily` hand these out, and a reader's edit must not reach the sums.
  map.set(key, Object.freeze({ total: total / 1e8, calls: (sum?.calls ?? 0) + 1 }));
}
