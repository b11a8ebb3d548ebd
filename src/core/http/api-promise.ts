/**
 * The promise every method returns: the parsed body, plus `.withResponse()` for the raw response and
 * request id, and openai-node's names for the same things (`asResponse()`, `requestID`, `_request_id`).
 */

import { requestIdFrom } from "../shared/request-id.js";
import type { CostEstimate } from "./cost.js";

/**
 * A result that carries the gateway's request id of the answer it came from, as openai-node names
 * it (the same id as `withResponse().requestId`). Not enumerable: `JSON.stringify`, spreads and
 * deep equality see the body as it came. Absent where no single answer made the result (the
 * snapshot `wait()` ends with).
 */
export interface RequestIdentified {
  /** The gateway's request id of this answer (openai-node's name; `withResponse().requestId`). */
  readonly _request_id?: string | undefined;
}

/**
 * What {@link APIPromise.withResponse} resolves to: the parsed body, the raw `Response`, the request
 * id, the model that answered and what the call cost.
 */
export interface WithResponse<T> {
  data: T;
  response: Response;
  requestId: string | undefined;
  /** `requestId` under openai-node's spelling (not enumerable). */
  readonly requestID: string | undefined;
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

/** @internal What a completion gives: `withResponse()`'s result before its `requestID` alias is added. */
export type Completed<T> = Omit<WithResponse<T>, "requestID">;

/**
 * Completes an answer into what `withResponse()` gives (a call that was not priced costs nothing):
 * `awaited`, for `withResponse()` itself, prices it by the gateway's prices (loaded first if the
 * client has none); otherwise (a task's snapshot) by the prices the client has. Written as a
 * method's type, whose parameter is bivariant: an APIPromise stays covariant in `T`, as a Promise
 * is (an `APIPromise<VideoTask>` is an `APIPromise<Task>`).
 */
export type Completion<T> = {
  complete(answer: Answer<T>, awaited: boolean): Completed<T> | Promise<Completed<T>>;
}["complete"];

/**
 * @internal Where `asResponse()` finds a call's Response with its body unread: asked for before the
 * answer arrived, the call's reader copies the response (`clone()`) before reading the body itself.
 */
export class RawAnswer {
  /** asResponse() was called: copy the response before reading its body. */
  wanted = false;
  /** The unread copy of the last attempt's response. */
  copy: Response | undefined;
}

/** `requestId` again, as openai-node spells it: a getter, so JSON and equality stay as they were. */
const REQUEST_ID_ALIAS: PropertyDescriptor = {
  get(this: Completed<unknown>) {
    return this.requestId;
  },
  enumerable: false,
  configurable: true,
};

function aliased<T>(result: Completed<T>): WithResponse<T> {
  return Object.defineProperty(result, "requestID", REQUEST_ID_ALIAS) as WithResponse<T>;
}

/**
 * The answer's parsed body, carrying the request id as openai-node's `_request_id`: on a plain JSON
 * object only (arrays, streams, files and handles keep their own shape), not enumerable, so
 * `JSON.stringify`, spreads and deep equality see the body as it came.
 */
function withRequestId<T>(answer: Answer<T>): T {
  const { data } = answer;
  if (
    typeof data === "object" &&
    data !== null &&
    Object.getPrototypeOf(data) === Object.prototype &&
    !Object.hasOwn(data, "_request_id") &&
    Object.isExtensible(data)
  ) {
    answer.requestId ??= requestIdFrom(answer.response.headers);
    Object.defineProperty(data, "_request_id", { value: answer.requestId, enumerable: false });
  }
  return data;
}

/**
 * The `response` of an answer kept without its Response ({@link APIPromise.completedLater}): no
 * headers (the request id was read already). The completion it feeds is read for its cost alone.
 */
let noResponse: Response | undefined;
const withoutResponse = () => (noResponse ??= { headers: new Headers() } as Response);

/** Why an answer that carries no cost has none. */
export const NOT_BILLED = "not a billed operation";

/** An answer as `withResponse()` gives it, with its cost as it stands (none: not billed). */
export function completed<T>(answer: Answer<T>): Completed<T> {
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
 * for the raw `Response` and the gateway's request id as well (`.asResponse()` for the Response alone).
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
  /** Where asResponse() finds the unread Response; undefined for a promise made by several requests. */
  #raw: RawAnswer | undefined;
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
    answer.then((a) => resolveData(withRequestId(a)), rejectData);
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
      this.#withResponse = this.#answer.then((answer) => this.#complete(answer, true)).then(aliased);
      if (this.#shared) this.#shared.awaited = this.#withResponse;
    }
    return this.#withResponse;
  }

  /**
   * The raw `Response`, its body unread (openai-node's `asResponse()`): call it on the promise a
   * method returns, before awaiting the answer, as in
   * `await gw.chat.completions.create(params).asResponse()`. The request is made once: awaiting the
   * same promise still gives the parsed body. Asked for once the answer has arrived, it is the
   * Response whose body genway has read (`bodyUsed`), as in openai-node. Rejects as the call does
   * (an error status is its typed error).
   */
  asResponse(): Promise<Response> {
    const raw = this.#raw;
    if (raw) raw.wanted = true;
    return this.#answer.then((answer) => raw?.copy ?? answer.response);
  }

  /**
   * @internal The call's answer completed without loading its client's prices: a task's succeeded
   * snapshot carries its submission's cost by the prices the client has, as a stream's `cost()`
   * does (or what `withResponse()` gave, when it was read).
   */
  static completed<T>(promise: APIPromise<T>): Promise<WithResponse<T>> {
    return (
      promise.#withResponse ??
      promise.#answer.then((answer) => promise.#complete(answer, false)).then(aliased)
    );
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
    return () => shared.awaited ?? lean.then((answer) => complete(answer, false)).then(aliased);
  }

  /** @internal The call's raw answer, which its reader fills when asResponse() asks. */
  static attachRaw<T>(promise: APIPromise<T>, raw: RawAnswer): APIPromise<T> {
    promise.#raw = raw;
    return promise;
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
    const derived = new APIPromise<U>(
      mapped,
      (answer, awaited) =>
        (awaited ? promise.withResponse() : APIPromise.completed(promise)).then((full) => ({
          ...full,
          data: answer.data,
        })),
      promise.#costRead,
    );
    derived.#raw = promise.#raw;
    return derived;
  }
}

/** The same call with its parsed body mapped by `f` (the response and request id kept). */
export function mapData<T, U>(promise: APIPromise<T>, f: (data: T) => U): APIPromise<U> {
  return APIPromise.derive(promise, (answer) => f(answer.data));
}
