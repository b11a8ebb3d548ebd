/** What every family client shares with the others: options -> transport (client-options.ts), and a short, key-free print. */
import type { ClientMoney } from "../client-money.js";
import { derivedOptions, type GenwayOptions, openClient } from "../client-options.js";
import type { ClientContext, Family, TaskClientContext, Transport } from "../core/http/index.js";
import {
  type KindsWithResult,
  type Task,
  type TaskRef,
  TaskRegistry,
  type TaskSnapshot,
  type WaitOptions,
} from "../core/tasks/index.js";
import type { ValidationMode } from "../core/validation/index.js";
import type { CostTotals, PriceSource } from "../money/index.js";
import { Tasks } from "../resources/tasks/index.js";
import type { TaskResults } from "./task-results.js";

/** A client for one family of the gateway: the same options and the same core as `Genway`, fewer namespaces. */
export abstract class FamilyClient implements ClientContext {
  /** @internal The HTTP path every namespace sends through. */
  readonly transport: Transport;
  readonly validation: ValidationMode;
  readonly baseURL: string;
  /**
   * What this client's billed calls have cost, from its first: total, per model and per family
   * (docs/cost.md). Its figures are priced by what the client has now: `null` until it has loaded the
   * gateway's prices, and the reason then names the awaited read that prices it (docs/cost.md, "One
   * truth per client"). `await gw.costs.summary()` is their awaited read.
   */
  readonly costs: CostTotals;
  /**
   * Where this client's costs come from: `await gw.prices.load()` reads the gateway's own prices
   * now (they load by themselves on first need), `gw.prices.estimate(params)` prices a call by them.
   */
  readonly prices: PriceSource;
  readonly #name: string;
  /** The options it was made with (they hold the key: never printed), for `withOptions`. */
  readonly #options: GenwayOptions;
  readonly #money: ClientMoney;

  /** @internal `name` names the client in option errors. */
  constructor(name: string, options: GenwayOptions | undefined) {
    const { transport, validation, baseURL, money } = openClient(name, options);
    this.transport = transport;
    this.costs = money.costs;
    this.prices = money.prices;
    this.validation = validation;
    this.baseURL = baseURL;
    this.#name = name;
    this.#options = options ?? {};
    this.#money = money;
  }

  /**
   * A client of the same kind with some options changed, e.g. `gw.withOptions({ timeout: 1_200_000 })`
   * for long jobs or `gw.withOptions({ fetchOptions: { dispatcher: proxy } })`: each option given
   * replaces this client's, the others are kept. It has its own transport (clocks, retries, fetch,
   * headers) and its own task registry (a task handle waits in any client), and shares this
   * client's money: `gw.costs`, the budget, `onCost` and the gateway's prices once loaded, unless
   * it is given a money option (`budget`, `onCost`, `group`, `prices`) or another gateway's
   * `baseURL`, which make its money its own (docs/client.md, "Derived clients").
   */
  withOptions(options: GenwayOptions): this {
    const Derived = this.constructor as new (options: GenwayOptions) => this;
    return new Derived(derivedOptions(this.#options, this.baseURL, this.#money, options));
  }

  /** Keeps `console.log(client)` short and key-free. */
  toJSON(): Record<string, unknown> {
    return { baseURL: this.baseURL, validation: this.validation };
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `${this.#name} ${JSON.stringify(this.toJSON())}`;
  }
}

/** A client whose jobs are tasks (video, vidgen, music, or all of them): `tasks` and `pollTask`. */
export abstract class TaskFamilyClient extends FamilyClient implements TaskClientContext {
  /** @internal The task kinds of this client (only task clients carry the task machinery). */
  readonly taskRegistry: TaskRegistry;
  /** Waits on, reads or rebuilds any task of this client from its `{ kind, id }` handle. */
  readonly tasks: Tasks<TaskResults>;

  /** @internal `name` names the client in option errors. */
  constructor(name: string, options: GenwayOptions | undefined) {
    super(name, options);
    this.taskRegistry = new TaskRegistry(this.transport, options?.middleware);
    this.tasks = new Tasks(this);
  }

  /**
   * Waits for a video, vidgen or music job until it ends, from its Task, its `{ kind, id }` handle or
   * that handle's JSON: `await gw.pollTask(task)`, `await gw.pollTask(savedJson)`. The same machinery
   * as `task.wait()` and `gw.tasks.wait()`; a timeout throws TaskTimeoutError carrying the handle.
   * Typed as `gw.tasks.wait`: a handle's kind gives its result type (`{ kind: "video" }`: VideoResult);
   * a JSON string gives `unknown` unless a result type is given.
   */
  pollTask<R, K extends string = string>(
    task: Task<R, K>,
    options?: WaitOptions<R>,
  ): Promise<TaskSnapshot<R>>;
  pollTask<K extends keyof TaskResults>(
    handle: TaskRef<K>,
    options?: WaitOptions<TaskResults[K]>,
  ): Promise<TaskSnapshot<TaskResults[K]>>;
  pollTask<R = unknown>(
    handle: string | TaskRef<KindsWithResult<TaskResults, R>>,
    options?: WaitOptions<R>,
  ): Promise<TaskSnapshot<R>>;
  pollTask<R = unknown>(handle: string | TaskRef, options?: WaitOptions<R>): Promise<TaskSnapshot<R>> {
    return (this.tasks as Tasks).wait(handle, options as WaitOptions) as Promise<TaskSnapshot<R>>;
  }
}

/**
 * Puts the namespaces of `families` on `client` (`gw.videos` ...), each opened over it: how `Genway`
 * and the family entries get theirs from the family declarations. A family whose namespaces need
 * tasks cannot be opened on a client without them (the compiler says so).
 */
export function openFamilies<C extends ClientContext>(
  client: C,
  families: Readonly<Record<string, Family<C>>> | readonly Family<C>[],
): void {
  for (const family of Object.values(families)) {
    for (const [name, open] of Object.entries(family.namespaces)) {
      (client as Record<string, unknown>)[name] = open(client);
    }
  }
}
