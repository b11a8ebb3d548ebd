/**
 * The one HTTP path every resource uses: auth, headers, query, the response clock, the caller's
 * signal, error decoding and billing-safe retries. Knows HTTP, not any API family.
 *
 * A plain call (no budget, onCost, middleware, fallback, OTel) runs the plain path: its prebuilt
 * operation checked and its request built synchronously, one AbortController and one timer, fetch,
 * the body's text, JSON.parse, the error-envelope check, the result. The request id and cost are
 * read when `withResponse()` asks; retries start only after a failure; redirects are followed only
 * on a 3xx. Each feature is installed when the client is made with it (or, for money, when it first
 * asks), never tested on a plain call: middleware (middleware.ts) replaces the exchange, money
 * (src/money, through billing.ts) the try of a billed call; fallback (fallback.ts) runs when a call
 * lists models. The request's parts are built by request-init.ts, redirects followed by redirects.ts.
 */

import { GenwayError } from "../errors/errors.js";
import { gatewayRoot } from "../shared/base-url.js";
import { type Logger, logs } from "../shared/log.js";
import { registerSecret } from "../shared/redact.js";
import { requestIdFrom } from "../shared/request-id.js";
import { checkOptions, REQUEST_OPTIONS } from "../validation/options.js";
import type { ValidationMode } from "../validation/validate.js";
import { type Answer, APIPromise, type Completion, completed, NOT_BILLED } from "./api-promise.js";
import type { Billing, ModelTry } from "./billing.js";
import { type Connection, failureOf, openConnection, underClock } from "./connection.js";
import { SETTLES_LATER, type SettlesLater } from "./cost.js";
import { fallBack, modelChoices, modelOf, neverSent, wasNeverSent, withModel } from "./fallback.js";
import { isHtml, isJson, readJson, rejectHtml, rejectJson } from "./json-body.js";
import { CallRecord, type Middleware, REDACTED_KEY, throughChain } from "./middleware.js";
import { type Operation, type QueryValue, type RequestSpec, specOf } from "./operation.js";
import { follow, isRedirect } from "./redirects.js";
import { type HeadersLike, RotatingKey, requestBody, requestHeaders, requestURL } from "./request-init.js";
import { REQUEST_OPTION_NAMES, type RequestOptions } from "./request-options.js";
import { retryAfter } from "./retry.js";

export type { QueryValue, RequestSpec } from "./operation.js";
export { checkKey, type HeadersLike } from "./request-init.js";
export type { RequestOptions } from "./request-options.js";

export interface TransportConfig {
  apiKey: string | (() => string | Promise<string>);
  baseURL: string;
  timeout: number;
  idleTimeout: number;
  maxRetries: number;
  maxRetryAfter: number;
  /** Bytes a JSON answer may hold (see GenwayOptions.maxResponseBytes). */
  maxResponseBytes: number;
  fetch: typeof fetch | undefined;
  defaultHeaders: HeadersLike | undefined;
  defaultQuery: Record<string, QueryValue> | undefined;
  log: Logger;
  /** Whether declared operations check their params before sending (`off`: sent as given). */
  validation: ValidationMode;
  /**
   * Loads the client's billing, when it first asks for money (a cost read, a call's own budget):
   * from then on every billed call is metered. Undefined: calls are never priced.
   */
  money?: (() => Promise<Billing>) | undefined;
}

/** Reads the connection of one attempt into the call's data. */
type Reader<T> = (c: Connection, spec: RequestSpec) => Promise<T>;

/** What the features of one call share: made only for a call that uses one. */
interface CallState {
  /** The record middleware sees of the call (the client has middleware). */
  record: CallRecord | undefined;
  /** An error to hand back at once instead of retrying: one a fallback model will take. */
  handOver: ((error: unknown) => boolean) | undefined;
}

/** One model's try of a call: plain, or metered by the client's billing. */
type Try = <P, T>(
  op: Operation<P>,
  params: P,
  options: RequestOptions,
  read: Reader<T>,
  state: CallState | undefined,
) => Promise<Answer<T>>;

/** One call of a declared operation (the options checked, the features it uses applied). */
type Operate = <P, T>(
  op: Operation<P>,
  params: P,
  options: RequestOptions | undefined,
  stream: boolean,
  read: Reader<T>,
) => Promise<Answer<T>>;

/** One HTTP exchange of an attempt: fetch (redirects on a 3xx), or through the middleware chain. */
type Exchange = (
  url: string,
  spec: RequestSpec,
  options: RequestOptions,
  signal: AbortSignal,
  model: string | undefined,
  record: CallRecord | undefined,
  sending: Sending | undefined,
) => Promise<Response>;

/** Whether one attempt's request was handed to fetch (set just before the call). */
interface Sending {
  handed: boolean;
}

/** The options of a call given none: nothing to check. */
const NO_OPTIONS: RequestOptions = Object.freeze({});

/** A spec, or a function building it (validating, encoding) once the call has started. */
export type SpecSource = RequestSpec | (() => RequestSpec | Promise<RequestSpec>);

/** The media type of a server-sent event stream. */
export const EVENT_STREAM = "text/event-stream";

export class Transport {
  readonly #config: TransportConfig;
  /** The gateway's root (baseURL without a trailing /v1) with one trailing slash: request paths are appended to it. */
  readonly #base: string;
  readonly #origin: string;
  readonly #fetch: typeof fetch;
  readonly #key: RotatingKey | undefined;
  readonly #readJson: Reader<unknown>;
  #chain: readonly Middleware[] | undefined;
  /** The exchange of every attempt: plain (a string key, no middleware) or keyed and chained. */
  #exchange: Exchange;
  /** Whether an attempt's request may fail or stall before fetch (an apiKey function, middleware). */
  #tracked: boolean;
  /** One model's try of a billed call: plain until the client asks for money, then metered. */
  #billed: Try;
  /** The client's billing, once loaded (its code is a dynamic import: see client-money.ts). */
  #billing: Promise<Billing> | undefined;
  #loaded: Billing | undefined;
  /** What reading `withResponse()` of a billed call asks: its cost, so the client's prices (see Billing.demand). */
  readonly #costRead = (): void => {
    if (this.#loaded) this.#loaded.demand();
    else if (this.#config.money)
      this.askMoney().then(
        (billing) => billing.demand(),
        () => {},
      );
  };
  /** What `withResponse()` of a billed call completes its answer with: its cost priced, if it was not. */
  readonly #priced: <T>(op: Operation<unknown>, params: unknown) => Completion<T>;

  constructor(config: TransportConfig) {
    this.#config = config;
    const { apiKey } = config;
    if (typeof apiKey === "string") registerSecret(apiKey);
    else this.#key = new RotatingKey(apiKey);
    this.#base = `${gatewayRoot(config.baseURL)}/`;
    this.#origin = new URL(this.#base).origin;
    this.#fetch = config.fetch ?? globalThis.fetch;
    const max = config.maxResponseBytes;
    this.#readJson = (c) => readJson(c, max);
    this.#tracked = this.#key !== undefined;
    this.#exchange = this.#tracked ? this.#keyedExchange : this.#plainExchange;
    this.#billed = this.#plain;
    this.#priced = (op, params) => (answer) =>
      answer.cost !== undefined || !this.#config.money
        ? completed(answer)
        : this.askMoney().then(async (billing) => {
            const tried = answer.model === undefined ? params : withModel(op, params, answer.model);
            const { cost, reason } = await billing.late(op, tried, answer);
            return { ...completed(answer), cost, costReason: reason };
          });
  }

  get log(): Logger {
    return this.#config.log;
  }

  /** This client's fetch and clocks, without its key or headers: for downloads of result URLs (core/download.ts). */
  get foreignConfig(): {
    fetch: typeof globalThis.fetch | undefined;
    timeout: number;
    idleTimeout: number;
    maxRetries: number;
  } {
    const { fetch, timeout, idleTimeout, maxRetries } = this.#config;
    return { fetch, timeout, idleTimeout, maxRetries };
  }

  /** Installs middleware (at client construction): every attempt goes through `chain`, every call is recorded. */
  useMiddleware(chain: readonly Middleware[]): void {
    if (chain.length === 0) return;
    this.#chain = chain;
    this.#tracked = true;
    this.#exchange = this.#keyedExchange;
    // Every call is recorded for the chain: none takes the plain way in.
    this.#operate = (op, params, options = NO_OPTIONS, stream, read) => {
      try {
        if (options !== NO_OPTIONS) checkOptions("request", options, REQUEST_OPTIONS, REQUEST_OPTION_NAMES);
        return this.#featured(op, params, options, stream, read);
      } catch (error) {
        return Promise.reject(error);
      }
    };
  }

  /**
   * The client asks for money (at construction with budget, onCost, group, prices or middleware;
   * else on its first cost read): its billing loads (once), and every billed call is metered from
   * now on. Calls made while it loads wait for it.
   */
  askMoney(): Promise<Billing> {
    if (this.#billed === this.#plain) {
      const loading = this.#load();
      this.#billed = async (op, params, options, read, state) =>
        (await loading).run(this.#try(op, params, options, read, state));
      loading.then(
        (billing) => this.#meterWith(billing),
        () => {},
      );
    }
    return this.#load();
  }

  /** Loads the client's billing (its code and its price source, no request), without asking for money. */
  #load(): Promise<Billing> {
    if (this.#billing === undefined) {
      const { money } = this.#config;
      this.#billing = money ? money() : Promise.reject(new GenwayError("This client prices nothing."));
      this.#billing.then(
        (billing) => {
          this.#loaded = billing;
        },
        () => {},
      );
    }
    return this.#billing;
  }

  #meterWith(billing: Billing): void {
    this.#billed = (op, params, options, read, state) =>
      billing.run(this.#try(op, params, options, read, state));
  }

  /**
   * A declared operation: checks `params` (unless validation is off), builds the request and sends
   * it under the operation's retry policy; resolves to the parsed JSON answer. Building happens
   * inside the promise, so a ValidationError rejects it and nothing is sent.
   */
  call<T, P>(op: Operation<P>, params: P, options?: RequestOptions): APIPromise<T> {
    return new APIPromise(
      this.#operate(op, params, options, false, this.#readJson as Reader<T>),
      op.meter ? this.#priced(op as Operation<unknown>, params) : completed,
      op.meter && this.#costRead,
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
    const read = this.#unwrapped(wrap);
    return new APIPromise(
      this.#operate(op, params, options, stream, op.meter ? this.#billedBody(op, params, read) : read),
      op.meter ? this.#priced(op as Operation<unknown>, params) : completed,
      op.meter && this.#costRead,
    );
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
    if (params.stream === true) return this.open(op, params, options, open);
    if (!json) return this.call<J, P>(op, params, options);
    const read: Reader<J> = async (c, spec) => json((await this.#readJson(c, spec)) as J);
    return new APIPromise(
      this.#operate(op, params, options, false, read),
      this.#priced(op as Operation<unknown>, params),
      op.meter && this.#costRead,
    );
  }

  /** A JSON request that is no declared operation (a query): parsed body, error envelopes in 2xx bodies as typed errors. */
  json<T>(spec: SpecSource, options?: RequestOptions): APIPromise<T> {
    return new APIPromise(this.#unbilled(spec, options, this.#readJson as Reader<T>, false));
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
    return new APIPromise(this.#unbilled(spec, options, this.#unwrapped(wrap), false));
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

  /**
   * A billed body the caller consumes, read before the client asked for money: a stream whose cost
   * may be read at any time (`stream.cost()`) gets a bill that opens when it is first read.
   */
  #billedBody<T, P>(op: Operation<P>, params: P, read: Reader<T>): Reader<T> {
    const money = this.#config.money;
    if (!money) return read;
    return async (c, spec) => {
      const data = await read(c, spec);
      if (isSettlesLater(data)) {
        // Loaded now (once per process, alongside the request) so that a synchronous cost read
        // finds it; nothing of it runs unless the cost is read.
        const billing = await this.#load();
        const answer = { data, response: c.response, model: modelOf(op, params) };
        data[SETTLES_LATER](billing.lateStream(op, params, answer, () => void this.askMoney()));
      }
      return data;
    };
  }

  async #unbilled<T>(
    source: SpecSource,
    options: RequestOptions = NO_OPTIONS,
    read: Reader<T>,
    stream: boolean,
  ): Promise<Answer<T>> {
    if (options !== NO_OPTIONS) checkOptions("request", options, REQUEST_OPTIONS, REQUEST_OPTION_NAMES);
    const spec = typeof source === "function" ? await this.#underClock(source, options) : source;
    const record = this.#chain && new CallRecord("request", undefined, stream);
    const state = record && { record, handOver: undefined };
    try {
      const answer = await this.#send(spec, options, read, undefined, state);
      record?.finish(ended(answer, NOT_BILLED));
      return answer;
    } catch (error) {
      record?.finish({ ...failed(error), cost: null, costReason: NOT_BILLED });
      throw error;
    }
  }

  /**
   * One call of a declared operation. A plain call goes straight to its try; one that uses a
   * feature (its own budget, a fallback list, the client's middleware) to {@link #featured}.
   */
  #operate: Operate = (op, params, options = NO_OPTIONS, stream, read) => {
    try {
      if (options !== NO_OPTIONS) {
        checkOptions("request", options, REQUEST_OPTIONS, REQUEST_OPTION_NAMES);
        if (options.budget !== undefined || options.fallback !== undefined) {
          return this.#featured(op, params, options, stream, read);
        }
      }
      if (Array.isArray((params as Record<string, unknown> | undefined)?.[op.modelField ?? "model"])) {
        return this.#featured(op, params, options, stream, read);
      }
      return (op.meter ? this.#billed : this.#plain)(op, params, options, read, undefined);
    } catch (error) {
      return Promise.reject(error);
    }
  };

  /**
   * A call that uses a feature: its models in turn (a fallback list), each validated, billed (the
   * budget reserved) and sent under the retry policy, recorded for middleware. Everything that
   * throws before sending rejects the promise with nothing sent.
   */
  async #featured<P, T>(
    op: Operation<P>,
    params: P,
    options: RequestOptions,
    stream: boolean,
    read: Reader<T>,
  ): Promise<Answer<T>> {
    const choices = modelChoices(op, params, options);
    const record = this.#chain && new CallRecord(op.name, choices ? choices[0] : modelOf(op, params), stream);
    try {
      // A call's own budget prices it before sending: the client asks for money.
      if (op.meter && options.budget !== undefined && this.#config.money) await this.askMoney();
      const attempt = op.meter ? this.#billed : this.#plain;
      if (!choices) return await attempt(op, params, options, read, { record, handOver: undefined });
      return await fallBack(op, params, choices, this.log, (tried, handOver) =>
        attempt(op, tried, options, read, { record, handOver }),
      );
    } catch (error) {
      const costReason = wasNeverSent(error) ? "the call was never sent" : "the call failed";
      record?.finish({ ...failed(error), cost: null, costReason });
      throw error;
    }
  }

  /** One model's try, unmetered: build (synchronously, unless the body must be read), send, read. */
  #plain: Try = async (op, params, options, read, state) => {
    let spec = this.#build(op, params, options);
    if (spec instanceof Promise) spec = await spec;
    const answer = await this.#send(spec, options, read, modelOf(op, params), state);
    state?.record?.finish(ended(answer, op.meter ? "priced when withResponse() is read" : NOT_BILLED));
    return answer;
  };

  /** One model's try as the client's billing runs it (see billing.ts). */
  #try<P, T>(
    op: Operation<P>,
    params: P,
    options: RequestOptions,
    read: Reader<T>,
    state: CallState | undefined,
  ): ModelTry<P, T> {
    return {
      op,
      params,
      options,
      model: modelOf(op, params),
      record: state?.record,
      build: async () => this.#build(op, params, options),
      send: (spec, retrying) => this.#send(spec, options, read, modelOf(op, params), state, retrying),
    };
  }

  /**
   * Checks the params and builds the request: at once for a body that cannot stall, under the
   * clocks for one that reads an upload source (which may never yield). A failure is marked as
   * never sent; it rejects the call's promise (the caller is an async function).
   */
  #build<P>(op: Operation<P>, params: P, options: RequestOptions): RequestSpec | Promise<RequestSpec> {
    let spec: RequestSpec | Promise<RequestSpec>;
    try {
      spec = specOf(op, params, this.#config.validation);
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

  /** Sends `spec` and reads its answer; the retry loop starts only after a failed first attempt. */
  #send<T>(
    spec: RequestSpec,
    options: RequestOptions,
    read: Reader<T>,
    model: string | undefined,
    state: CallState | undefined,
    retrying?: (error: unknown) => void,
  ): Promise<Answer<T>> {
    return this.#attempt(spec, options, read, model, state).catch((error: unknown) =>
      retryAfter(error, () => this.#attempt(spec, options, read, model, state), {
        policy: spec.policy,
        maxRetries: options.maxRetries ?? this.#config.maxRetries,
        maxRetryAfter: this.#config.maxRetryAfter,
        signal: options.signal,
        replayable: !(spec.body instanceof ReadableStream),
        handOver: state?.handOver,
        onRetry: (failure, attempt, wait) => {
          // May throw BudgetExceededError: a retry that no longer fits the budget is not made.
          retrying?.(failure);
          this.log.info(
            `${spec.method} ${spec.path}${model ? ` (${model})` : ""} failed (${failure instanceof Error ? failure.message : String(failure)}); retry ${attempt} in ${Math.round(wait)} ms`,
          );
        },
      }),
    );
  }

  /** One attempt: open the connection under the clocks, decode a non-2xx answer, read the body. */
  async #attempt<T>(
    spec: RequestSpec,
    options: RequestOptions,
    read: Reader<T>,
    model: string | undefined,
    state: CallState | undefined,
  ): Promise<Answer<T>> {
    const debug = logs(this.log, "debug");
    const started = debug ? Date.now() : 0;
    const url = requestURL(this.#base, spec, options, this.#config.defaultQuery);
    const record = state?.record;
    // Set once the request is handed to fetch: an attempt that failed before then sent nothing.
    // Only a middleware or an apiKey function can fail (or stall) before fetch: a plain call
    // reaches fetch at once, and allocates nothing for this.
    const sending: Sending | undefined = this.#tracked ? { handed: false } : undefined;
    let connection: Connection;
    try {
      connection = await openConnection(
        url,
        (signal) => this.#exchange(url, spec, options, signal, model, record, sending),
        {
          signal: options.signal,
          timeout: options.timeout ?? this.#config.timeout,
          idleTimeout: options.idleTimeout ?? this.#config.idleTimeout,
          signalled: sending === undefined && this.#config.fetch === undefined,
        },
      );
    } catch (error) {
      throw sending && !sending.handed ? neverSent(error) : error;
    }
    const { response } = connection;
    // The line is built only when debug logging is on: with the default level it would be garbage.
    if (debug) {
      this.log.debug(`${spec.method} ${spec.path} -> ${response.status} in ${Date.now() - started} ms`, {
        requestId: connection.requestId,
      });
    }
    if (!response.ok) throw await failureOf(connection, connection.url);
    let data: T;
    try {
      data = await read(connection, spec);
    } catch (error) {
      connection.release();
      throw error;
    }
    return { data, response, model };
  }

  /** A string key, no middleware: the headers, the body, fetch. */
  #plainExchange: Exchange = (url, spec, options, signal) => {
    const headers = requestHeaders(spec, options, this.#config.defaultHeaders, this.#config.apiKey as string);
    const body = requestBody(spec, options, headers);
    return this.#fetchFollowing(
      url,
      { method: spec.method, headers, body, signal, redirect: "manual" },
      spec,
    );
  };

  /** A key from the apiKey function, and the middleware chain with the key's stand-in in its headers. */
  #keyedExchange: Exchange = async (url, spec, options, signal, model, record, sending) => {
    const key = this.#key ? await this.#key.get() : (this.#config.apiKey as string);
    const headers = requestHeaders(spec, options, this.#config.defaultHeaders, record ? REDACTED_KEY : key);
    const body = requestBody(spec, options, headers);
    if (!record) {
      if (sending) sending.handed = true;
      return this.#fetchFollowing(
        url,
        { method: spec.method, headers, body, signal, redirect: "manual" },
        spec,
      );
    }
    return throughChain(
      this.#chain!,
      this.#origin,
      record,
      model,
      { method: spec.method, url, headers, body, signal },
      key,
      (to, init) => {
        if (sending) sending.handed = true;
        return this.#fetchFollowing(to, { ...init, redirect: "manual" }, spec);
      },
    );
  };

  /**
   * One fetch, with `redirect: "manual"`: a redirect is followed by hand, and only on a 3xx
   * (redirects.ts): fetch would carry custom auth headers to any host, and POST a paid submission again.
   */
  async #fetchFollowing(url: string, init: RequestInit, spec: RequestSpec): Promise<Response> {
    const response = await this.#fetch(url, init);
    return isRedirect(response) ? follow(response, init, spec.policy, this.#origin, this.#fetch) : response;
  }
}

/** What a finished request tells middleware of its call. */
function ended(answer: Answer<unknown>, costReason: string) {
  return {
    error: undefined,
    model: answer.model,
    requestId: answer.requestId ?? requestIdFrom(answer.response.headers),
    usage: undefined,
    cost: null,
    costReason,
  };
}

function failed(error: unknown) {
  return { error, model: undefined, requestId: requestIdOf(error), usage: undefined };
}

/** The request id a failure carries, if any. */
export function requestIdOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null
    ? (error as { requestId?: string }).requestId
    : undefined;
}

/** Whether a call's data is priced only at its end (a stream). */
export function isSettlesLater(data: unknown): data is SettlesLater {
  return typeof data === "object" && data !== null && SETTLES_LATER in data;
}

/** What to accept for a call whose `stream` flag chooses between one JSON body and an event stream. */
export function accepts(params: { stream?: boolean | null | undefined }): string {
  return params.stream === true ? EVENT_STREAM : "application/json";
}
