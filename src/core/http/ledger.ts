/**
 * A client's billed calls, counted from its first (what `gw.costs` totals): each call's model and
 * what its answer says it used, folded into running sums, one per model and set of quantities, so
 * that nothing is kept per call. Core counts; the money code prices the sums when `gw.costs` is read, by
 * the prices the client has then (the gateway's, once loaded: `await gw.costs.summary()`).
 */

import { PricingError } from "../errors/pricing-error.js";
import { type BilledFields, SUMMARY_FIX, type Units } from "./cost.js";
import { usedTokens } from "./units.js";
import type { TokenCounts } from "./usage.js";

/** Calls of one model that billed the same quantities and the same request fields, summed: priced as one. */
export interface LedgerEntry {
  readonly model: string | undefined;
  /** The price family the operation names without a model (vidgen), if any. */
  readonly family: string | undefined;
  /** The request fields the relay scales a price by, the same for every call of the entry. */
  readonly fields: BilledFields | undefined;
  calls: number;
  /** Requests: one per call unless the call said otherwise. */
  requests: number;
  /** The sums of the quantities the calls reported; `undefined`: none of them reported it. */
  images: number | undefined;
  characters: number | undefined;
  usage: Required<TokenCounts> | undefined;
}

/** An entry, with which quantities its calls reported (a bit each: images, characters, usage) and its fields as a key. */
interface Entry extends LedgerEntry {
  readonly has: number;
  readonly key: string | undefined;
}

/** Calls that cannot be priced, counted by reason. */
export interface UnpricedCalls {
  readonly model: string | undefined;
  readonly reason: string;
  calls: number;
}

/** What was counted since the ledger was last taken. */
export interface Counted {
  entries: LedgerEntry[];
  unpriced: UnpricedCalls[];
}

/** At most this many reasons are counted apart; the calls of any other share one count. */
const REASONS = 32;
const OTHER = "\u0000other";

export class Ledger {
  /** The entries of each model (one per family and set of quantities: seldom more than one). */
  #entries = new Map<string | undefined, Entry[]>();
  #unpriced = new Map<string, UnpricedCalls>();
  #calls = 0;

  /** Calls counted since the ledger was last taken. */
  get calls(): number {
    return this.#calls;
  }

  /**
   * Why the calls counted here are not priced (`why`: the client's prices are missing), and the
   * step that prices them; undefined when it counts none.
   */
  waiting(why: string): string | undefined {
    const n = this.#calls;
    return n === 0 ? undefined : `${n} ${n === 1 ? "call" : "calls"}: ${why}; ${SUMMARY_FIX}`;
  }

  /** Counts one billed call: what its answer reports it used (`units.unpriced`: why it cannot be priced). */
  add(units: Units): void {
    this.#calls++;
    const { model, family } = units;
    let usage: Required<TokenCounts> | undefined;
    let unpriced = units.unpriced;
    if (unpriced === undefined) {
      try {
        usage = usedTokens(units);
      } catch (error) {
        if (!(error instanceof PricingError)) throw error;
        unpriced = error.message;
      }
    }
    if (unpriced !== undefined) {
      // Reasons may carry figures (a hostile relay's usage): past a few, they share one count.
      let key = `${model}\u0000${unpriced}`;
      if (!this.#unpriced.has(key) && this.#unpriced.size >= REASONS) {
        key = OTHER;
        unpriced = "one of several other reasons";
      }
      const found = this.#unpriced.get(key);
      if (found) found.calls++;
      else this.#unpriced.set(key, { model: key === OTHER ? undefined : model, reason: unpriced, calls: 1 });
      return;
    }
    // Calls that reported different quantities, or whose requests the relay scales differently (a
    // video's seconds and resolution), are priced apart: a call must not borrow another's price.
    const has =
      (units.images == null ? 0 : 1) | (units.characters == null ? 0 : 4) | (usage === undefined ? 0 : 8);
    const key = units.fields && JSON.stringify(units.fields);
    let entries = this.#entries.get(model);
    if (entries === undefined) this.#entries.set(model, (entries = []));
    let entry: Entry | undefined;
    for (let i = 0; i < entries.length && entry === undefined; i++) {
      const e = entries[i]!;
      if (e.has === has && e.family === family && e.key === key) entry = e;
    }
    if (entry === undefined) {
      entry = {
        model,
        family,
        fields: units.fields,
        has,
        key,
        calls: 0,
        requests: 0,
        images: has & 1 ? 0 : undefined,
        characters: has & 4 ? 0 : undefined,
        usage: usage && { prompt: 0, completion: 0, cacheHit: 0, cacheWrite: 0 },
      };
      entries.push(entry);
    }
    entry.calls++;
    entry.requests += units.requests ?? 1;
    if (entry.images !== undefined) entry.images += units.images as number;
    if (entry.characters !== undefined) entry.characters += units.characters as number;
    if (entry.usage !== undefined && usage !== undefined) {
      entry.usage.prompt += usage.prompt;
      entry.usage.completion += usage.completion;
      entry.usage.cacheHit += usage.cacheHit;
      entry.usage.cacheWrite += usage.cacheWrite;
    }
  }

  /** What was counted since the last take, handed over (to be priced and kept): the ledger is empty after. */
  take(): Counted {
    const counted = { entries: [...this.#entries.values()].flat(), unpriced: [...this.#unpriced.values()] };
    this.reset();
    return counted;
  }

  /** Forgets what was counted. */
  reset(): void {
    this.#entries.clear();
    this.#unpriced.clear();
    this.#calls = 0;
  }
}
