/** The options every method takes as its last argument, and the names a call may give. */

import { type OptionChecks, option } from "../validation/options.js";
import type { BudgetOptions } from "./cost.js";
import type { FallbackOptions } from "./fallback.js";
import type { QueryValue } from "./operation.js";
import type { HeadersLike, RequestParts } from "./request-init.js";
import type { FetchOptions } from "./runtime-fetch.js";

/** Per-call options every method accepts as its last argument. */
export interface RequestOptions extends FallbackOptions, RequestParts {
  /**
   * Aborts the call (the wait between retries too) with APIUserAbortError.
   * @default none
   */
  signal?: AbortSignal | undefined;
  /**
   * ms until the answer (response headers; a stream's first data event), per attempt.
   * @default the client's `timeout`
   */
  timeout?: number | undefined;
  /**
   * ms allowed between two chunks of a streamed or downloaded body.
   * @default the client's `idleTimeout`
   */
  idleTimeout?: number | undefined;
  /**
   * Retries of this call where its retry policy allows one.
   * @default the client's `maxRetries`
   */
  maxRetries?: number | undefined;
  /**
   * Headers of this call, over the client's `defaultHeaders` (`undefined` removes one).
   * @default none
   */
  headers?: HeadersLike | undefined;
  /**
   * Query parameters of this call, over the client's `defaultQuery`.
   * @default none
   */
  query?: Record<string, QueryValue> | undefined;
  /**
   * Fields to send that the params types do not declare (the gateway added them after this release).
   * Merged over the JSON body as given (or appended as multipart fields), after validation: the
   * escape hatch for a field the compiler does not know yet, as openai-node's `body` option is.
   * @default none
   */
  extra_body?: Record<string, unknown> | undefined;
  /**
   * Options for this call's fetch (a proxy's `dispatcher`, `keepalive` ...), over the client's
   * `fetchOptions` (docs/client.md, "Proxies and fetch options").
   * @default the client's `fetchOptions`
   */
  fetchOptions?: FetchOptions | undefined;
  /**
   * A limit for this call alone (CNY), checked against its worst case before sending, on top of
   * the client's budget (docs/cost.md).
   * @default none (the client's budget alone)
   */
  budget?: BudgetOptions | undefined;
}

/**
 * Every option a call takes, with its check: the names a call may give (any other is a
 * ValidationError naming the closest) and what each must hold, from this one map. Declaring an
 * option in RequestOptions without a check here is a compile error.
 */
export const REQUEST_OPTIONS = {
  signal: option.signal,
  timeout: option.clock,
  idleTimeout: option.clock,
  maxRetries: option.count,
  headers: option.headers,
  query: option.query,
  extra_body: option.fields,
  fetchOptions: option.fetchOptions,
  budget: option.budget,
  fallback: option.list,
  paidFallback: option.flag,
} as const satisfies OptionChecks<keyof RequestOptions>;
