/** The promise every method returns: the parsed body, plus `.withResponse()` for the raw response and request id. */

import type { CostEstimate } from "../money/cost.js";

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
   * The call's cost by the client's prices (the gateway's own, the spec's table or yours) in its
   * `group`; `null` when it cannot be priced (see `costReason`): never a silent zero. A stream's is
   * known at its end (`stream.cost()`).
   */
  cost: CostEstimate | null;
  /** Why `cost` is null: the model is not in the catalog, the operation is not billed, ... */
  costReason: string | undefined;
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

  readonly #result: Promise<WithResponse<T>>;
  /** Called when the cost may be read: a billed call's client then loads its prices (docs/cost.md). */
  readonly #costRead: (() => void) | undefined;

  /** `costRead`: what reading `withResponse()` of a billed call asks of its client. */
  constructor(result: Promise<WithResponse<T>>, costRead?: () => void) {
    let resolveData!: (value: T) => void;
    let rejectData!: (reason: unknown) => void;
    super((resolve, reject) => {
      resolveData = resolve;
      rejectData = reject;
    });
    this.#result = result;
    this.#costRead = costRead;
    result.then((r) => resolveData(r.data), rejectData);
    // A caller who awaits only .withResponse() must not see an "unhandled rejection" from this one.
    Promise.prototype.then.call(this, undefined, () => {});
  }

  /** The parsed body together with the raw `Response`, the gateway's request id and the call's cost. */
  withResponse(): Promise<WithResponse<T>> {
    this.#costRead?.();
    return this.#result;
  }

  /**
   * @internal The same call with its result mapped by `f`: a promise built on another (a task from
   * its submission, a mapped body). Reading it is not reading the cost; the derived promise's
   * `withResponse()` is.
   */
  static derive<T, U>(
    promise: APIPromise<T>,
    f: (result: WithResponse<T>) => WithResponse<U> | Promise<WithResponse<U>>,
  ): APIPromise<U> {
    return new APIPromise(promise.#result.then(f), promise.#costRead);
  }
}

/** The same call with its parsed body mapped by `f` (the response and request id kept). */
export function mapData<T, U>(promise: APIPromise<T>, f: (data: T) => U): APIPromise<U> {
  return APIPromise.derive(promise, (r) => ({ ...r, data: f(r.data) }));
}
