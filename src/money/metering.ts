/**
 * The money of one client, per call: before a billed call is sent, its worst case is reserved under
 * the budgets (or the call is refused with nothing sent); once the answer is in, its actual cost is
 * priced, replaces the reservation, is counted in the client's totals and reported to `onCost`.
 */

import {
  type CallInfo,
  type CostEstimate,
  type Ledger,
  MAYBE_BILLED,
  type Priced,
  readUnits,
  SHARED_BUDGET,
  type Units,
  withFix,
} from "../core/http/index.js";
import type { Logger } from "../core/shared/log.js";
import { Budget, type BudgetOptions, type Reservation } from "./budget.js";
import { Totals } from "./totals.js";
import { frozen } from "./used.js";

/**
 * Prices units in the client's price group (source.ts: the gateway's prices, the spec's table or
 * yours), once they are loaded: until then a price is a `pending` null. `prepare`, `loading`,
 * `demand` and `ready` say when they load.
 */
export interface Meter {
  price(units: Units): Priced;
  /** Why the client's prices are not loaded yet (what `price` says meanwhile is pending); undefined once they are, or when none need loading. */
  readonly missing: string | undefined;
  /**
   * A billed call is about to be sent (for `parent`). Returns the load to wait for before a budget
   * can price it (`budgeted`), else undefined (a client that asks for money starts loading alongside).
   */
  prepare?(budgeted: boolean, parent?: CallInfo): Promise<void> | undefined;
  /** The client's prices while they are being loaded and it has none: a call settling meanwhile waits for them. */
  readonly loading?: Promise<void> | undefined;
  /** A cost will be read (`withResponse()`): load prices if none are loaded. */
  demand?(): void;
  /** The client's prices, loaded if it has none: what the awaited reads wait for. */
  ready?(): Promise<void>;
}

/** How a cost read now but priced later says which awaited read prices it (see withFix). */
const LOAD_FIX = "`await gw.prices.load()` first prices this client's calls by them";

/** What `onCost` receives after each billed call. */
export interface CostEvent {
  /** The operation, e.g. `chat.completions.create`. */
  operation: string;
  /** The model the call used (after any fallback). */
  model: string | undefined;
  /**
   * The call's cost, or `null` when it cannot be priced (see `reason`); a client with `onCost` loads
   * the gateway's prices alongside its first call, so each is by them.
   */
  cost: CostEstimate | null;
  reason: string | undefined;
  requestId: string | undefined;
}

export interface MeteringConfig {
  meter: Meter;
  /** The client's ledger: every billed call counted from its first (core/http/ledger.ts). */
  ledger: Ledger;
  budget: BudgetOptions | undefined;
  onCost: ((event: CostEvent) => void) | undefined;
  log: Logger;
}

/** The open account of one billed call: settled once with what it actually used. */
export interface Bill {
  /** Prices what the call used, settles the reservations, counts it and reports it. */
  settle(actual: Units, requestId: string | undefined): Priced;
  /**
   * An attempt failed (with `error`) and is about to be retried: one that may have been billed
   * keeps its worst case spent (counted as unpriced, reported to onCost) and a new one is reserved
   * for the retry, which may throw BudgetExceededError (its cause: `error`).
   */
  retry(billed: boolean, requestId: string | undefined, error?: unknown): void;
  /** The call failed: `billed: false` frees its reservation; true (or unsure) keeps the worst case, counted as unpriced. */
  fail(billed: boolean, requestId: string | undefined): void;
}

/** The ledgers of budgets shared by several calls (a tool loop's), one per options object. */
const shared = new WeakMap<BudgetOptions, Budget>();

/** A call's own budget: a ledger of its own, or the one it shares with the other calls given it. */
function budgetOf(options: BudgetOptions): Budget {
  if (!(options as { [SHARED_BUDGET]?: true })[SHARED_BUDGET]) return new Budget(options);
  let budget = shared.get(options);
  if (budget === undefined) shared.set(options, (budget = new Budget(options)));
  return budget;
}

export class Metering {
  /** Totals of this client's billed calls: `gw.costs`. */
  readonly totals: Totals;
  readonly #config: MeteringConfig;
  /** The client's budget, if it has one (a list, so a call's own joins it without filtering). */
  readonly #budgets: readonly Budget[];

  constructor(config: MeteringConfig) {
    this.#config = config;
    this.#budgets = config.budget === undefined ? [] : [new Budget(config.budget)];
    this.totals = new Totals(config.ledger, this);
  }

  /** Prices units by the client's group (a `pending` null until its prices are loaded). */
  price(units: Units): Priced {
    return this.#config.meter.price(units);
  }

  /** Why the client's prices are not loaded yet (see Meter.missing). */
  get missing(): string | undefined {
    return this.#config.meter.missing;
  }

  /**
   * A billed call is about to be sent: the price load it must wait for (a budget prices it before
   * sending, the client's or its own), else undefined. See Meter.prepare.
   */
  prepare(perCall: BudgetOptions | undefined, parent?: CallInfo): Promise<void> | undefined {
    return this.#config.meter.prepare?.(this.#budgets.length > 0 || perCall !== undefined, parent);
  }

  /** The client's prices while they load and it has none: a call settling meanwhile waits for them. */
  get loading(): Promise<void> | undefined {
    return this.#config.meter.loading;
  }

  /** A billed call's cost was asked for (`withResponse()`): prices load if none are. */
  demand(): void {
    this.#config.meter.demand?.();
  }

  /** The client's prices, loaded if it has none (the awaited reads). */
  async ready(): Promise<void> {
    await this.#config.meter.ready?.();
  }

  /**
   * Prices what a call used, as its answer reports it: a figure no call can bill is not believed
   * (null with the reason: core/http/units.ts, readUnits), and the cost is frozen, since the
   * caller, onCost and the totals share it.
   */
  priceUsed(units: Units): Priced {
    const read = readUnits(units);
    if (read.unpriced !== undefined) return { cost: null, reason: read.unpriced };
    const priced = this.price(read);
    return priced.cost === null ? priced : { cost: frozen(priced.cost) };
  }

  /**
   * Opens the bill of a call about to be sent: reserves its worst case (`worst()`, computed only
   * when a budget asks) under the client's budget and the call's own. Throws BudgetExceededError.
   */
  open(operation: string, model: string | undefined, worst: () => Units, perCall?: BudgetOptions): Bill {
    // No array is built per call unless the call brings a budget of its own (a tool loop brings
    // the same Budget to each of its steps, so that the limit spans the loop).
    const budgets = perCall === undefined ? this.#budgets : [...this.#budgets, budgetOf(perCall)];
    // The worst case is priced once, and reserved before the call is sent and again before each
    // retry of an attempt that may have been billed: every attempt that can cost is covered.
    let reserve = (_retrying?: { error: unknown }): Reservation[] => [];
    if (budgets.length > 0) {
      const what = `${operation}${model ? ` (${model})` : ""}`;
      const priced = this.price(worst());
      if (priced.cost !== null) for (const budget of budgets) budget.adopt(priced.cost.currency);
      const reason = priced.cost === null ? `${what} has no worst case: ${priced.reason}` : what;
      reserve = (retrying) => {
        const made: Reservation[] = [];
        try {
          for (const budget of budgets)
            made.push(budget.reserve(priced.cost?.total ?? null, reason, retrying));
        } catch (error) {
          for (const r of made) r.release();
          throw error;
        }
        return made;
      };
    }
    let reservations = reserve();
    let open = true;
    /** An attempt that may have been billed: its worst case stays spent, and it is counted and reported. */
    const maybeBilled = (requestId: string | undefined) => {
      for (const r of reservations) r.settle(null);
      this.totals.add(null, model, MAYBE_BILLED);
      this.#report(operation, model, null, MAYBE_BILLED, requestId);
    };
    return {
      settle: (actual, requestId) => {
        const used = this.priceUsed(actual);
        const priced = withFix(used, LOAD_FIX);
        if (!open) return priced;
        open = false;
        for (const r of reservations) r.settle(priced.cost === null ? null : priced.cost.total);
        // Priced later when the client's prices are not loaded yet: counted in the ledger, whose
        // sums gw.costs prices when it is read.
        if (used.pending) this.#config.ledger.add(actual);
        else this.totals.add(priced.cost, model, priced.reason);
        this.#report(operation, model, priced.cost, priced.reason, requestId);
        return priced;
      },
      retry: (billed, requestId, error) => {
        if (!open || !billed) return;
        maybeBilled(requestId);
        reservations = [];
        reservations = reserve({ error });
      },
      fail: (billed, requestId) => {
        if (!open) return;
        open = false;
        if (billed) maybeBilled(requestId);
        else for (const r of reservations) r.release();
      },
    };
  }

  /** Reports a billed call to onCost; no event is made when nobody listens. */
  #report(
    operation: string,
    model: string | undefined,
    cost: CostEstimate | null,
    reason: string | undefined,
    requestId: string | undefined,
  ): void {
    const { onCost } = this.#config;
    if (onCost === undefined) return;
    // A broken listener (or an async one that rejects) must not turn a paid call into a failure,
    // nor end the process with an unhandled rejection.
    const ignored = (error: unknown) =>
      this.#config.log.warn(
        `onCost failed (${error instanceof Error ? error.message : String(error)}); ignored`,
      );
    try {
      const done = onCost({ operation, model, cost, reason, requestId }) as unknown;
      if (done instanceof Promise) done.catch(ignored);
    } catch (error) {
      ignored(error);
    }
  }
}
