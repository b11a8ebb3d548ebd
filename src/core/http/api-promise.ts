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
   * The call's cost by the spec's price table for the client's `group`; `null` when it cannot be
   * priced (see `costReason`): never a silent zero. A stream's is known at its end (`stream.cost()`).
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

  constructor(result: Promise<WithResponse<T>>) {
    let resolveData!: (value: T) => void;
    let rejectData!: (reason: unknown) => void;
    super((resolve, reject) => {
      resolveData = resolve;
      rejectData = reject;
    });
    this.#result = result;
    result.then((r) => resolveData(r.data), rejectData);
    // A caller who awaits only .withResponse() must not see an "unhandled rejection" from this one.
    Promise.prototype.then.call(this, undefined, () => {});
  }

  /** The parsed body together with the raw `Response` and the gateway's request id. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }
}

/** The same call with its parsed body mapped by `f` (the response and request id kept). */
export function mapData<T, U>(promise: APIPromise<T>, f: (data: T) => U): APIPromise<U> {
  return new APIPromise(promise.withResponse().then((r) => ({ ...r, data: f(r.data) })));
}
