/**
 * The seam between the transport and money: what the transport hands a client's
 * billing, what it asks of it, and the transport's billed calls ({@link BilledCalls}). Core never
 * imports money: the client hands its transport a {@link MoneyPort}, whose billing is loaded (a
 * dynamic import) when the client asks for money or a cost is read.
 *
 * Every billed call is counted from the client's first, in the port's ledger (what `gw.costs`
 * totals): a call of a client that never asked for money runs the plain path, and only its model
 * and what its answer says it used go into the ledger's running sums, priced when read
 * (docs/cost.md, "What a plain client pays").
 */
import { type Answer, APIPromise, type Completion, completed } from "./api-promise.js";
import type { Attempts, CallState, Reader } from "./attempts.js";
import {
  type Assembled,
  isSettlesLater,
  MAYBE_BILLED,
  type OperationMeter,
  PRICES_NOT_LOADED,
  type Priced,
  SETTLES_LATER,
  STREAM_FIX,
  STREAM_REASON,
  type StreamBill,
  type Units,
  withFix,
} from "./cost.js";
import { streamUnits } from "./delivered.js";
import { withModel } from "./fallback.js";
import type { Ledger } from "./ledger.js";
import type { CallRecord } from "./middleware.js";
import { certainlyNotBilled } from "./not-billed.js";
import { modelOf, type Operation, type RequestSpec, specOf } from "./operation.js";
import { jsonText } from "./request-init.js";
import type { RequestOptions } from "./request-options.js";
import { meteredParams, unitsOf } from "./units.js";

/** One model's try of a declared operation, as the billing around it sees it. */
export interface ModelTry<P, T> {
  readonly op: Operation<P>;
  /** The params, with the model this try asks for (after any fallback). */
  readonly params: P;
  readonly options: RequestOptions;
  readonly model: string | undefined;
  /** The record middleware sees of the call, when the client has middleware. */
  readonly record: CallRecord | undefined;
  /** Validates and builds the request (it may read an upload source): a failure is marked as never sent. */
  build(): Promise<RequestSpec>;
  /**
   * Sends `spec` under the operation's retry policy and reads the answer. `retrying` is called
   * with each failed attempt before its retry is made; what it throws is thrown instead (a budget
   * that no longer fits the retry).
   */
  send(spec: RequestSpec, retrying?: (error: unknown) => void): Promise<Answer<T>>;
}

/** A client's billing, loaded when the client asks for money or reads a cost. */
export interface Billing {
  /** One model's try of a billed call of a client that asked for money: reserve its worst case, send it, price and count its answer (a stream's at its end). */
  run<P, T>(attempt: ModelTry<P, T>): Promise<Answer<T>>;
  /** Prices what a call used by the prices the client has now: `pending` null until they are loaded. */
  price(units: Units): Priced;
  /** Prices what a call used by the client's prices, loaded first if it has none: the awaited reads. */
  priceLoaded(units: Units): Promise<Priced>;
  /** A cost will be read (`withResponse()`): the client's prices start loading now, in parallel with the call, if it has none. */
  demand(): void;
}

/** How a transport reaches its client's money. */
export interface MoneyPort {
  /** Every billed call of the client, counted from its first: what `gw.costs` totals. */
  readonly ledger: Ledger;
  /** The client's billing: its code imported (once per process) and its money made (once). Asks for nothing. */
  load(): Promise<Billing>;
  /** The client's billing, if its code is imported already; else undefined. */
  ready(): Billing | undefined;
}

/** One model's try of a call: plain, or metered by the client's billing (the transport's `#try`). */
export type Try = <P, T>(
  op: Operation<P>,
  params: P,
  options: RequestOptions,
  read: Reader<T>,
  state: CallState | undefined,
) => Promise<Answer<T>>;

/** What the billed calls of a transport use of it. */
export interface BilledCallsParts {
  /** The client's money (src/client-money.ts). */
  money: MoneyPort;
  /** Checks the params and builds the request (a failure is marked as never sent). */
  build<P>(op: Operation<P>, params: P, options: RequestOptions): RequestSpec | Promise<RequestSpec>;
  /** The attempt loop every try sends through. */
  attempts: Attempts;
}

/** The step that prices a task's submission when the client has not loaded the gateway's prices. */
const TASK_FIX = "`await gw.prices.load()` before the wait prices it by them";

/** A cost read before the client's money is loaded: nothing is priced yet. */
const NOT_LOADED: Priced = { cost: null, reason: PRICES_NOT_LOADED, pending: true };

/** A cost that could not be priced because the client's money could not be made (its options): said, never thrown. */
const unmade = (error: unknown): Priced => ({
  cost: null,
  reason: error instanceof Error ? error.message : String(error),
});

/**
 * The transport's side of money, for its billed calls (an operation with a `meter`): each runs the
 * transport's plain try, counted in the ledger, until the client asks for money, and is metered by
 * the client's billing from then on (budgets, onCost). Its cost is read when asked:
 * `withResponse()`, `stream.cost()`, `await stream.finalCost()`, a task snapshot.
 */
export class BilledCalls {
  /**
   * Whether the client asked for money: its billed calls are then {@link metered}; until then the
   * transport runs them plain. A field, not a method: the plain path reads it and runs nothing here.
   */
  metering = false;
  #billing: Promise<Billing> | undefined;
  #loaded: Billing | undefined;

  constructor(private readonly parts: BilledCallsParts) {}

  /**
   * The client asks for money (a budget, onCost, group, prices or middleware): its billing loads,
   * once, and every billed call is metered from now on. Calls made while it loads wait for it.
   */
  ask(): Promise<Billing> {
    if (this.#billing === undefined) {
      this.metering = true;
      this.#billing = this.parts.money.load();
      this.#billing.then(
        (billing) => {
          this.#loaded = billing;
        },
        () => {},
      );
    }
    return this.#billing;
  }

  /** One model's try of a billed call as the client's billing runs it (once it is loaded). */
  metered<P, T>(
    op: Operation<P>,
    params: P,
    options: RequestOptions,
    read: Reader<T>,
    state: CallState | undefined,
  ): Promise<Answer<T>> {
    const loaded = this.#loaded;
    if (loaded) return loaded.run(this.#attempt(op, params, options, read, state));
    return this.ask().then((billing) => billing.run(this.#attempt(op, params, options, read, state)));
  }

  /** A billed call that ran plain answered: counted in the ledger (a stream, at its end: see {@link body}). */
  counted<P>(op: Operation<P>, params: P, options: RequestOptions, data: unknown): void {
    if (isSettlesLater(data)) return;
    this.parts.money.ledger.add(unitsOf(op.meter!, meteredParams(op, params, options), data));
  }

  /** A billed call that ran plain failed: counted, unpriced, when it may have been billed. */
  failed<P>(op: Operation<P>, params: P, error: unknown): void {
    if (!certainlyNotBilled(error))
      this.parts.money.ledger.add({ model: modelOf(op, params), unpriced: MAYBE_BILLED });
  }

  /**
   * The promise of a billed call. Its `withResponse()` is the awaited read of its cost: the
   * client's prices start loading at once (in parallel with the call), and the cost is priced by
   * them once the answer is in (a call metered as it ran carries its cost already). A task's
   * snapshot reads it without loading anything: by the prices the client has.
   */
  promise<T, P>(
    op: Operation<P>,
    params: P,
    options: RequestOptions,
    answer: Promise<Answer<T>>,
  ): APIPromise<T> {
    const { money } = this.parts;
    const complete: Completion<T> = (done, awaited) => {
      if (done.cost != null) return completed(done);
      const priced = (p: Priced) => ({ ...completed(done), cost: p.cost, costReason: p.reason });
      if (isSettlesLater(done.data)) return priced({ cost: null, reason: STREAM_REASON });
      const tried = done.model === undefined ? params : withModel(op, params, done.model);
      const units = unitsOf(op.meter!, meteredParams(op, tried, options), done.data);
      if (!awaited) return priced(withFix(money.ready()?.price(units) ?? NOT_LOADED, TASK_FIX));
      return money
        .load()
        .then((billing) => billing.priceLoaded(units), unmade)
        .then(priced);
    };
    const costRead = () => {
      money.load().then(
        (billing) => billing.demand(),
        () => {},
      );
    };
    return new APIPromise(answer, complete, costRead);
  }

  /**
   * A billed body the caller consumes, read by `read`. A stream of a call that ran plain gets a
   * bill that counts it in the ledger at its end and prices it when asked; no money code runs (or
   * loads) for it unless its cost is read. Decided with the try the call takes (now): a client that
   * asked for money meters it instead.
   */
  body<T, P>(op: Operation<P>, params: P, options: RequestOptions, read: Reader<T>): Reader<T> {
    if (this.metering) return read;
    const { money } = this.parts;
    return async (c, spec, model) => {
      const data = await read(c, spec, model);
      if (isSettlesLater(data)) {
        const tried =
          model === undefined || model === modelOf(op, params) ? params : withModel(op, params, model);
        data[SETTLES_LATER](new PlainStreamBill(money, op, tried, options));
      }
      return data;
    };
  }

  /** One model's try, as the client's billing sees it. */
  #attempt<P, T>(
    op: Operation<P>,
    params: P,
    options: RequestOptions,
    read: Reader<T>,
    state: CallState | undefined,
  ): ModelTry<P, T> {
    const model = modelOf(op, params);
    const { build, attempts } = this.parts;
    return {
      op,
      params,
      options,
      model,
      record: state?.record,
      build: async () => build(op, params, options),
      send: (spec, retrying) => attempts.send(spec, options, read, model, state, retrying),
    };
  }
}

/**
 * The bill of a stream of a call that ran plain: counted in the ledger at its end, priced only
 * when asked (`stream.cost()` by what the client has, `await stream.finalCost()` by the gateway's
 * prices). Not the stream itself: it is held by what settles a dropped stream (stream.ts), which
 * must not keep the stream alive.
 */
class PlainStreamBill<P> implements StreamBill {
  readonly #meter: OperationMeter<P>;
  /** The params the stream is billed by (extra_body merged over them). */
  readonly #billed: P;
  #worst: Units | undefined;

  constructor(
    private readonly money: MoneyPort,
    private readonly op: Operation<P>,
    private readonly params: P,
    private readonly options: RequestOptions,
  ) {
    this.#meter = op.meter as OperationMeter<P>;
    this.#billed = meteredParams(op, params, options);
  }

  price(assembly: Assembled, complete: boolean): Priced {
    const billing = this.money.ready();
    return withFix(billing ? billing.price(this.#units(assembly, complete)) : NOT_LOADED, STREAM_FIX);
  }

  async final(assembly: Assembled, complete: boolean): Promise<Priced> {
    const units = this.#units(assembly, complete);
    return this.money.load().then((billing) => billing.priceLoaded(units), unmade);
  }

  end(assembly: Assembled, complete: boolean): void {
    this.money.ledger.add(this.#units(assembly, complete));
  }

  #units(assembly: Assembled, complete: boolean): Units {
    return streamUnits(this.#meter, this.#billed, assembly, complete, () => (this.#worst ??= this.#sized()));
  }

  /**
   * The stream's worst case, for a stream whose usage never said its prompt. The request's JSON is
   * not kept on the plain path: it is built again (no validation) to bound the prompt.
   */
  #sized(): Units {
    const built = specOf(this.op, this.params, "off");
    if (built instanceof Promise) {
      return { model: modelOf(this.op, this.params), unpriced: "the request's body was read from a source" };
    }
    return unitsOf(this.#meter, this.#billed, undefined, jsonText(built, this.options));
  }
}
