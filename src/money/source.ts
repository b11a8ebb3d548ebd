/**
 * `gw.prices`: where a client's costs come from. The gateway's own prices (GET /api/pricing and
 * /api/status, read in parallel) loaded once on first need and kept for PRICES_TTL; the spec's
 * table when the gateway publishes none (a 404, an HTML page, a 401: once per TTL, and the call
 * that needed them never fails for it); or a table of yours. Every cost of a client is counted in
 * one currency: its budget's, else that of its first cost.
 *
 * When prices load (pay only for what you use: a client that never asks for money makes no
 * pricing request): before the first call a budget must price; alongside the first billed call of
 * a client with `onCost`, `group` or `prices: "gateway"`; when a billed call's `withResponse()` is
 * read; on `await gw.prices.load()`.
 */

import { GenwayError } from "../core/errors/index.js";
import type { CostEstimate, Currency, Priced, Units } from "../core/http/cost.js";
import { DEFAULTS, type Logger } from "../core/shared/index.js";
import { checkPrices } from "../core/validation/index.js";
import { type EstimateCostParams, PriceBook, SPEC_PRICES } from "./book.js";
import { PRICE_CATALOG } from "./catalog.js";
import {
  displayCurrency,
  exchangeOf,
  GatewayPrices,
  type GatewayStatus,
  readPricing,
  readStatus,
} from "./gateway.js";
import type { Meter } from "./metering.js";
import { type PriceTable, tableBook } from "./table.js";

/** The `prices` option: where a client's costs come from (docs/cost.md). */
export type PricesOption = "auto" | "gateway" | "spec" | PriceTable;

/** How long loaded prices are used before they are read again: 10 minutes. */
export const PRICES_TTL = 10 * 60_000;

export interface PriceSourceConfig {
  prices: PricesOption | undefined;
  group: string | undefined;
  /** The client asks for money (a budget, onCost, group, prices: "gateway"): its first billed call loads prices. */
  eager: boolean;
  /** The currency of the client's budget, if it names one: every cost is counted in it. */
  currency: Currency | undefined;
  /** GETs a gateway route as JSON (through the client's transport). */
  get(path: string): Promise<unknown>;
  log: Logger;
}

/** `gw.prices`: where a client's costs come from, loaded on first need (docs/cost.md). */
export interface PriceSource {
  /**
   * The client's prices: loaded from the gateway on the first call (and again once PRICES_TTL has
   * passed, or with `refresh: true`); the spec's table when the gateway publishes none (under
   * `prices: "gateway"` that rejects instead). Concurrent calls share one load.
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
  #book: PriceBook | undefined;
  /** Why the gateway's prices are missing under `prices: "gateway"` (no fallback there). */
  #failure: GenwayError | undefined;
  /** When the loaded prices go stale (0: never loaded). */
  #expires = 0;
  #inflight: Promise<void> | undefined;
  #loading: Promise<void> | undefined;
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

  /** The client's first load while it is in flight (a call settling meanwhile waits for it). */
  get loading(): Promise<void> | undefined {
    return this.#loading;
  }

  /**
   * The client's prices: loaded from the gateway on the first call (and again once PRICES_TTL has
   * passed, or with `refresh: true`); the spec's table when the gateway publishes none (under
   * `prices: "gateway"` that rejects instead). Concurrent calls share one load.
   */
  async load(options: { refresh?: boolean } = {}): Promise<PriceBook> {
    if (!this.#fixed && (options.refresh || Date.now() >= this.#expires)) await this.#start();
    if (this.#failure) throw this.#failure;
    return this.#book!;
  }

  /** What a call would cost by the client's prices (loaded first), in its group and currency. */
  async estimate(params: EstimateCostParams): Promise<CostEstimate> {
    const book = await this.load();
    return book.estimate({ group: this.#group, ...params }, this.#currency ?? book.currency);
  }

  /** @internal Prices a billed call's units (Meter): by the loaded prices, else the spec's table. */
  price(units: Units): Priced {
    if (this.#failure) return { cost: null, reason: this.#failure.message };
    // Before the first load: the spec's table (its hints offer the gateway's prices).
    const book = this.#book ?? SPEC_PRICES;
    const priced = book.price(units, this.#group, this.#currency ?? book.currency);
    if (priced.cost !== null) this.#currency ??= priced.cost.currency;
    return priced;
  }

  /** @internal A billed call is about to be sent (Meter): the load a budget must wait for, if any. */
  prepare(budgeted: boolean): Promise<void> | undefined {
    if (this.#fixed || !(budgeted || this.#config.eager)) return undefined;
    if (this.#expires === 0) {
      const first = this.#start();
      return budgeted ? first : undefined;
    }
    if (Date.now() >= this.#expires) void this.#start();
    return undefined;
  }

  /** @internal A cost was asked for (Meter): loads prices when none are loaded, or they are stale. */
  demand(): void {
    if (!this.#fixed && Date.now() >= this.#expires) void this.#start();
  }

  #start(): Promise<void> {
    if (this.#inflight) return this.#inflight;
    const read = this.#read().finally(() => {
      this.#inflight = undefined;
      this.#loading = undefined;
    });
    this.#inflight = read;
    if (this.#expires === 0) this.#loading = read;
    return read;
  }

  /** Reads both routes at once (one round trip); never rejects: a failure leaves a fallback and its reason. */
  async #read(): Promise<void> {
    const { get, log } = this.#config;
    const [pricing, status] = await Promise.allSettled([get("/api/pricing"), get("/api/status")]);
    let gatewayStatus: GatewayStatus | undefined;
    try {
      if (status.status === "rejected") throw status.reason;
      gatewayStatus = readStatus(status.value);
      if (pricing.status === "rejected") throw pricing.reason;
      const { models, groups } = readPricing(pricing.value);
      this.#book = new PriceBook({
        currency: displayCurrency(gatewayStatus),
        rates: new GatewayPrices(models, groups, gatewayStatus),
        exchange: exchangeOf(gatewayStatus),
        live: false,
      });
      this.#failure = undefined;
      log.debug(`prices: ${models.length} models from the gateway, in ${this.#book.currency}`);
    } catch (error) {
      this.#fallBack(error, gatewayStatus);
    }
    this.#expires = Date.now() + PRICES_TTL;
  }

  #fallBack(error: unknown, status: GatewayStatus | undefined): void {
    const { log, prices } = this.#config;
    const why = error instanceof Error ? error.message : String(error);
    if (this.#book?.source === "gateway") {
      log.warn(
        `prices: could not read the gateway's prices again (${why}); keeping those read at ${this.#book.loadedAt.toISOString()}`,
      );
    } else if (prices === "gateway") {
      this.#failure = new GenwayError(
        `The gateway's prices could not be loaded (prices: "gateway"): ${why}`,
        {
          cause: error,
        },
      );
      log.warn(`prices: ${this.#failure.message}`);
    } else {
      this.#book = new PriceBook({
        currency: "CNY",
        exchange: status ? exchangeOf(status) : undefined,
        why: `the gateway publishes no prices (${why})`,
        live: false,
      });
      log.info(`prices: the gateway publishes no prices (${why}); costs come from the spec's table (CNY)`);
    }
  }
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
