/** The promise every method returns: the parsed body, plus `.withResponse()` for the raw response and request id. */

import { requestIdFrom } from "../shared/request-id.js";
import type { CostEstimate } from "./cost.js";

/**
 * What {@link APIPromise.withResponse} resolves to: the parsed body, the raw `Response`, the request
 * id, the model that answered and what the call cost.
 */
export interface WithResponse<T> {
  data: T;
  response: Response;
  requestId: string | undefined;
  /** The model that answered: the params' model, or the fallback that was used. */
  model: string | undefined;
  /**
   * The call's cost in the client's `group`, `null` when it cannot be priced (see `costReason`): never
   * a silent zero. Priced by the gateway's prices, loaded first if the client has not (docs/cost.md,
   * "One truth per client"). A stream's is known at its end (`await stream.finalCost()`).
   */
  cost: CostEstimate | null;
  /** Why `cost` is null: the model is not in the catalog, the operation is not billed, ... */
  costReason: string | undefined;
}

/**
 * @internal What a call resolves to inside its promise: what `withResponse()` completes when it is
 * read (the request id from the headers, the cost of a call that was not priced as it ran).
 */
export interface Answer<T> {
  data: T;
  response: Response;
  model: string | undefined;
  /** Known already (a metered call's bill read it); else read from the headers when asked. */
  requestId?: string | undefined;
  /** Priced as the call ran (a client that meters its calls); undefined: not priced (yet). */
  cost?: CostEstimate | null | undefined;
  costReason?: string | undefined;
}

/**
 * Completes an answer into what `withResponse()` gives (a call that was not priced costs nothing):
 * `awaited`, for `withResponse()` itself, prices it by the gateway's prices (loaded first if the
 * client has none); otherwise (a task's snapshot) by the prices the client has. Written as a
 * method's type, whose parameter is bivariant: an APIPromise stays covariant in `T`, as a Promise
 * is (an `APIPromise<VideoTask>` is an `APIPromise<Task>`).
 */
export type Completion<T> = {
  complete(answer: Answer<T>, awaited: boolean): WithResponse<T> | Promise<WithResponse<T>>;
}["complete"];

/**
 * The `response` of an answer kept without its Response ({@link APIPromise.completedLater}): no
 * headers (the request id was read already). The completion it feeds is read for its cost alone.
 */
let noResponse: Response | undefined;
const withoutResponse = () => (noResponse ??= { headers: new Headers() } as Response);

/** Why an answer that carries no cost has none. */
export const NOT_BILLED = "not a billed operation";

/** An answer as `withResponse()` gives it, with its cost as it stands (none: not billed). */
export function completed<T>(answer: Answer<T>): WithResponse<T> {
  const { data, response, model, cost } = answer;
  return {
    data,
    response,
    requestId: answer.requestId ?? requestIdFrom(response.headers),
    model,
    cost: cost ?? null,
    costReason: cost === undefined ? NOT_BILLED : answer.costReason,
  };
}

/**
 * The promise every method returns: await it for the parsed body, or call `.withResponse()`
 * for the raw `Response` and the gateway's request id as well.
 */
export class APIPromise<T> extends Promise<T> {
  // Plain promises for .then/.catch chains, so derived promises do not re-run our constructor.
  /** Promises derived with `.then` / `.catch` are plain Promises. */
  static override get [Symbol.species]() {
    return Promise;
  }

  readonly #answer: Promise<Answer<T>>;
  readonly #complete: Completion<T>;
  /** Called when the cost may be read: a billed call's client then loads its prices (docs/cost.md). */
  readonly #costRead: (() => void) | undefined;
  #withResponse: Promise<WithResponse<T>> | undefined;
  /** What {@link completedLater} handed out reads: `withResponse()`'s completion, once made. */
  #shared: { awaited: Promise<WithResponse<T>> | undefined } | undefined;

  /**
   * `complete`: how `withResponse()` completes the answer (a billed call's is priced then, when it
   * was not as it ran); `costRead`: what reading `withResponse()` of a billed call asks of its
   * client, at once (its prices load in parallel with the call).
   */
  constructor(answer: Promise<Answer<T>>, complete: Completion<T> = completed, costRead?: () => void) {
    let resolveData!: (value: T) => void;
    let rejectData!: (reason: unknown) => void;
    super((resolve, reject) => {
      resolveData = resolve;
      rejectData = reject;
    });
    this.#answer = answer;
    this.#complete = complete;
    this.#costRead = costRead;
    answer.then((a) => resolveData(a.data), rejectData);
    // A caller who awaits only .withResponse() (or a promise derived from this one) must not see an
    // "unhandled rejection" from this one.
    Promise.prototype.then.call(this, undefined, () => {});
  }

  /**
   * The parsed body together with the raw `Response`, the gateway's request id and the call's cost,
   * completed when first asked for: a caller who awaits only the body reads no headers and prices nothing.
   */
  withResponse(): Promise<WithResponse<T>> {
    if (this.#withResponse === undefined) {
      this.#costRead?.();
      this.#withResponse = this.#answer.then((answer) => this.#complete(answer, true));
      if (this.#shared) this.#shared.awaited = this.#withResponse;
    }
    return this.#withResponse;
  }

  /**
   * @internal The call's answer completed without loading its client's prices: a task's succeeded
   * snapshot carries its submission's cost by the prices the client has, as a stream's `cost()`
   * does (or what `withResponse()` gave, when it was read).
   */
  static completed<T>(promise: APIPromise<T>): Promise<WithResponse<T>> {
    return promise.#withResponse ?? promise.#answer.then((answer) => promise.#complete(answer, false));
  }

  /**
   * @internal {@link completed} for later, holding only what pricing reads: the body, the model and
   * the request id, not the `Response` (a Task waits minutes with it, one per task, by the thousand).
   */
  static completedLater<T>(promise: APIPromise<T>): () => Promise<WithResponse<T>> {
    promise.#shared ??= { awaited: promise.#withResponse };
    const shared = promise.#shared;
    const complete = promise.#complete;
    const lean = promise.#answer.then(
      ({ data, response, model, requestId, cost, costReason }): Answer<T> => ({
        data,
        model,
        requestId: requestId ?? requestIdFrom(response.headers),
        cost,
        costReason,
        response: withoutResponse(),
      }),
    );
    lean.catch(() => {});
    return () => shared.awaited ?? lean.then((answer) => complete(answer, false));
  }

  /** @internal The call's answer, without completing it (a query that only needs the body and headers). */
  static answerOf<T>(promise: APIPromise<T>): Promise<Answer<T>> {
    return promise.#answer;
  }

  /**
   * @internal The same call with its body mapped by `f` (a task from its submission, a mapped body).
   * The derived promise's `withResponse()` completes the original one (so a billed call is priced once).
   */
  static derive<T, U>(promise: APIPromise<T>, f: (answer: Answer<T>) => U | Promise<U>): APIPromise<U> {
    const mapped = promise.#answer.then(async (answer) => ({ ...answer, data: (await f(answer)) as U }));
    return new APIPromise<U>(
      mapped,
      (answer, awaited) =>
        (awaited ? promise.withResponse() : APIPromise.completed(promise)).then((full) => ({
          ...full,
          data: answer.data,
        })),
      promise.#costRead,
    );
  }
}

/** The same call with its parsed body mapped by `f` (the response and request id kept). */
export function mapData<T, U>(promise: APIPromise<T>, f: (data: T) => U): APIPromise<U> {
  return APIPromise.derive(promise, (answer) => f(answer.data));
}
