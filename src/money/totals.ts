/**
 * `gw.costs`: what a client's calls have cost over its lifetime, in total, per model and per family.
 * Every billed call is counted from the client's first (in the client's ledger); a call counted before
 * the client had its prices is priced when the totals are read, by the prices it has then.
 */
import type { CostEstimate, Currency, Ledger, LedgerEntry, Priced, Units } from "../core/http/index.js";

/** A running sum: an amount (in the totals' currency) and the number of priced calls in it. */
export interface CostSum {
  total: number;
  calls: number;
}

/**
 * `gw.costs`: what a client's billed calls have cost, counted from its first call (docs/cost.md). Its
 * figures are priced by what the client has now: `null` until it has loaded the gateway's prices, and
 * the reason then names the awaited read that prices it (docs/cost.md, "One truth per client"). `await
 * gw.costs.summary()` is their awaited read.
 */
export interface CostTotals {
  /** Spent by every priced call so far, in `currency`; calls not priced yet are in `unpriced`, with `reason`. */
  readonly total: number;
  /** The currency of the client's costs; undefined until a call is priced. */
  readonly currency: Currency | undefined;
  /** Calls priced so far. */
  readonly calls: number;
  /** Billed calls without a price (yet): the reason is `reason`. */
  readonly unpriced: number;
  /** Why calls are unpriced, and, where the client's prices are not loaded yet, the one step that prices them. */
  readonly reason: string | undefined;
  /** Per model id, as the calls named it. */
  readonly byModel: Record<string, CostSum>;
  /** Per price family of the spec's table (`coding-chat`, `vidA` ...), for the calls it priced. */
  readonly byFamily: Record<string, CostSum>;
  /**
   * The totals, every call from the client's first included. Priced by the gateway's prices, loaded
   * first if the client has not (docs/cost.md, "One truth per client").
   */
  summary(): Promise<CostTotalsData>;
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
  reason?: string | undefined;
  byModel: Record<string, CostSum>;
  byFamily: Record<string, CostSum>;
}

/** What prices the totals: the client's prices, and why they are missing while they are. */
export interface TotalsPricer {
  price(units: Units): Priced;
  /** Why the client's prices are not loaded (what it prices meanwhile is pending); undefined once they are. */
  readonly missing: string | undefined;
}

/**
 * At most this many distinct reasons are told apart: the calls of any other are counted on one
 * line of their own, which names no model (reasons may carry figures: they must not grow without end).
 */
const REASONS = 8;

/**
 * Totals of the priced calls of one client (exact to 1e-8 per call), in one currency: every cost
 * of a client is in the same one (docs/cost.md), so nothing here adds two currencies.
 */
export class Totals {
  #total = 0;
  #calls = 0;
  #unpriced = 0;
  readonly #byModel = new Map<string, CostSum>();
  readonly #byFamily = new Map<string, CostSum>();
  readonly #reasons = new Map<string, number>();
  /** Unpriced calls whose reason came after the first {@link REASONS} distinct ones. */
  #otherReasons = 0;
  #currency: Currency | undefined;

  constructor(
    private readonly ledger: Ledger,
    private readonly pricer: TotalsPricer,
  ) {}

  /**
   * The totals as they stand: the calls the ledger counted are priced and added first, when the
   * client's prices are loaded; until then they are `unpriced`, and `reason` says what prices them.
   */
  read(): CostTotalsData {
    this.#fold();
    const calls = (n: number) => `${n} ${n === 1 ? "call" : "calls"}`;
    const reasons = [...this.#reasons].map(([reason, n]) => `${calls(n)}: ${reason}`);
    if (this.#otherReasons > 0) {
      reasons.push(`${calls(this.#otherReasons)}: other reasons (only the first ${REASONS} are told apart)`);
    }
    const waiting = this.ledger.waiting(this.pricer.missing ?? "");
    if (waiting !== undefined) reasons.unshift(waiting);
    return {
      total: this.#total / 1e8,
      currency: this.#currency,
      calls: this.#calls,
      unpriced: this.#unpriced + this.ledger.calls,
      reason: reasons.length > 0 ? reasons.join("; ") : undefined,
      byModel: Object.fromEntries(this.#byModel),
      byFamily: Object.fromEntries(this.#byFamily),
    };
  }

  /** @internal Counts one billed call, priced or not (`reason`: why not). */
  add(cost: CostEstimate | null, model: string | undefined, reason?: string): void {
    this.#add(cost, model, 1, reason);
  }

  /** Starts counting again from zero (the ledger too). */
  reset(): void {
    this.ledger.reset();
    this.#total = 0;
    this.#calls = 0;
    this.#unpriced = 0;
    this.#currency = undefined;
    this.#byModel.clear();
    this.#byFamily.clear();
    this.#reasons.clear();
    this.#otherReasons = 0;
  }

  /** Prices what the ledger counted (once the client's prices are loaded) and adds it. */
  #fold(): void {
    if (this.ledger.calls === 0 || this.pricer.missing !== undefined) return;
    const { entries, unpriced } = this.ledger.take();
    for (const entry of entries) {
      const priced = this.pricer.price(unitsOf(entry));
      this.#add(priced.cost, entry.model, entry.calls, priced.reason);
    }
    for (const { model, reason, calls } of unpriced) this.#add(null, model, calls, reason);
  }

  #add(
    cost: CostEstimate | null,
    model: string | undefined,
    calls: number,
    reason: string | undefined,
  ): void {
    const amount = cost === null ? Number.NaN : Math.round(cost.total * 1e8);
    if (!Number.isFinite(amount)) {
      this.#unpriced += calls;
      const why = reason ?? "no price";
      if (this.#reasons.has(why) || this.#reasons.size < REASONS) {
        this.#reasons.set(why, (this.#reasons.get(why) ?? 0) + calls);
      } else this.#otherReasons += calls;
      return;
    }
    const priced = cost as CostEstimate;
    this.#currency ??= priced.currency;
    this.#total += amount;
    this.#calls += calls;
    if (priced.family !== undefined) bump(this.#byFamily, priced.family, amount, calls);
    bump(this.#byModel, model ?? priced.model ?? `(${priced.family})`, amount, calls);
  }
}

/** The units of a ledger entry: the sums of its calls, priced as one. */
function unitsOf(entry: LedgerEntry): Units {
  const { model, family, fields, requests, images, characters, usage } = entry;
  const units: Units = { model, family, fields, requests };
  if (images !== undefined) units.images = images;
  if (characters !== undefined) units.characters = characters;
  if (usage !== undefined) units.usage = { ...usage };
  return units;
}

function bump(map: Map<string, CostSum>, key: string, amount: number, calls: number): void {
  const sum = map.get(key);
  const total = Math.round((sum?.total ?? 0) * 1e8) + amount;
  // Frozen: `byModel` and `byFamily` hand these out, and a reader's edit must not reach the sums.
  map.set(key, Object.freeze({ total: total / 1e8, calls: (sum?.calls ?? 0) + calls }));
}
