/**
 * A spending limit, kept by reservation: a paid call reserves its worst case before it is sent, and
 * the actual cost replaces the reservation once known. The check and the reservation are one
 * synchronous step, so two concurrent calls can never both pass a limit that fits only one.
 */
import { BudgetExceededError, GenwayError } from "../core/errors/index.js";
import type { BudgetOptions, Currency } from "../core/http/cost.js";
import { DEFAULTS } from "../core/shared/index.js";
import { checkBudget } from "../core/validation/index.js";

export type { BudgetOptions };

/** Amounts are kept in units of 1e-8 of the currency, the precision of the prices, so sums stay exact. */
const SCALE = 1e8;
const units = (cny: number): number => Math.round(cny * SCALE);

/** One reservation: settled with the actual cost, or released when the call was certainly not billed. */
export interface Reservation {
  settle(actual: number | null): void;
  release(): void;
}

/** The ledger of one budget: what was spent, and what calls in flight have reserved. */
export class Budget {
  readonly limit: number;
  /**
   * The currency of `limit`: as given, else that of the first call it prices. (A Budget is itself a
   * valid `budget` option: a tool loop passes one to every step it sends.)
   */
  currency: Currency | undefined;
  readonly unpriced: "refuse" | "allow";
  #spent = 0;
  #reserved = 0;

  constructor(options: BudgetOptions) {
    checkBudget(options);
    this.currency = options.currency;
    this.limit = options.limit;
    this.unpriced = options.unpriced ?? DEFAULTS.budget.unpriced;
  }

  /**
   * Takes the currency of the calls it prices, the first time; a call priced in another currency
   * is refused before anything is sent (a limit in one currency cannot hold costs in another).
   */
  adopt(currency: Currency): void {
    this.currency ??= currency;
    if (this.currency !== currency) {
      throw new GenwayError(
        `This call is priced in ${currency}, and its budget is in ${this.currency}: nothing was sent. Give the budget the client's currency (docs/cost.md).`,
      );
    }
  }

  /** Spent by settled calls. */
  get spent(): number {
    return this.#spent / SCALE;
  }

  /** Left: the limit minus what was spent and what calls in flight have reserved. */
  get remaining(): number {
    return (units(this.limit) - this.#spent - this.#reserved) / SCALE;
  }

  /**
   * Reserves `worst` (in the budget's currency) for a call about to be sent, or throws BudgetExceededError. `worst: null`
   * (the call cannot be priced) is refused unless the budget allows unpriced calls (then nothing is
   * reserved, and what the call turns out to cost, when priced, is spent); `what` names the call
   * and, for null, why. `retrying` is the error of an attempt that reached the gateway and may have
   * been billed, when this reservation is for its retry.
   */
  reserve(worst: number | null, what: string, retrying?: { error: unknown }): Reservation {
    // A worst case that is no finite amount bounds nothing: it is admitted only as an unpriced call.
    if (worst !== null && !(worst >= 0 && worst < Number.POSITIVE_INFINITY)) {
      return this.reserve(null, `${what} has no worst case: it came to ${worst}`, retrying);
    }
    if (worst === null) {
      if (this.unpriced === "allow") {
        return {
          settle: (actual) => {
            if (actual !== null && actual >= 0 && actual < Number.POSITIVE_INFINITY)
              this.#spent += units(actual);
          },
          release: () => {},
        };
      }
      throw new BudgetExceededError(
        `${what.replace(/\.$/, "")}; a budget of ${this.#money(this.limit)} cannot admit a call it cannot price (pass budget: { unpriced: "allow" } to send such calls with nothing reserved).`,
        { estimate: null, remaining: this.remaining, limit: this.limit },
      );
    }
    const amount = units(worst);
    if (this.#spent + this.#reserved + amount > units(this.limit)) {
      const sent = retrying
        ? "Its retry was not sent; the attempt before it reached the gateway and may have been billed (see cause)."
        : "Nothing was sent.";
      throw new BudgetExceededError(
        `${what} may cost up to ${this.#money(worst)}, more than the ${this.#money(this.remaining)} left of the budget of ${this.#money(this.limit)}. ${sent}`,
        { estimate: worst, remaining: this.remaining, limit: this.limit, cause: retrying?.error },
      );
    }
    this.#reserved += amount;
    let open = true;
    const close = (spent: number) => {
      if (!open) return;
      open = false;
      this.#reserved -= amount;
      this.#spent += spent;
    };
    return {
      // An actual cost that cannot be read (null, or no finite amount) keeps the worst case: the
      // call was sent and billed.
      settle: (actual) =>
        close(
          actual === null || !(actual >= 0 && actual < Number.POSITIVE_INFINITY) ? amount : units(actual),
        ),
      release: () => close(0),
    };
  }

  /** An amount as messages write it: with the budget's currency once known. */
  #money(amount: number): string {
    return this.currency === undefined ? String(amount) : `${amount} ${this.currency}`;
  }
}
