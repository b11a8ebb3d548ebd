/**
 * A client's money, loaded when the client first needs it: pay only for what you use. Every billed
 * call is counted from the client's first in its ledger (core/http/ledger.ts: a model and a few
 * sums, no money code). The pricing code (src/money: the price table, the gateway's /api/pricing,
 * metering, budgets, totals) is a dynamic import, made when the client is constructed with
 * `budget`, `onCost`, `group`, `prices` or `middleware` (it then meters every billed call), or
 * else when a cost is read: `withResponse()` of a billed call, `await stream.finalCost()`,
 * `await gw.costs.summary()`, `gw.prices`. A plain client that reads no cost loads none of it, and
 * its calls run the transport's plain path (docs/cost.md).
 */

import { ValidationError } from "./core/errors/index.js";
import {
  type Billing,
  type BudgetOptions,
  type Currency,
  Ledger,
  type MoneyPort,
  PRICES_NOT_LOADED,
  type Transport,
} from "./core/http/index.js";
import { DEFAULTS, type Logger } from "./core/shared/index.js";
import { checkOptions, checkParams, option } from "./core/validation/index.js";
import type { Money } from "./money/client.js";
import type {
  CostEstimate,
  CostEvent,
  CostSum,
  CostTotals,
  CostTotalsData,
  EstimateCostParams,
  PriceBook,
  PriceSource,
  PricesOption,
} from "./money/index.js";

/** The client options money reads. */
export interface MoneyOptions {
  prices?: PricesOption | undefined;
  group?: string | undefined;
  budget?: BudgetOptions | undefined;
  onCost?: ((event: CostEvent) => void) | undefined;
  timeout?: number | undefined;
}

/** A price read is one short try (ms): a failed one is tried again by the next call that needs prices. */
const PRICES_TIMEOUT = 10_000;

/** Whether the options ask for money when the client is made (its billed calls are then metered). */
export function asksForMoney(options: MoneyOptions & { middleware?: unknown }): boolean {
  return (
    options.budget !== undefined ||
    options.onCost !== undefined ||
    options.group !== undefined ||
    options.prices !== undefined ||
    // A middleware reads each call's cost (CallOutcome.cost), as genway/otel does.
    (Array.isArray(options.middleware) && options.middleware.length > 0)
  );
}

/** The pricing code, imported once per process when a client first needs it. */
type MoneyCode = typeof import("./money/client.js");
let code: MoneyCode | undefined;
let importing: Promise<MoneyCode> | undefined;

function importMoney(): Promise<MoneyCode> {
  importing ??= import("./money/client.js").then((imported) => {
    code = imported;
    return imported;
  });
  return importing;
}

/** The money of one client: its ledger, what its transport meters and prices calls with, and `gw.costs` and `gw.prices`. */
export class ClientMoney implements MoneyPort {
  /** Every billed call of the client, counted from its first. */
  readonly ledger = new Ledger();
  #money: Money | undefined;
  /** Why the client's money could not be made (a price group the spec's table lacks). */
  #failure: unknown;
  /**
   * The transports whose calls this money counts, meters and prices: the client's, and those of
   * the clients it derived with `withOptions` (one budget and one set of totals for all of them).
   * Prices are read through the first.
   */
  readonly #transports: Transport[] = [];
  /** `gw.costs`: the client's totals, counted from its first call. */
  readonly costs: CostTotals = new Costs(this);
  /** `gw.prices`: the client's prices, loaded on first need. */
  readonly prices: PriceSource = new Prices(this);

  /** Only the money options: a client's options hold its key, which must not be reachable from gw.costs or gw.prices. */
  readonly #options: MoneyOptions;
  readonly #log: Logger;

  constructor(options: MoneyOptions, log: Logger) {
    const { prices, group, budget, onCost, timeout } = options;
    this.#options = { prices, group, budget, onCost, timeout };
    this.#log = log;
  }

  /** A transport whose billed calls this money counts (the client's own first, then derived clients'). */
  attach(transport: Transport): void {
    this.#transports.push(transport);
  }

  async load(): Promise<Billing> {
    return (await this.money()).billing;
  }

  ready(): Billing | undefined {
    return this.made()?.billing;
  }

  /** The client's money: its code imported (once per process) and made (once). */
  async money(): Promise<Money> {
    await importMoney();
    const money = this.made();
    if (!money) throw this.#failure;
    return money;
  }

  /** The client's money, made (once) if the pricing code is imported; else undefined. */
  made(): Money | undefined {
    if (this.#money === undefined && this.#failure === undefined && code !== undefined) {
      try {
        this.#money = this.#make(code);
      } catch (error) {
        this.#failure = error;
      }
    }
    return this.#money;
  }

  #make({ clientMoney }: MoneyCode): Money {
    const { prices, group, budget, onCost, timeout } = this.#options;
    const options = { maxRetries: 0, timeout: Math.min(timeout ?? DEFAULTS.timeout, PRICES_TIMEOUT) };
    return clientMoney({
      prices,
      group,
      budget,
      onCost,
      ledger: this.ledger,
      log: this.#log,
      get: (path, parent) => this.#transports[0]!.priceRead(path, options, parent),
    });
  }
}

/**
 * `gw.costs`: its figures price what the client has (the calls counted before its prices were
 * loaded are `unpriced`, with the step that prices them in `reason`); `summary()` loads them.
 * Reading a figure loads nothing and asks for nothing.
 */
class Costs implements CostTotals {
  readonly #money: ClientMoney;

  constructor(money: ClientMoney) {
    this.#money = money;
  }

  get total(): number {
    return this.toJSON().total;
  }
  get currency(): Currency | undefined {
    return this.toJSON().currency;
  }
  get calls(): number {
    return this.toJSON().calls;
  }
  get unpriced(): number {
    return this.toJSON().unpriced;
  }
  get reason(): string | undefined {
    return this.toJSON().reason;
  }
  get byModel(): Record<string, CostSum> {
    return this.toJSON().byModel;
  }
  get byFamily(): Record<string, CostSum> {
    return this.toJSON().byFamily;
  }

  async summary(...args: unknown[]): Promise<CostTotalsData> {
    // It takes nothing: an argument given is a mistake, told before any price is read.
    if (args.length > 0) {
      throw new ValidationError("costs.summary", [
        { path: "arguments", rule: "no_arguments", message: "costs.summary() takes no arguments" },
      ]);
    }
    const money = await this.#money.money();
    await money.prices.ready();
    return money.totals.read();
  }

  reset(): void {
    const money = this.#money.made();
    if (money) money.totals.reset();
    else this.#money.ledger.reset();
  }

  toJSON(): CostTotalsData {
    const money = this.#money.made();
    if (money) return money.totals.read();
    // No pricing code yet: every call counted waits for the client's prices.
    const { ledger } = this.#money;
    return {
      total: 0,
      currency: undefined,
      calls: 0,
      unpriced: ledger.calls,
      reason: ledger.waiting(PRICES_NOT_LOADED),
      byModel: {},
      byFamily: {},
    };
  }

  /** `console.log(gw.costs)` prints the totals (they live in getters, which inspect does not show). */
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `CostTotals ${JSON.stringify(this.toJSON())}`;
  }
}

/** What `gw.prices.load` takes. */
const LOAD_OPTIONS = { refresh: option.flag } as const;

/** `gw.prices`: each method loads the client's money (the pricing code), then its prices. */
class Prices implements PriceSource {
  readonly #money: ClientMoney;

  constructor(money: ClientMoney) {
    this.#money = money;
  }

  async load(options?: { refresh?: boolean }): Promise<PriceBook> {
    if (options !== undefined) checkOptions("prices.load", options, LOAD_OPTIONS);
    return (await this.#money.money()).prices.load(options);
  }

  async estimate(params: EstimateCostParams): Promise<CostEstimate> {
    checkParams("prices.estimate", params);
    return (await this.#money.money()).prices.estimate(params);
  }
}
