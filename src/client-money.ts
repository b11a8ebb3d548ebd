/**
 * A client's money, loaded when the client first needs it: pay only for what you use. The pricing
 * code (src/money: the price table, the gateway's /api/pricing, metering, budgets, totals) is a
 * dynamic import, made when the client is constructed with `budget`, `onCost`, `group`, `prices` or
 * `middleware`, or else when it first reads a cost: `withResponse()` of a billed call, a stream's
 * `cost()`, a task's cost, `gw.costs`, `gw.prices`. From then on its billed calls are metered. A
 * plain client loads none of it, and its calls run the transport's plain path (docs/cost.md).
 */
import type { Billing, BudgetOptions, Currency, MoneyPort, Transport } from "./core/http/index.js";
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

/** A price load is one short try (ms): the call that needed it goes on with the spec's table. */
const PRICES_TIMEOUT = 10_000;

/** Whether the options ask for money when the client is made (else it asks on its first cost read). */
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

/** The money of one client: what its transport meters calls with, and `gw.costs` and `gw.prices`. */
export class ClientMoney implements MoneyPort {
  #money: Money | undefined;
  /** Why the client's money could not be made (a price group the spec's table lacks). */
  #failure: unknown;
  /**
   * The transports that meter calls with this money: the client's, and those of the clients it
   * derived with `withOptions` (one budget and one set of totals for all of them). Prices are read
   * through the first.
   */
  readonly #transports: Transport[] = [];
  /** The client asked for money: a transport attached later meters its calls from the start. */
  #asked = false;
  /** `gw.costs`: the client's totals, counted since it asked for money. */
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

  /** A transport whose billed calls this money meters (the client's own first, then derived clients'). */
  attach(transport: Transport): void {
    this.#transports.push(transport);
    if (this.#asked) transport.askMoney().catch(() => {});
  }

  preload(): Promise<unknown> {
    return importMoney();
  }

  async load(): Promise<Billing> {
    await importMoney();
    const money = this.#made();
    if (!money) throw this.#failure;
    return money.billing;
  }

  ready(): Billing | undefined {
    return this.#made()?.billing;
  }

  /** The client asks for money (its billed calls are metered from now on); its money, if its code is loaded. */
  ask(): Money | undefined {
    this.#askAll().catch(() => {});
    return this.#made();
  }

  /** Asks for money and waits until it is loaded. */
  async asked(): Promise<Money> {
    await this.#askAll();
    const money = this.#made();
    if (!money) throw this.#failure;
    return money;
  }

  #askAll(): Promise<unknown> {
    this.#asked = true;
    return Promise.all(this.#transports.map((transport) => transport.askMoney()));
  }

  /** The client's money, made (once) when the pricing code is loaded. */
  #made(): Money | undefined {
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
    return clientMoney({
      prices,
      group,
      budget,
      onCost,
      log: this.#log,
      get: (path) =>
        this.#transports[0]!.json(
          { method: "GET", path, policy: "idempotent" },
          { maxRetries: 0, timeout: Math.min(timeout ?? DEFAULTS.timeout, PRICES_TIMEOUT) },
        ),
    });
  }
}

/** `gw.costs` before and after the money loads: reading it asks for money; zero until then (nothing was counted). */
class Costs implements CostTotals {
  readonly #money: ClientMoney;

  constructor(money: ClientMoney) {
    this.#money = money;
  }

  get total(): number {
    return this.#money.ask()?.totals.total ?? 0;
  }
  get currency(): Currency | undefined {
    return this.#money.ask()?.totals.currency;
  }
  get calls(): number {
    return this.#money.ask()?.totals.calls ?? 0;
  }
  get unpriced(): number {
    return this.#money.ask()?.totals.unpriced ?? 0;
  }
  get byModel(): Record<string, CostSum> {
    return this.#money.ask()?.totals.byModel ?? {};
  }
  get byFamily(): Record<string, CostSum> {
    return this.#money.ask()?.totals.byFamily ?? {};
  }
  reset(): void {
    this.#money.ask()?.totals.reset();
  }
  toJSON(): CostTotalsData {
    const { total, currency, calls, unpriced, byModel, byFamily } = this;
    return { total, currency, calls, unpriced, byModel, byFamily };
  }

  /** `console.log(gw.costs)` prints the totals (they live in getters, which inspect does not show). */
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `CostTotals ${JSON.stringify(this.toJSON())}`;
  }
}

/** What `gw.prices.load` takes. */
const LOAD_OPTIONS = { refresh: option.flag } as const;

/** `gw.prices`: each method asks for money, and waits for it to load. */
class Prices implements PriceSource {
  readonly #money: ClientMoney;

  constructor(money: ClientMoney) {
    this.#money = money;
  }

  async load(options?: { refresh?: boolean }): Promise<PriceBook> {
    if (options !== undefined) checkOptions("prices.load", options, LOAD_OPTIONS, true);
    return (await this.#money.asked()).prices.load(options);
  }

  async estimate(params: EstimateCostParams): Promise<CostEstimate> {
    checkParams("prices.estimate", params);
    return (await this.#money.asked()).prices.estimate(params);
  }
}
