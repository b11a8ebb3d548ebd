/**
 * The attempt loop: one request sent as one or more attempts. Each attempt builds the request's
 * URL, headers and body (request-init.ts), opens it under one AbortController and one timer
 * (connection.ts), decodes a non-2xx answer into its typed error and reads the body; the retry
 * loop (retry.ts) starts only after a failed attempt. An attempt is plain (a string key, fetch, a
 * redirect followed only on a 3xx) unless the client has an apiKey function or middleware: `#attempt`
 * takes one branch to `#trackedExchange` then.
 */

import { neverSent } from "../errors/never-sent.js";
import type { Logger } from "../shared/log.js";
import { logs } from "../shared/log.js";
import { registerSecret } from "../shared/redact.js";
import type { Answer } from "./api-promise.js";
import { type Connection, failureOf, startAttempt, untilAborted } from "./connection.js";
import { type CallRecord, type Middleware, REDACTED_KEY, throughChain } from "./middleware.js";
import type { QueryValue, RequestSpec } from "./operation.js";
import { follow, isRedirect } from "./redirects.js";
import { type HeadersLike, RotatingKey, requestBody, requestHeaders, requestURL } from "./request-init.js";
import type { RequestOptions } from "./request-options.js";
import { retryAfter } from "./retry.js";
import { type FetchInit, type FetchOptions, fetchInit, RUNTIME_FETCH } from "./runtime-fetch.js";

/** Reads the connection of one attempt into the call's data (`model`: the model this attempt asked for). */
export type Reader<T> = (c: Connection, spec: RequestSpec, model?: string) => Promise<T>;

/** What the features of one call share: made only for a call that uses one. */
export interface CallState {
  /** The record middleware sees of the call (the client has middleware). */
  record: CallRecord | undefined;
  /** An error to hand back at once instead of retrying: one a fallback model will take. */
  handOver: ((error: unknown) => boolean) | undefined;
}

/** What the attempts of a client's requests use of its options. */
export interface AttemptsConfig {
  apiKey: string | (() => string | Promise<string>);
  /** The gateway's root with one trailing slash: request paths are appended to it. */
  base: string;
  timeout: number;
  idleTimeout: number;
  maxRetries: number;
  maxRetryAfter: number;
  /** ms the first retry waits when the server gave no Retry-After (see GenwayOptions.retryDelay). */
  retryDelay: number;
  fetch: typeof fetch | undefined;
  /** Passed to every fetch, under genway's own fields (runtime-fetch.ts). */
  fetchOptions: FetchOptions | undefined;
  defaultHeaders: HeadersLike | undefined;
  defaultQuery: Record<string, QueryValue> | undefined;
  log: Logger;
  /** The client's middleware, around every attempt (undefined: none). */
  middleware: readonly Middleware[] | undefined;
}

/**
 * A tracked attempt (an apiKey function, middleware): whether its request was handed to fetch (set
 * just before the call; an attempt that failed before then sent nothing), and what the middleware
 * sees of it.
 */
interface Tracking {
  handed: boolean;
  model: string | undefined;
  record: CallRecord | undefined;
}

export class Attempts {
  readonly #config: AttemptsConfig;
  readonly #origin: string;
  /**
   * The client's `fetch` option. Without one, each request calls what globalThis.fetch is then (one
   * property read): a fetch installed after the client was made (msw's `server.listen()` in a
   * test's beforeAll, a monitoring wrapper) sees its requests.
   */
  readonly #fetch: typeof fetch | undefined;
  /** The fetch options of each attempt: the client's and the call's, and on Node the clock-free dispatcher. */
  readonly #init: FetchInit;
  readonly #key: RotatingKey | undefined;
  readonly #chain: readonly Middleware[] | undefined;
  /**
   * Whether an attempt's request may fail or stall before fetch (an apiKey function, middleware):
   * then it is tracked, raced with the clocks, and exchanged by `#trackedExchange`.
   */
  readonly #tracked: boolean;

  constructor(config: AttemptsConfig) {
    this.#config = config;
    const { apiKey } = config;
    if (typeof apiKey === "string") registerSecret(apiKey);
    else this.#key = new RotatingKey(apiKey);
    this.#origin = new URL(config.base).origin;
    this.#fetch = config.fetch;
    this.#init = fetchInit(config.fetchOptions);
    this.#chain = config.middleware;
    this.#tracked = this.#key !== undefined || this.#chain !== undefined;
  }

  /**
   * Sends `spec` and reads its answer; the retry loop starts only after a failed first attempt.
   * `retrying` is told of each failed attempt before its retry (it may throw to stop: a budget).
   */
  async send<T>(
    spec: RequestSpec,
    options: RequestOptions,
    read: Reader<T>,
    model: string | undefined,
    state: CallState | undefined,
    retrying?: (error: unknown) => void,
  ): Promise<Answer<T>> {
    try {
      return await this.#attempt(spec, options, read, model, state);
    } catch (error) {
      return this.#retry(error, spec, options, read, model, state, retrying);
    }
  }

  /** The retry loop after a failed first attempt (retry.ts decides whether, and when, to try again). */
  #retry<T>(
    error: unknown,
    spec: RequestSpec,
    options: RequestOptions,
    read: Reader<T>,
    model: string | undefined,
    state: CallState | undefined,
    retrying: ((error: unknown) => void) | undefined,
  ): Promise<Answer<T>> {
    return retryAfter(error, () => this.#attempt(spec, options, read, model, state), {
      policy: spec.policy,
      maxRetries: options.maxRetries ?? this.#config.maxRetries,
      maxRetryAfter: this.#config.maxRetryAfter,
      retryDelay: this.#config.retryDelay,
      signal: options.signal,
      replayable: !(spec.body instanceof ReadableStream),
      handOver: state?.handOver,
      onRetry: (failure, attempt, wait) => {
        // May throw BudgetExceededError: a retry that no longer fits the budget is not made.
        retrying?.(failure);
        this.#config.log.info(
          `${spec.method} ${spec.path}${model ? ` (${model})` : ""} failed (${failure instanceof Error ? failure.message : String(failure)}); retry ${attempt} in ${Math.round(wait)} ms`,
        );
      },
    });
  }

  /**
   * One attempt: its connection opened under the clocks (a plain attempt sends at once; a tracked
   * one, {@link #trackedExchange}, may wait for its key or middleware), a non-2xx answer decoded
   * into its typed error, the body read.
   */
  async #attempt<T>(
    spec: RequestSpec,
    options: RequestOptions,
    read: Reader<T>,
    model: string | undefined,
    state: CallState | undefined,
  ): Promise<Answer<T>> {
    const { log } = this.#config;
    const debug = logs(log, "debug");
    const started = debug ? Date.now() : 0;
    const url = requestURL(this.#config.base, spec, options, this.#config.defaultQuery);
    // Called as a plain function: a browser's or workerd's fetch throws "Illegal invocation" when
    // called as a method of another object (this.#fetch(...) would make `this` the Attempts).
    const send = this.#fetch ?? globalThis.fetch;
    // A plain attempt reaches fetch at once, and allocates nothing for tracking.
    const tracking: Tracking | undefined = this.#tracked
      ? { handed: false, model, record: state?.record }
      : undefined;
    const connection = startAttempt(url, {
      signal: options.signal,
      timeout: options.timeout ?? this.#config.timeout,
      idleTimeout: options.idleTimeout ?? this.#config.idleTimeout,
      signalled: tracking === undefined && send === RUNTIME_FETCH,
    });
    const { signal } = connection.controller;
    try {
      let response: Response;
      if (tracking) {
        response = await untilAborted(
          this.#trackedExchange(url, spec, options, signal, tracking, send),
          signal,
        );
      } else {
        // Plain: its request, one fetch (raced with the abort unless it is the runtime's own, which
        // honours its signal), and a redirect followed by hand (redirects.ts).
        const init = this.#request(spec, options, signal, send);
        const sent = send(url, init);
        response = await (connection.signalled ? sent : untilAborted(sent, signal));
        if (isRedirect(response)) response = await follow(response, init, spec.policy, this.#origin, send);
      }
      connection.opened(response);
    } catch (error) {
      const failure = connection.failed(error);
      throw tracking && !tracking.handed ? neverSent(failure) : failure;
    }
    const { response } = connection;
    // The line is built only when debug logging is on: with the default level it would be garbage.
    if (debug) {
      log.debug(`${spec.method} ${spec.path} -> ${response.status} in ${Date.now() - started} ms`, {
        requestId: connection.requestId,
      });
    }
    if (!response.ok) throw await failureOf(connection, connection.url);
    let data: T;
    try {
      data = await read(connection, spec, model);
    } catch (error) {
      connection.release();
      throw error;
    }
    return { data, response, model };
  }

  /**
   * What a plain attempt (a string key, no middleware) sends: its headers, its body, and the fetch
   * options (`redirect: "manual"`: a redirect is followed by hand, see redirects.ts).
   */
  #request(spec: RequestSpec, options: RequestOptions, signal: AbortSignal, send: typeof fetch): RequestInit {
    const headers = requestHeaders(spec, options, this.#config.defaultHeaders, this.#config.apiKey as string);
    const body = requestBody(spec, options, headers);
    return this.#init(
      send,
      { method: spec.method, headers, body, signal, redirect: "manual" },
      options.fetchOptions,
    );
  }

  /**
   * A key from the apiKey function, and the middleware chain with the key's stand-in in its
   * headers; `tracking.handed` is set once the request is handed to fetch.
   */
  async #trackedExchange(
    url: string,
    spec: RequestSpec,
    options: RequestOptions,
    signal: AbortSignal,
    tracking: Tracking,
    send: typeof fetch,
  ): Promise<Response> {
    const { model, record } = tracking;
    const key = this.#key ? await this.#key.get() : (this.#config.apiKey as string);
    const headers = requestHeaders(spec, options, this.#config.defaultHeaders, record ? REDACTED_KEY : key);
    const body = requestBody(spec, options, headers);
    const handed = (to: string, init: RequestInit) => {
      tracking.handed = true;
      return this.#fetchFollowing(send, to, { ...init, redirect: "manual" }, spec, options);
    };
    if (!record || !this.#chain) return handed(url, { method: spec.method, headers, body, signal });
    const init = { method: spec.method, url, headers, body, signal };
    return throughChain(this.#chain, this.#origin, record, model, init, key, handed);
  }

  /**
   * One fetch of a tracked attempt, with `redirect: "manual"`: a redirect is followed by hand, and
   * only on a 3xx (redirects.ts): fetch would carry custom auth headers to any host, and POST a
   * paid submission again.
   */
  async #fetchFollowing(
    send: typeof fetch,
    url: string,
    genway: RequestInit,
    spec: RequestSpec,
    options: RequestOptions,
  ): Promise<Response> {
    const init = this.#init(send, genway, options.fetchOptions);
    const response = await send(url, init);
    return isRedirect(response) ? follow(response, init, spec.policy, this.#origin, send) : response;
  }
}
