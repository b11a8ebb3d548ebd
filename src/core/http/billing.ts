/**
 * The seam between the transport and money (src/money): what the transport hands a client's
 * billing when it meters a call, and what it asks of it. Core never imports money: the client
 * hands its transport a {@link MoneyPort}, whose billing is loaded (a dynamic import) when the
 * client asks for money. Until then a billed call runs the plain path and is priced only if its
 * cost is read (docs/cost.md, "What a plain client pays").
 */
import type { Answer } from "./api-promise.js";
import type { Assembled, Priced, StreamBill } from "./cost.js";
import type { CallRecord } from "./middleware.js";
import type { Operation, RequestSpec } from "./operation.js";
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

/** A client's billing (src/money/billing.ts), installed on its transport once the client asks for money. */
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

/** How a transport reaches its client's billing (src/client-money.ts). */
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
export class LateStreamBill implements StreamBill {
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
