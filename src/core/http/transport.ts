// The one HTTP path every resource uses: a call's options checked, its request built, sent and
// read. Knows HTTP, not any API family.
//
// A call goes `call` / `open` / `jsonOrStream` -> `#operate` -> `#try` -> `#plain` ->
// `Attempts.send`. A plain call (no budget, onCost, middleware, fallback, OTel) takes the plain
// branch at each step: its options checked only when given, its request built synchronously, one
// AbortController and one timer, fetch, the body's text, JSON.parse, the error-envelope check, the
// result; its request id and cost are read when `withResponse()` asks. Each feature has its own
// file, is installed when the client is made with it (money also when the client first reads a
// cost), and is reached by one branch: a client with middleware, or a call that lists models or
// has its own budget, runs featured.ts (middleware.ts around each attempt, the fallback loop of
// fallback.ts); a billed call of a client that asked for money runs its billing (billing.ts). The
// attempts, their retries and exchanges are attempts.ts; what one request sends (URL, headers,
// body, key) is request-init.ts; redirects are redirects.ts.

import { GenwayError } from "../errors/errors.js";
import { neverSent } from "../errors/never-sent.js";
import { gatewayRoot } from "../shared/base-url.js";
import type { Logger } from "../shared/log.js";
import { checkOptions } from "../validation/options.js";
import type { ValidationMode } from "../validation/validate.js";
import { type Answer, APIPromise, NOT_BILLED, RawAnswer } from "./api-promise.js";
import { Attempts, type CallState, type Reader } from "./attempts.js";
import { BilledCalls, type Billing, type MoneyPort } from "./billing.js";
import { type Connection, underClock } from "./connection.js";
import { type Features, featured } from "./featured.js";
import { isHtml, isJson, readJson, rejectHtml, rejectJson } from "./json-body.js";
import { type CallInfo, CallRecord, type Middleware, PRICES_READ } from "./middleware.js";
import {
  EVENT_STREAM,
  modelOf,
  type Operation,
  type QueryValue,
  type RequestSpec,
  specOf,
} from "./operation.js";
import type { HeadersLike } from "./request-init.js";
import { REQUEST_OPTIONS, type RequestOptions } from "./request-options.js";
import type { FetchOptions } from "./runtime-fetch.js";
import { meteredParams } from "./units.js";

export type { QueryValue, RequestSpec } from "./operation.js";
export { checkKey, type HeadersLike, keyProblem } from "./request-init.js";
export type { RequestOptions } from "./request-options.js";
export type { FetchOptions } from "./runtime-fetch.js";

export interface TransportConfig {
  apiKey: string | (() => string | Promise<string>);
  baseURL: string;
  timeout: number;
  idleTimeout: number;
  maxRetries: number;
  maxRetryAfter: number;
  /** ms the first retry waits when the server gave no Retry-After (see GenwayOptions.retryDelay). */
  retryDelay: number;
  /** Bytes a JSON answer may hold (see GenwayOptions.maxResponseBytes). */
  maxResponseBytes: number;
  fetch: typeof fetch | undefined;
  /** Passed to every fetch (requests, redirects, downloads), under genway's own fields. */
  fetchOptions: FetchOptions | undefined;
  defaultHeaders: HeadersLike | undefined;
  defaultQuery: Record<string, QueryValue> | undefined;
  log: Logger;
  /** Whether declared operations check their params before sending (`off`: sent as given). */
  validation: ValidationMode;
  /** The client's middleware (undefined or empty: none), around every attempt of every call. */
  middleware?: readonly Middleware[] | undefined;
  /** The client's money, loaded when it first asks for it; undefined: calls are never priced. */
  money?: MoneyPort | undefined;
}

/** The options of a call given none: nothing to check. */
const NO_OPTIONS: RequestOptions = Object.freeze({});

/** What middleware sees as the operation of a request that is no declared operation. */
const UNDECLARED = { operation: "request", parent: undefined };

/** A spec, or a function building it (validating, encoding) once the call has started. */
export type SpecSource = RequestSpec | (() => RequestSpec | Promise<RequestSpec>);

export class Transport {
  readonly #config: TransportConfig;
  /** The gateway's API root (`<root>/v1/`): the URLs that may get the key besides the operations. */
  readonly #api: string;
  readonly #attempts: Attempts;
  readonly #readJson: Reader<unknown>;
  /** The client's billed calls (an operation with a meter); undefined: calls are never priced. */
  readonly #billed: BilledCalls | undefined;
  /** The client's middleware: every call is then featured and recorded. */
  readonly #chain: readonly Middleware[] | undefined;
  /** What a featured call uses. */
  readonly #features: Features;

  constructor(config: TransportConfig) {
    this.#config = config;
    const base = `${gatewayRoot(config.baseURL)}/`;
    this.#api = `${new URL(base).href}v1/`;
    this.#chain = config.middleware?.length ? config.middleware : undefined;
    this.#attempts = new Attempts({ ...config, base, middleware: this.#chain });
    const max = config.maxResponseBytes;
    this.#readJson = (c) => readJson(c, max);
    const { money } = config;
    this.#billed =
      money &&
      new BilledCalls({
        money,
        build: (op, params, options) => this.#build(op, params, options),
        attempts: this.#attempts,
      });
    this.#features = {
      chain: this.#chain,
      log: config.log,
      billed: this.#billed,
      try: (op, params, options, read, state) => this.#try(op, params, options, read, state),
    };
  }

  get log(): Logger {
    return this.#config.log;
  }

  /** This client's fetch and clocks, without its key or headers: for downloads of result URLs. */
  get foreignConfig(): {
    fetch: typeof globalThis.fetch | undefined;
    fetchOptions: FetchOptions | undefined;
    timeout: number;
    idleTimeout: number;
    maxRetries: number;
    retryDelay: number;
  } {
    const { fetch, fetchOptions, timeout, idleTimeout, maxRetries, retryDelay } = this.#config;
    return { fetch, fetchOptions, timeout, idleTimeout, maxRetries, retryDelay };
  }

  /** `path` under the gateway's API root (its root's /v1/): where the relay serves a file of its own. */
  apiURL(path: string): string {
    return this.#api + path;
  }

  /**
   * Whether `url` is a route of the gateway's API (under its root's /v1/, on its origin): a file the
   * relay serves itself behind its key (new-api's /v1/videos/{id}/content). Files anywhere else,
   * the gateway's own file host included, are fetched without the key (a presigned URL refuses one).
   */
  servesWithKey(url: URL): boolean {
    return url.href.startsWith(this.#api);
  }

  /**
   * The client asks for money (when it is made with budget, onCost, group, prices or middleware;
   * else on its first cost read): its billing loads, once, and every billed call is metered from
   * now on. Calls made while it loads wait for it.
   */
  askMoney(): Promise<Billing> {
    return this.#billed ? this.#billed.ask() : Promise.reject(new GenwayError("This client prices nothing."));
  }

  /**
   * A declared operation: checks `params` (unless validation is off), builds the request and sends
   * it under the operation's retry policy; resolves to the parsed JSON answer. Building happens
   * inside the promise, so a ValidationError rejects it and nothing is sent.
   */
  call<T, P>(op: Operation<P>, params: P, options?: RequestOptions): APIPromise<T> {
    return kept(this.#readJson as Reader<T>, (read) =>
      this.#promise(op, params, options, this.#operate(op, params, options, false, read)),
    );
  }

  /** A declared operation whose body the caller consumes (a stream, a file): see {@link connect}. */
  open<T, P>(
    op: Operation<P>,
    params: P,
    options: RequestOptions | undefined,
    wrap: (c: Connection) => T | Promise<T>,
  ): APIPromise<T> {
    const stream = (typeof op.accept === "function" ? op.accept(params) : op.accept) === EVENT_STREAM;
    return kept(this.#unwrapped(wrap), (unwrapped) => {
      const read =
        op.meter && this.#billed
          ? this.#billed.body(op, params, options ?? NO_OPTIONS, unwrapped)
          : unwrapped;
      return this.#promise(op, params, options, this.#operate(op, params, options, stream, read));
    });
  }

  /**
   * The json-or-stream overloads of chat, messages and responses: `params.stream === true` opens the
   * event stream with `open`, anything else resolves to the JSON answer (passed through `json`).
   */
  jsonOrStream<J, S, P extends { stream?: boolean | null | undefined }>(
    op: Operation<P>,
    params: P,
    options: RequestOptions | undefined,
    open: (c: Connection) => S | Promise<S>,
    json?: (body: J) => J,
  ): APIPromise<J> | APIPromise<S> {
    // Params that are no object are refused by the call (specOf), as a rejection.
    if ((params as P | undefined)?.stream === true) return this.open(op, params, options, open);
    if (!json) return this.call<J, P>(op, params, options);
    const parsed: Reader<J> = async (c, spec) => json((await this.#readJson(c, spec)) as J);
    return kept(parsed, (read) =>
      this.#promise(op, params, options, this.#operate(op, params, options, false, read)),
    );
  }

  /** A JSON request that is no declared operation (a query): parsed body, error envelopes in 2xx bodies as typed errors. */
  json<T>(spec: SpecSource, options?: RequestOptions): APIPromise<T> {
    return kept(
      this.#readJson as Reader<T>,
      (read) => new APIPromise(this.#unbilled(spec, options, read, false)),
    );
  }

  /**
   * A read of the gateway's prices (GET /api/pricing, /api/status) made by the client's money: a
   * query like {@link json}, which middleware sees as the operation `prices.load`, made for the
   * call that needed it (`parent`) when one did.
   */
  priceRead<T>(path: string, options: RequestOptions, parent?: CallInfo): APIPromise<T> {
    const spec: RequestSpec = { method: "GET", path, policy: "idempotent" };
    return new APIPromise(
      this.#unbilled(spec, options, this.#readJson as Reader<T>, false, { operation: PRICES_READ, parent }),
    );
  }

  /**
   * A request whose body the caller consumes: an event stream or a file. A JSON answer (an error
   * envelope sent with a 2xx) is read here, inside the retry loop, and becomes its typed error: as a
   * stream it would end with no events, as a file it would be saved as audio. Only a spec whose
   * `accept` names JSON too (a file that relays may answer with a JSON link) hands JSON to `wrap`.
   */
  connect<T>(
    spec: SpecSource,
    options: RequestOptions | undefined,
    wrap: (c: Connection) => T | Promise<T>,
  ): APIPromise<T> {
    return kept(this.#unwrapped(wrap), (read) => new APIPromise(this.#unbilled(spec, options, read, false)));
  }

  /** The promise of a declared operation's call: a billed call's prices its `withResponse()` (billing.ts). */
  #promise<T, P>(
    op: Operation<P>,
    params: P,
    options: RequestOptions | undefined,
    answer: Promise<Answer<T>>,
  ): APIPromise<T> {
    return op.meter && this.#billed
      ? this.#billed.promise(op, params, options ?? NO_OPTIONS, answer)
      : new APIPromise(answer);
  }

  #unwrapped<T>(wrap: (c: Connection) => T | Promise<T>): Reader<T> {
    return async (c, spec) => {
      // A relay's dashboard page: read as a stream it would only end "early", as a file be saved.
      if (isHtml(c.response)) await rejectHtml(c);
      if (isJson(c.response) && !/\bjson\b/i.test(spec.accept ?? "")) {
        await rejectJson(c, spec.accept === EVENT_STREAM ? "an event stream" : "a binary body");
      }
      return wrap(c);
    };
  }

  async #unbilled<T>(
    source: SpecSource,
    options: RequestOptions = NO_OPTIONS,
    read: Reader<T>,
    stream: boolean,
    made: { operation: string; parent: CallInfo | undefined } = UNDECLARED,
  ): Promise<Answer<T>> {
    if (options !== NO_OPTIONS) checkOptions("request", options, REQUEST_OPTIONS);
    const spec = typeof source === "function" ? await this.#underClock(source, options) : source;
    const record = this.#chain && new CallRecord(made.operation, undefined, stream, made.parent);
    const state = record && { record, handOver: undefined };
    try {
      const answer = await this.#attempts.send(spec, options, read, undefined, state);
      record?.answered(answer, NOT_BILLED);
      return answer;
    } catch (error) {
      record?.failed(error, NOT_BILLED);
      throw error;
    }
  }

  /**
   * One call of a declared operation, its options checked: a call that uses a feature (a client
   * with middleware; a call with its own budget or a list of models) goes to featured.ts, any
   * other straight to its try.
   */
  #operate<P, T>(
    op: Operation<P>,
    params: P,
    options: RequestOptions = NO_OPTIONS,
    stream: boolean,
    read: Reader<T>,
  ): Promise<Answer<T>> {
    try {
      if (options !== NO_OPTIONS) checkOptions("request", options, REQUEST_OPTIONS);
      if (this.#chain || usesFeature(op, params, options)) {
        return featured(this.#features, op, params, options, stream, read);
      }
      return this.#try(op, params, options, read, undefined);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * One model's try: metered by the client's billing once the client asked for money (a billed
   * operation), else plain.
   */
  #try<P, T>(
    op: Operation<P>,
    params: P,
    options: RequestOptions,
    read: Reader<T>,
    state: CallState | undefined,
  ): Promise<Answer<T>> {
    if (op.meter && this.#billed?.metering) return this.#billed.metered(op, params, options, read, state);
    return this.#plain(op, params, options, read, state);
  }

  /**
   * One model's try, unmetered: build (synchronously, unless the body must be read), send, read. A
   * billed call is counted in the client's ledger (what `gw.costs` totals; billing.ts): its model
   * and what its answer says it used, or, failed, whether it may have been billed.
   */
  async #plain<P, T>(
    op: Operation<P>,
    params: P,
    options: RequestOptions,
    read: Reader<T>,
    state: CallState | undefined,
  ): Promise<Answer<T>> {
    let spec = this.#build(op, params, options);
    if (spec instanceof Promise) spec = await spec;
    const billed = op.meter && this.#billed;
    let answer: Answer<T>;
    try {
      answer = await this.#attempts.send(spec, options, read, modelOf(op, params), state);
    } catch (error) {
      if (billed) billed.failed(op, params, error);
      throw error;
    }
    if (billed) billed.counted(op, params, options, answer.data);
    state?.record?.answered(answer, op.meter ? "priced when withResponse() is read" : NOT_BILLED);
    return answer;
  }

  /**
   * Checks the params and builds the request: at once for a body that cannot stall, under the
   * clocks for one that reads an upload source (which may never yield). A failure is marked as
   * never sent; it rejects the call's promise (the callers are async).
   */
  #build<P>(op: Operation<P>, params: P, options: RequestOptions): RequestSpec | Promise<RequestSpec> {
    let spec: RequestSpec | Promise<RequestSpec>;
    try {
      spec = specOf(op, params, this.#config.validation);
      // A billed call's extra_body is part of what it bills: its model field is refused (units.ts).
      if (op.meter && options.extra_body !== undefined) meteredParams(op, params, options);
    } catch (error) {
      throw neverSent(error);
    }
    if (!(spec instanceof Promise)) return spec;
    return this.#underClock(spec, options).catch((error: unknown) => {
      throw neverSent(error);
    });
  }

  /** `work` (building a body, reading an upload source) under the caller's signal and the response clock. */
  #underClock<S>(work: Promise<S> | (() => S | Promise<S>), options: RequestOptions): Promise<S> {
    return underClock(async () => (typeof work === "function" ? work() : work), {
      signal: options.signal,
      timeout: options.timeout ?? this.#config.timeout,
    });
  }
}

/** Whether a call uses a feature of its own: a budget, or more than one model (featured.ts). */
function usesFeature<P>(op: Operation<P>, params: P, options: RequestOptions): boolean {
  return (
    (options !== NO_OPTIONS && (options.budget !== undefined || options.fallback !== undefined)) ||
    Array.isArray((params as Record<string, unknown> | undefined)?.[op.modelField ?? "model"])
  );
}

/**
 * The call `start` makes with `read`, whose `asResponse()` finds the response unread: when it asked
 * in time, the reader first keeps a copy (`clone()`: the body comes from the network once, for both).
 */
function kept<T>(read: Reader<T>, start: (read: Reader<T>) => APIPromise<T>): APIPromise<T> {
  const raw = new RawAnswer();
  const keeping: Reader<T> = (c, spec) => {
    if (raw.wanted) raw.copy = c.response.clone();
    return read(c, spec);
  };
  return APIPromise.attachRaw(start(keeping), raw);
}
