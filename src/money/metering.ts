/**
 * The money of one client, per call: before a billed call is sent, its worst case is reserved under
 * the budgets (or the call is refused with nothing sent); once the answer is in, its actual cost is
 * priced, replaces the reservation, is added to the client's totals and reported to `onCost`.
 */

import { type CostEstimate, type Priced, SHARED_BUDGET, type Units } from "../core/http/cost.js";
import type { Logger } from "../core/shared/log.js";
import { Budget, type BudgetOptions, type Reservation } from "./budget.js";
import { Totals } from "./totals.js";
import { frozen, implausible } from "./used.js";

/**
 * Prices units in the client's price group (source.ts: the gateway's prices, the
 * spec's table or yours). Prices may have to be loaded first: `prepare` and `loading` say when.
 */
export interface Meter {
  price(units: Units): Priced;
  /**
   * A billed call is about to be sent. Returns the load to wait for before a budget can price it
   * (`budgeted`), else undefined (a client that asks for money starts its first load alongside).
   */
  prepare?(budgeted: boolean): Promise<void> | undefined;
  /** The client's first price load while it is in flight: a call settling meanwhile waits for it. */
  readonly loading?: Promise<void> | undefined;
  /** A cost was asked for (`withResponse()` on a billed call): load prices if none are loaded. */
  demand?(): void;
}

/** What `onCost` receives after each billed call. */
export interface CostEvent {
  /** The operation, e.g. `chat.completions.create`. */
  operation: string;
  /** The model the call used (after any fallback). */
  model: string | undefined;
  /** The cost, or `null` when the price table cannot price the call (see `reason`). */
  cost: CostEstimate | null;
  reason: string | undefined;
  requestId: string | undefined;
}

export interface MeteringConfig {
  meter: Meter;
  budget: BudgetOptions | undefined;
  onCost: ((event: CostEvent) => void) | undefined;
  log: Logger;
}

/** The open account of one billed call: settled once with what it actually used. */
export interface Bill {
  /** Prices what the call used (`undefined`: nothing readable), settles the reservations, reports. */
  settle(actual: Units | undefined, requestId: string | undefined): Priced;
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

/** Why an attempt that failed after it was sent is counted without a price. */
const MAYBE_BILLED =
  "the attempt failed after it was sent; the gateway may have billed it (its worst case stays spent)";

export class Metering {
  /** Totals of this client's billed calls: `gw.costs`. */
  readonly totals = new Totals();
  readonly #config: MeteringConfig;
  /** The client's budget, if it has one (a list, so a call's own joins it without filtering). */
  readonly #budgets: readonly Budget[];

  constructor(config: MeteringConfig) {
    this.#config = config;
    this.#budgets = config.budget === undefined ? [] : [new Budget(config.budget)];
  }

  /** Prices units by the client's group. */
  price(units: Units): Priced {
    return this.#config.meter.price(units);
  }

  /**
   * A billed call is about to be sent: the price load it must wait for (a budget prices it before
   * sending, the client's or its own), else undefined. See Meter.prepare.
   */
  prepare(perCall: BudgetOptions | undefined): Promise<void> | undefined {
    return this.#config.meter.prepare?.(this.#budgets.length > 0 || perCall !== undefined);
  }

  /** The client's first price load while in flight: a call settling meanwhile waits for it. */
  get loading(): Promise<void> | undefined {
    return this.#config.meter.loading;
  }

  /** A billed call's cost was asked for (`withResponse()`): prices load if none are. */
  demand(): void {
    this.#config.meter.demand?.();
  }

  /**
   * Prices what a call used, as its answer reports it: a figure no call can bill is not believed
   * (null with the reason), and the cost is frozen, since the caller, onCost and the totals share it.
   */
  priceUsed(units: Units): Priced {
    const priced = this.price(units);
    if (priced.cost === null) return priced;
    const reason = implausible(priced.cost);
    return reason === undefined ? { cost: frozen(priced.cost) } : { cost: null, reason };
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
      this.totals.add(null, model);
      this.#report(operation, model, null, MAYBE_BILLED, requestId);
    };
    return {
      settle: (actual, requestId) => {
        const priced: Priced = actual
          ? this.priceUsed(actual)
          : { cost: null, reason: "the answer reported no usage" };
        if (!open) return priced;
        open = false;
        for (const r of reservations) r.settle(priced.cost === null ? null : priced.cost.total);
        this.totals.add(priced.cost, model);
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
