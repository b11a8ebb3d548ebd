/**
 * `gw.prices`: where a client's costs come from. The gateway's own prices (GET /api/pricing and
 * /api/status, read in parallel) loaded on first need and kept for PRICES_TTL; the spec's table
 * when the gateway publishes none (a 404, an HTML page, a 401 or 403: once per TTL, and the call
 * that needed them never fails for it); or a table of yours. Every cost of a client is counted in
 * one currency: its budget's, else that of its first cost.
 *
 * One truth per client: until its prices are loaded, a cost read now is a `pending` null (with the
 * step that prices it), never a figure by another table that the gateway's prices would contradict.
 * A read that fails (a 5xx, a timeout, a connection error) is not "no prices": the client has none
 * until the next call that needs them reads them again, at once after one failure, then backing
 * off (1 s, 2 s ... 60 s) while they keep failing.
 *
 * When prices load (pay only for what you use: a client that never asks for money makes no
 * pricing request): before the first call a budget must price; alongside the first billed call of
 * a client with `onCost`, `group` or `prices: "gateway"`; when a cost is read by an awaited read
 * (`withResponse()`, `await stream.finalCost()`, `await gw.costs.summary()`); on `await gw.prices.load()`.
 */

import { APIError, GenwayError, MalformedResponseError } from "../core/errors/index.js";
import {
  type CallInfo,
  type CostEstimate,
  type Currency,
  PRICES_NOT_LOADED,
  type Priced,
  type Units,
} from "../core/http/index.js";
import { DEFAULTS, type Logger } from "../core/shared/index.js";
import { checkPrices } from "../core/validation/index.js";
import { type EstimateCostParams, PriceBook, SPEC_PRICES } from "./book.js";
import { PRICE_CATALOG } from "./catalog.js";
import { checkEstimateParams } from "./estimate.js";
import { GatewayPrices, GatewayPricesError, readPricing, readStatus, type StatusRead } from "./gateway.js";
import type { Meter } from "./metering.js";
import { type PriceTable, tableBook } from "./table.js";

/** The `prices` option: where a client's costs come from (docs/cost.md). */
export type PricesOption = "auto" | "gateway" | "spec" | PriceTable;

/** How long loaded prices are used before they are read again: 10 minutes. */
export const PRICES_TTL = 10 * 60_000;

/** How long after its `failures`-th failed read in a row the next read may be made: at once after one, then 1 s, 2 s ... 60 s. */
const retryDelay = (failures: number): number =>
  failures <= 1 ? 0 : Math.min(1000 * 2 ** (failures - 2), 60_000);

export interface PriceSourceConfig {
  prices: PricesOption | undefined;
  group: string | undefined;
  /** The client asks for money (a budget, onCost, group, prices: "gateway"): its first billed call loads prices. */
  eager: boolean;
  /** The currency of the client's budget, if it names one: every cost is counted in it. */
  currency: Currency | undefined;
  /** GETs a gateway route as JSON (through the client's transport), for the call that needs it (`parent`). */
  get(path: string, parent?: CallInfo): Promise<unknown>;
  log: Logger;
}

/** `gw.prices`: where a client's costs come from, loaded on first need (docs/cost.md). */
export interface PriceSource {
  /**
   * The client's prices: read from the gateway if it has none (and again once PRICES_TTL has
   * passed, or with `refresh: true`); the spec's table when the gateway publishes none. Rejects
   * when they cannot be read (the reason says why; the next need reads them again), and under
   * `prices: "gateway"` when the gateway publishes none. Concurrent calls share one read.
   */
  load(options?: { refresh?: boolean }): Promise<PriceBook>;
  /** What a call would cost by the client's prices (loaded first), in its group and currency. */
  estimate(params: EstimateCostParams): Promise<CostEstimate>;
}

/** The client's prices, loaded on first need: what `gw.prices` reads, and the Meter its calls are priced by. */
export class ClientPrices implements PriceSource, Meter {
  readonly #config: PriceSourceConfig;
  readonly #group: string;
  /** spec or a table: nothing to load, ever. */
  readonly #fixed: boolean;
  /** The client's prices once it has them: the gateway's, the spec's table when it publishes none ("auto"), or yours. */
  #book: PriceBook | undefined;
  /** Why the client has no prices while it has none after a read (a failure, or none under "gateway"). */
  #failure: string | undefined;
  /** The gateway publishes none and the client prices by the gateway's only: no price, and no read will help until PRICES_TTL. */
  #none = false;
  /** Failed reads in a row, and when the next read may be made. */
  #failures = 0;
  #retryAt = 0;
  /** When the prices the client has go stale (0: it has none). */
  #expires = 0;
  #inflight: Promise<void> | undefined;
  #currency: Currency | undefined;

  constructor(config: PriceSourceConfig) {
    this.#config = config;
    this.#group = config.group ?? DEFAULTS.group;
    this.#currency = config.currency;
    const prices = config.prices ?? DEFAULTS.prices;
    this.#fixed = prices === "spec" || typeof prices === "object";
    if (prices === "spec") {
      checkSpecGroup(this.#group);
      this.#book = SPEC_PRICES;
    } else if (typeof prices === "object" && prices !== null) {
      this.#book = tableBook(prices);
    } else checkPrices(prices);
  }

  /** Why the client has no prices yet (a cost read now is pending); undefined once it has them. */
  get missing(): string | undefined {
    return this.#book === undefined && !this.#none ? (this.#failure ?? PRICES_NOT_LOADED) : undefined;
  }

  /** The read in flight while the client has no prices (a call settling meanwhile waits for it). */
  get loading(): Promise<void> | undefined {
    return this.#book === undefined ? this.#inflight : undefined;
  }

  /**
   * The client's prices: read from the gateway if it has none (and again once PRICES_TTL has
   * passed, or with `refresh: true`); the spec's table when the gateway publishes none. Rejects
   * when they cannot be read (the reason says why; the next need reads them again), and under
   * `prices: "gateway"` when the gateway publishes none. Concurrent calls share one read.
   */
  async load(options: { refresh?: boolean } = {}): Promise<PriceBook> {
    if (!this.#fixed && (options.refresh || this.#book === undefined || Date.now() >= this.#expires)) {
      await (this.#inflight ?? this.#start());
    }
    if (this.#book === undefined) {
      const why = this.#failure ?? PRICES_NOT_LOADED;
      throw new GenwayError(`${why[0]!.toUpperCase()}${why.slice(1)}.`);
    }
    return this.#book;
  }

  /** What a call would cost by the client's prices (loaded first), in its group and currency. */
  async estimate(params: EstimateCostParams): Promise<CostEstimate> {
    checkEstimateParams("prices.estimate", params);
    const book = await this.load();
    return book.estimate({ group: this.#group, ...params }, this.#currency ?? book.currency);
  }

  /** @internal Prices a billed call's units (Meter): by the client's prices, a pending null until it has them. */
  price(units: Units): Priced {
    const book = this.#book;
    if (book === undefined) {
      const reason = this.#failure ?? PRICES_NOT_LOADED;
      return { cost: null, reason, pending: !this.#none };
    }
    const priced = book.price(units, this.#group, this.#currency ?? book.currency);
    if (priced.cost !== null) this.#currency ??= priced.cost.currency;
    return priced;
  }

  /** @internal A billed call (for `parent`) is about to be sent (Meter): the read a budget must wait for, if any. */
  prepare(budgeted: boolean, parent?: CallInfo): Promise<void> | undefined {
    if (this.#fixed || !(budgeted || this.#config.eager)) return undefined;
    const read = this.#due(parent);
    return budgeted ? read : undefined;
  }

  /** @internal A cost will be read (Meter): prices are read if the client has none, or they are stale. */
  demand(): void {
    void this.#due();
  }

  /** @internal The awaited reads (Meter): the client's prices, read first if it has none. */
  async ready(): Promise<void> {
    await this.#due();
  }

  /**
   * The read the client's prices need now, started if none is in flight: when it has none (unless
   * it is backing off after failed reads), or in the background when they are stale.
   */
  #due(parent?: CallInfo): Promise<void> | undefined {
    if (this.#fixed) return undefined;
    if (this.#book !== undefined) {
      if (Date.now() >= this.#expires && this.#inflight === undefined) void this.#start(parent);
      return undefined;
    }
    if (this.#inflight) return this.#inflight;
    return Date.now() < this.#retryAt ? undefined : this.#start(parent);
  }

  #start(parent?: CallInfo): Promise<void> {
    this.#inflight ??= this.#read(parent).finally(() => {
      this.#inflight = undefined;
    });
    return this.#inflight;
  }

  /** Reads both routes at once (one round trip); never rejects: the outcome is kept (see {@link #outcome}). */
  async #read(parent?: CallInfo): Promise<void> {
    const { get } = this.#config;
    const [pricing, status] = await Promise.allSettled([
      get("/api/pricing", parent),
      get("/api/status", parent),
    ]);
    this.#keep(outcomeOf(pricing, status));
  }

  #keep(outcome: Outcome): void {
    const { log, prices } = this.#config;
    const now = Date.now();
    if ("book" in outcome) {
      this.#book = outcome.book;
      this.#failure = undefined;
      this.#none = false;
      this.#failures = 0;
      this.#expires = now + PRICES_TTL;
      log.debug(`prices: ${outcome.book.ids().length} models from the gateway, in ${outcome.book.currency}`);
      return;
    }
    if (this.#book !== undefined && ("failed" in outcome || this.#book.source === "gateway")) {
      // Prices read before are kept; a failed read is tried again as a first one would be.
      const why = "none" in outcome ? outcome.none : outcome.failed;
      if ("failed" in outcome) this.#failures++;
      this.#expires = now + ("none" in outcome ? PRICES_TTL : retryDelay(this.#failures));
      log.warn(
        `prices: could not read the gateway's prices again (${why}); keeping those read at ${this.#book.loadedAt.toISOString()}`,
      );
      return;
    }
    if ("failed" in outcome) {
      this.#none = false;
      this.#failures++;
      this.#retryAt = now + retryDelay(this.#failures);
      this.#failure = `the gateway's prices could not be read (${outcome.failed}); they are read again on the next call that needs them`;
      log.warn(`prices: ${this.#failure}`);
      return;
    }
    this.#failures = 0;
    if (prices === "gateway") {
      this.#retryAt = now + PRICES_TTL;
      this.#none = true;
      this.#failure = `the gateway publishes no prices (${outcome.none}), and this client prices by the gateway's only (prices: "gateway")`;
      log.warn(`prices: ${this.#failure}`);
      return;
    }
    this.#book = new PriceBook({
      currency: "CNY",
      exchange: outcome.exchange,
      why: `the gateway publishes no prices (${outcome.none})`,
      live: false,
    });
    this.#expires = now + PRICES_TTL;
    log.info(
      `prices: the gateway publishes no prices (${outcome.none}); costs come from the spec's table (CNY)`,
    );
  }
}

/**
 * What a read of the two routes gives: the gateway's prices; that it publishes none (a route it
 * does not have, or will not show: kept for PRICES_TTL); or a failure (tried again on next need).
 */
type Outcome =
  | { book: PriceBook }
  | { none: string; exchange?: Record<string, number> | undefined }
  | { failed: string };

function outcomeOf(pricing: PromiseSettledResult<unknown>, status: PromiseSettledResult<unknown>): Outcome {
  // /api/status: how quota becomes money. Without it (none), per-token prices cannot be read.
  let read: StatusRead;
  if (status.status === "rejected") {
    if (!publishesNone(status.reason)) return { failed: `GET /api/status: ${messageOf(status.reason)}` };
    read = noStatus(`it publishes no /api/status (${messageOf(status.reason)})`);
  } else {
    try {
      read = readStatus(status.value);
    } catch (error) {
      if (!(error instanceof GatewayPricesError)) throw error;
      read = noStatus(`its /api/status is not new-api's (${error.message})`);
    }
  }
  if (pricing.status === "rejected") {
    const why = `GET /api/pricing: ${messageOf(pricing.reason)}`;
    return publishesNone(pricing.reason) ? { none: why, exchange: read.exchange } : { failed: why };
  }
  try {
    const { models, groups } = readPricing(pricing.value);
    const rates = new GatewayPrices(models, groups, read);
    return {
      book: new PriceBook({
        currency: read.currency,
        rates,
        exchange: read.exchange,
        live: false,
        problem: read.problem && `the gateway: ${read.problem}`,
      }),
    };
  } catch (error) {
    if (!(error instanceof GatewayPricesError)) throw error;
    return { none: error.message, exchange: read.exchange };
  }
}

/** A gateway without a usable /api/status: its money is read in USD (the billing routes' own unit), per-token ratios cannot be. */
function noStatus(problem: string): StatusRead {
  return { currency: "USD", exchange: { USD: 1 }, quotaPerUnit: undefined, problem };
}

/**
 * Whether a failed read says the gateway publishes no prices there, rather than that the read
 * failed: a route it does not have or will not show (404, 401, 403, 405), or something that is not
 * its API (a dashboard's HTML page, a body that is not JSON). Anything else (a 5xx, a 429, a
 * timeout, a lost connection) may answer next time.
 */
function publishesNone(error: unknown): boolean {
  if (error instanceof MalformedResponseError) return true;
  return error instanceof APIError && [401, 403, 404, 405].includes(error.status ?? 0);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Under `prices: "spec"`, a group no family of the table has is refused at once: a typo would price every call as null. */
function checkSpecGroup(group: string): void {
  const wanted = group.toLowerCase();
  const known = Object.values(PRICE_CATALOG).some((family) =>
    Object.keys(family.groups).some((g) => g.toLowerCase() === wanted),
  );
  if (!known) {
    throw new GenwayError(
      `Unknown price group ${JSON.stringify(group)}: no family of the spec's price table has it (see docs/pricing.md).`,
    );
  }
}
