/** `gw.costs`: what a client's calls have cost over its lifetime, in total, per model and per family. */
import type { CostEstimate } from "./cost.js";

/** A running sum: CNY and the number of priced calls in it. */
export interface CostSum {
  total: number;
  calls: number;
}

/** Totals of the priced calls of one client (amounts in CNY, exact to 1e-8). */
export class CostTotals {
  #total = 0;
  #calls = 0;
  #unpriced = 0;
  readonly #byModel = new Map<string, CostSum>();
  readonly #byFamily = new Map<string, CostSum>();

  /** CNY spent by every priced call so far. */
  get total(): number {
    return this.#total / 1e8;
  }
  readonly currency = "CNY" as const;
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
  /** Per price family (`coding-chat`, `vidA` ...). */
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
    this.#total += amount;
    this.#calls++;
    bump(this.#byFamily, cost.family, amount);
    bump(this.#byModel, model ?? cost.model ?? `(${cost.family})`, amount);
  }

  /** Starts counting again from zero. */
  reset(): void {
    this.#total = 0;
    this.#calls = 0;
    this.#unpriced = 0;
    this.#byModel.clear();
    this.#byFamily.clear();
  }

  /** The totals as plain data, for logs and JSON.stringify. */
  toJSON(): {
    total: number;
    currency: "CNY";
    calls: number;
    unpriced: number;
    byModel: Record<string, CostSum>;
    byFamily: Record<string, CostSum>;
  } {
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
