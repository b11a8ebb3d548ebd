/**
 * The seam between the transport and money: what the transport hands a client's
 * billing when it meters a call, what it asks of it, and the transport's billed calls
 * ({@link BilledCalls}). Core never imports money: the client hands its transport a
 * {@link MoneyPort}, whose billing is loaded (a dynamic import) when the client asks for money.
 * Until then a billed call runs the plain path and is priced only if its cost is read
 * (docs/cost.md, "What a plain client pays").
 */
import { type Answer, APIPromise, type Completion, completed } from "./api-promise.js";
import type { Attempts, CallState, Reader } from "./attempts.js";
import { type Assembled, isSettlesLater, type Priced, SETTLES_LATER, type StreamBill } from "./cost.js";
import { withModel } from "./fallback.js";
import type { CallRecord } from "./middleware.js";
import { modelOf, type Operation, type RequestSpec } from "./operation.js";
import type { RequestOptions } from "./request-options.js";

/** One model's try of a declared operation, as the billing around it sees it. */
export interface ModelTry<P, T> {
  readonly op: Operation<P>;
  /** The params, with the model this try asks for (after any fallback). */
  readonly params: P;
  readonly options: RequestOptions;
  readonly model: string | undefined;
  /** The record middleware sees of the call, when the client has middleware. */
  readonly record: CallRecord | undefined;
  /** Validates and builds the request (it may read an upload): a failure is marked as never sent. */
  build(): Promise<RequestSpec>;
  /**
   * Sends `spec` under the operation's retry policy and reads the answer. `retrying` is called
   * with each failed attempt before its retry is made; what it throws is thrown instead (a budget
   * that no longer fits the retry).
   */
  send(spec: RequestSpec, retrying?: (error: unknown) => void): Promise<Answer<T>>;
}

/** A client's billing, installed on its transport once the client asks for money. */
export interface Billing {
  /** One model's try of a billed call: reserve its worst case, send it, price its answer (a stream's at its end). */
  run<P, T>(attempt: ModelTry<P, T>): Promise<Answer<T>>;
  /** A cost is read (`withResponse()`): the client's prices load now, in parallel with the call, if none are loaded. */
  demand(): void;
  /**
   * The cost of a billed call that ran before the client asked for money, read now
   * (`withResponse()`): priced and counted once, by the prices loaded; `answer.model` is the model
   * that answered.
   */
  late<P>(op: Operation<P>, params: P, answer: Answer<unknown>): Promise<Priced>;
  /** The bill of a stream that opened before the client asked for money, opened when its cost is first read. */
  lateStream<P>(op: Operation<P>, params: P, answer: Answer<unknown>): StreamBill;
}

/** How a transport reaches its client's billing. */
export interface MoneyPort {
  /** The client's billing: its code imported (once per process) and its money made (once). */
  load(): Promise<Billing>;
  /** Imports the pricing code, if not yet (once per process): none of it runs. */
  preload(): Promise<unknown>;
  /** The client's billing, made now if the pricing code is imported; else undefined. */
  ready(): Billing | undefined;
}

/**
 * The bill of a billed stream whose client had not asked for money when it opened: nothing runs
 * until its cost is first read (`stream.cost()`, `snapshot()`), which opens the real bill (and
 * asks for money); a stream that ended before that read is settled then, once.
 */
class LateStreamBill implements StreamBill {
  #bill: StreamBill | undefined;
  #ended: [Assembled, boolean, unknown] | undefined;

  constructor(private readonly open: () => StreamBill) {}

  price(assembly: Assembled, complete: boolean): Priced {
    if (this.#bill === undefined) {
      this.#bill = this.open();
      if (this.#ended) this.#bill.end(...this.#ended);
    }
    return this.#bill.price(assembly, complete);
  }

  end(assembly: Assembled, complete: boolean, error: unknown): void {
    if (this.#bill) this.#bill.end(assembly, complete, error);
    else this.#ended = [assembly, complete, error];
  }
}

/** One model's try of a call: plain, or metered by the client's billing. */
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
  /** One model's try, unmetered: what a billed call takes until the client asks for money. */
  plain: Try;
  /** Checks the params and builds the request (a failure is marked as never sent). */
  build<P>(op: Operation<P>, params: P, options: RequestOptions): RequestSpec | Promise<RequestSpec>;
  /** The attempt loop every try sends through. */
  attempts: Attempts;
}

/**
 * The transport's side of money, for its billed calls (an operation with a `meter`): each runs the
 * plain try until the client asks for money, and is metered by the client's billing from then on.
 * A call that ran before is priced when its cost is read (`withResponse()`, `stream.cost()`).
 */
export class BilledCalls {
  /** One model's try of a billed call: plain until the client asks for money, then metered. */
  try: Try;
  #billing: Promise<Billing> | undefined;

  constructor(private readonly parts: BilledCallsParts) {
    this.try = parts.plain;
  }

  /** Whether a call taking its try now runs it plain (the client has not asked for money). */
  get plain(): boolean {
    return this.try === this.parts.plain;
  }

  /**
   * The client asks for money: its billing loads, once, and every billed call is metered from now
   * on. Calls made while it loads wait for it.
   */
  ask(): Promise<Billing> {
    if (this.#billing === undefined) {
      const loading = this.parts.money.load();
      this.#billing = loading;
      this.try = async (op, params, options, read, state) =>
        (await loading).run(this.#metered(op, params, options, read, state));
      loading.then(
        (billing) => {
          this.try = (op, params, options, read, state) =>
            billing.run(this.#metered(op, params, options, read, state));
        },
        () => {},
      );
    }
    return this.#billing;
  }

  /**
   * The promise of a billed call. Its `withResponse()` asks for its cost: at once the client's
   * prices (in parallel with the call), then the cost, priced when the answer is in if the call was
   * not metered as it ran.
   */
  promise<T, P>(op: Operation<P>, params: P, answer: Promise<Answer<T>>): APIPromise<T> {
    const priced: Completion<T> = (done) =>
      done.cost !== undefined
        ? completed(done)
        : this.ask().then(async (billing) => {
            const tried = done.model === undefined ? params : withModel(op, params, done.model);
            const { cost, reason } = await billing.late(op, tried, done);
            return { ...completed(done), cost, costReason: reason };
          });
    const costRead = () => {
      const asked = this.ask();
      const billing = this.parts.money.ready();
      if (billing) billing.demand();
      else
        asked.then(
          (loaded) => loaded.demand(),
          () => {},
        );
    };
    return new APIPromise(answer, priced, costRead);
  }

  /**
   * A billed body the caller consumes, read by `read`. A stream's cost may be read at any time
   * (`stream.cost()`): one that opens before its client asked for money gets a bill that opens
   * when it is first read. The pricing code is imported now (once per process, alongside the
   * request), so that such a synchronous read finds it; none of it runs unless the cost is read.
   * Decided with the try the call takes (now): a client that asked for money meters it.
   */
  body<T, P>(op: Operation<P>, params: P, read: Reader<T>): Reader<T> {
    if (!this.plain) return read;
    const { money } = this.parts;
    return async (c, spec) => {
      const data = await read(c, spec);
      if (isSettlesLater(data)) {
        await money.preload();
        // Not the stream itself: its bill is held by what settles a dropped stream (stream.ts),
        // which must not keep the stream alive.
        const answer: Answer<unknown> = { data: undefined, response: c.response, model: modelOf(op, params) };
        data[SETTLES_LATER](
          new LateStreamBill(() => {
            void this.ask();
            return (money.ready() as Billing).lateStream(op, params, answer);
          }),
        );
      }
      return data;
    };
  }

  /** One model's try as the client's billing runs it. */
  #metered<P, T>(
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
