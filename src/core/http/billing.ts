/**
 * The seam between the transport and money (src/money): what the transport hands a client's
 * billing when it meters a call, and what it asks of it. Core never imports money: the client
 * installs its billing on the transport when it asks for money (docs/cost.md, "What a plain client
 * pays"), and until then a billed call runs the plain path and is priced only if its cost is read.
 */
import type { Answer } from "./api-promise.js";
import type { Priced, StreamBill } from "./cost.js";
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
  /**
   * The bill of a stream that opened before the client asked for money: it opens when the stream's
   * cost is first read (calling `asked`: the client asks for money then), and settles at the
   * stream's end only if it was opened.
   */
  lateStream<P>(op: Operation<P>, params: P, answer: Answer<unknown>, asked: () => void): StreamBill;
}
