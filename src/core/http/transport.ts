/**
 * The one HTTP path every resource uses: auth, headers, query, the response clock, the caller's
 * signal, error decoding and billing-safe retries. Knows HTTP, not any API family.
 *
 * A plain call (no budget, onCost, middleware, fallback, OTel) runs the plain path: its operation
 * checked and its request built synchronously, one AbortController and one timer, fetch, the
 * body's text, JSON.parse, the error-envelope check, the result; its request id and cost are read
 * when `withResponse()` asks. Each feature is installed when the client is made with it (money also
 * when the client first reads a cost), never tested on a plain call: middleware (middleware.ts)
 * replaces the exchange of every attempt, the client's billing (src/money, through billing.ts) the
 * try of a billed call; a call that lists models runs the fallback loop (fallback.ts). The
 * attempts, their retries and exchanges are attempts.ts.
 */

import { GenwayError } from "../errors/errors.js";
import { gatewayRoot } from "../shared/base-url.js";
import type { Logger } from "../shared/log.js";
import { requestIdFrom } from "../shared/request-id.js";
import { checkOptions, REQUEST_OPTIONS } from "../validation/options.js";
import type { ValidationMode } from "../validation/validate.js";
import { type Answer, APIPromise, type Completion, completed, NOT_BILLED } from "./api-promise.js";
import { Attempts, type CallState, type Reader } from "./attempts.js";
import { type Billing, LateStreamBill, type ModelTry, type MoneyPort } from "./billing.js";
import { type Connection, underClock } from "./connection.js";
import { SETTLES_LATER, type SettlesLater } from "./cost.js";
import { fallBack, modelChoices, neverSent, wasNeverSent, withModel } from "./fallback.js";
import { isHtml, isJson, readJson, rejectHtml, rejectJson } from "./json-body.js";
import { CallRecord, type Middleware } from "./middleware.js";
import { modelOf, type Operation, type QueryValue, type RequestSpec, specOf } from "./operation.js";
import type { HeadersLike } from "./request-init.js";
import { REQUEST_OPTION_NAMES, type RequestOptions } from "./request-options.js";

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
  /** ms the first retry waits when the server gave no Retry-After (see GenwayOptions.retryDelay). */
  retryDelay: number;
  /** Bytes a JSON answer may hold (see GenwayOptions.maxResponseBytes). */
  maxResponseBytes: number;
  fetch: typeof fetch | undefined;
  defaultHeaders: HeadersLike | undefined;
  defaultQuery: Record<string, QueryValue> | undefined;
  log: Logger;
  /** Whether declared operations check their params before sending (`off`: sent as given). */
  validation: ValidationMode;
  /** The client's money, loaded when it first asks for it; undefined: calls are never priced. */
  money?: MoneyPort | undefined;
}

/** One call of a declared operation (the options checked, the features it uses applied). */
type Operate = <P, T>(
  op: Operation<P>,
  params: P,
  options: RequestOptions | undefined,
  stream: boolean,
  read: Reader<T>,
) => Promise<Answer<T>>;

/** One model's try of a call: plain, or metered by the client's billing. */
type Try = <P, T>(
  op: Operation<P>,
  params: P,
  options: RequestOptions,
  read: Reader<T>,
  state: CallState | undefined,
) => Promise<Answer<T>>;

/** The options of a call given none: nothing to check. */
const NO_OPTIONS: RequestOptions = Object.freeze({});

/** A spec, or a function building it (validating, encoding) once the call has started. */
export type SpecSource = RequestSpec | (() => RequestSpec | Promise<RequestSpec>);

/** The media type of a server-sent event stream. */
export const EVENT_STREAM = "text/event-stream";

export class Transport {
  readonly #config: TransportConfig;
  readonly #attempts: Attempts;
  readonly #readJson: Reader<unknown>;
  #chain: readonly Middleware[] | undefined;
  /** One model's try of a billed call: plain until the client asks for money, then metered. */
  #billed: Try;
  #billing: Promise<Billing> | undefined;

  constructor(config: TransportConfig) {
    this.#config = config;
    const base = `${gatewayRoot(config.baseURL)}/`;
    this.#attempts = new Attempts({ ...config, base });
    const max = config.maxResponseBytes;
    this.#readJson = (c) => readJson(c, max);
    this.#billed = this.#plain;
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
    retryDelay: number;
  } {
    const { fetch, timeout, idleTimeout, maxRetries, retryDelay } = this.#config;
    return { fetch, timeout, idleTimeout, maxRetries, retryDelay };
  }

  /** Installs middleware (when the client is made): every attempt goes through `chain`, every call is recorded. */
  useMiddleware(chain: readonly Middleware[]): void {
    this.#chain = chain;
    this.#attempts.useMiddleware(chain);
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
   * The client asks for money (when it is made with budget, onCost, group, prices or middleware;
   * else on its first cost read): its billing loads, once, and every billed call is metered from
   * now on. Calls made while it loads wait for it.
   */
  askMoney(): Promise<Billing> {
    if (this.#billing === undefined) {
      const { money } = this.#config;
      const loading = money ? money.load() : Promise.reject(new GenwayError("This client prices nothing."));
      this.#billing = loading;
      this.#billed = async (op, params, options, read, state) =>
        (await loading).run(this.#try(op, params, options, read, state));
      loading.then(
        (billing) => {
          this.#billed = (op, params, options, read, state) =>
            billing.run(this.#try(op, params, options, read, state));
        },
        () => {},
      );
    }
    return this.#billing;
  }

  /**
   * A declared operation: checks `params` (unless validation is off), builds the request and sends
   * it under the operation's retry policy; resolves to the parsed JSON answer. Building happens
   * inside the promise, so a ValidationError rejects it and nothing is sent.
   */
  call<T, P>(op: Operation<P>, params: P, options?: RequestOptions): APIPromise<T> {
    return this.#promise(op, params, this.#operate(op, params, options, false, this.#readJson as Reader<T>));
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
    // Decided with the try the call takes (#operate, now): a client that asked for money meters it.
    const plain = op.meter && this.#config.money && this.#billed === this.#plain;
    const billed = plain ? this.#billedStream(op, params, read) : read;
    return this.#promise(op, params, this.#operate(op, params, options, stream, billed));
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
    return this.#promise(op, params, this.#operate(op, params, options, false, read));
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

  /**
   * The promise of a declared operation's call. A billed call's `withResponse()` asks for its cost:
   * at once the client's prices (in parallel with the call), then the cost, priced when the answer
   * is in if the call was not metered as it ran.
   */
  #promise<T, P>(op: Operation<P>, params: P, answer: Promise<Answer<T>>): APIPromise<T> {
    const { money } = this.#config;
    if (!op.meter || !money) return new APIPromise(answer);
    const priced: Completion<T> = (done) =>
      done.cost !== undefined
        ? completed(done)
        : this.askMoney().then(async (billing) => {
            const tried = done.model === undefined ? params : withModel(op, params, done.model);
            const { cost, reason } = await billing.late(op, tried, done);
            return { ...completed(done), cost, costReason: reason };
          });
    const costRead = () => {
      const asked = this.askMoney();
      const billing = money.ready();
      if (billing) billing.demand();
      else
        asked.then(
          (loaded) => loaded.demand(),
          () => {},
        );
    };
    return new APIPromise(answer, priced, costRead);
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
   * A billed body the caller consumes. A stream's cost may be read at any time (`stream.cost()`):
   * one that opens before its client asked for money gets a bill that opens when it is first read.
   * The pricing code is imported now (once per process, alongside the request), so that such a
   * synchronous read finds it; none of it runs unless the cost is read.
   */
  #billedStream<T, P>(op: Operation<P>, params: P, read: Reader<T>): Reader<T> {
    const money = this.#config.money as MoneyPort;
    return async (c, spec) => {
      const data = await read(c, spec);
      if (isSettlesLater(data)) {
        await money.preload();
        // Not the stream itself: its bill is held by what settles a dropped stream (stream.ts),
        // which must not keep the stream alive.
        const answer: Answer<unknown> = { data: undefined, response: c.response, model: modelOf(op, params) };
        data[SETTLES_LATER](
          new LateStreamBill(() => {
            void this.askMoney();
            return (money.ready() as Billing).lateStream(op, params, answer);
          }),
        );
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
      const answer = await this.#attempts.send(spec, options, read, undefined, state);
      record?.finish(ended(answer, NOT_BILLED));
      return answer;
    } catch (error) {
      record?.finish({ ...failed(error), cost: null, costReason: NOT_BILLED });
      throw error;
    }
  }

  /**
   * One call of a declared operation. A plain call goes straight to its try; one that uses a
   * feature (its own budget, a fallback list; with middleware, every call) to {@link #featured}.
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
    const answer = await this.#attempts.send(spec, options, read, modelOf(op, params), state);
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
    const model = modelOf(op, params);
    return {
      op,
      params,
      options,
      model,
      record: state?.record,
      build: async () => this.#build(op, params, options),
      send: (spec, retrying) => this.#attempts.send(spec, options, read, model, state, retrying),
    };
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
