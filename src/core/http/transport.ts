/**
 * The one HTTP path every resource uses: auth, headers, query, the response clock, the caller's
 * signal, error decoding and billing-safe retries. Knows HTTP, not any API family.
 *
 * Each attempt is a plain fetch (URL joining, JSON body, per-attempt timeout are a few lines here;
 * ky cost 8 kB min+gzip of every browser bundle for them, see docs/packaging.md). The retry loop
 * is ours because the decision needs the decoded gateway code and the operation's billing policy,
 * including error envelopes that arrive inside a 200 body.
 */

import { APIConnectionError, GenwayError, isGenwayError } from "../errors/errors.js";
import type { BudgetOptions } from "../money/budget.js";
import { type Priced, SETTLES_LATER, type SettlesLater, type Units } from "../money/cost.js";
import { withDelivered } from "../money/delivered.js";
import type { Bill, Metering } from "../money/metering.js";
import { gatewayRoot } from "../shared/base-url.js";
import { type Logger, logs } from "../shared/log.js";
import { clip, registerSecret, releaseSecret } from "../shared/redact.js";
import { checkOptions, REQUEST_OPTIONS } from "../validation/options.js";
import type { ValidationMode } from "../validation/validate.js";
import { APIPromise, mapData, type WithResponse } from "./api-promise.js";
import { type Connection, failureOf, openConnection, underClock } from "./connection.js";
import {
  certainlyNotBilled,
  type FallbackOptions,
  fallsBack,
  modelChoices,
  modelOf,
  neverSent,
  wasNeverSent,
  withModel,
} from "./fallback.js";
import { isHtml, isJson, readJson, rejectHtml, rejectJson } from "./json-body.js";
import { CallRecord, type Middleware, type MiddlewareRequest, REDACTED_KEY, runChain } from "./middleware.js";
import { type Operation, type QueryValue, type RequestSpec, specOf } from "./operation.js";
import { withRetries } from "./retry.js";

export type { QueryValue, RequestSpec } from "./operation.js";
/** Headers as a `Headers` or a plain object; an `undefined` value removes a default header. */
export type HeadersLike = Headers | Record<string, string | undefined>;

/** Per-call options every method accepts as its last argument. */
export interface RequestOptions extends FallbackOptions {
  /**
   * Aborts the call (the wait between retries too) with APIUserAbortError.
   * @default none
   */
  signal?: AbortSignal | undefined;
  /**
   * ms until response headers, per attempt.
   * @default the client's `timeout` (600_000)
   */
  timeout?: number | undefined;
  /**
   * ms allowed between two chunks of a streamed or downloaded body.
   * @default the client's `idleTimeout` (120_000)
   */
  idleTimeout?: number | undefined;
  /**
   * Retries of this call where its retry policy allows one.
   * @default the client's `maxRetries` (2)
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
   * A limit for this call alone (CNY), checked against its worst case before sending, on top of
   * the client's budget (docs/cost.md).
   * @default none (the client's budget alone)
   */
  budget?: BudgetOptions | undefined;
}

/** Every name RequestOptions declares: any other option given to a call is a ValidationError. */
const REQUEST_OPTION_NAMES: ReadonlySet<string> = new Set(
  Object.keys({
    signal: true,
    timeout: true,
    idleTimeout: true,
    maxRetries: true,
    headers: true,
    query: true,
    extra_body: true,
    budget: true,
    fallback: true,
    paidFallback: true,
  } satisfies Record<keyof RequestOptions, true>),
);

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
  /** Prices billed calls, keeps the budget and the totals; undefined: calls are not priced. */
  metering?: Metering | undefined;
  /** Functions around each HTTP attempt (docs/observability.md). */
  middleware?: readonly Middleware[] | undefined;
}

/** Whether one attempt's request was handed to fetch (set just before the call). */
interface Sending {
  handed: boolean;
}

/** Reads the connection of one attempt into the call's data. */
type Reader<T> = (c: Connection, spec: RequestSpec) => Promise<T>;
/** What one request resolves to, before the call adds its model and cost. */
type Answer<T> = Pick<WithResponse<T>, "data" | "response" | "requestId">;

const NOT_BILLED = "not a billed operation";
/** The options of a call given none: nothing to check. */
const NO_OPTIONS: RequestOptions = Object.freeze({});

/** A spec, or a function building it (validating, encoding) once the call has started. */
export type SpecSource = RequestSpec | (() => RequestSpec | Promise<RequestSpec>);

/** Redirects one request follows at most: enough for a moved path, not for a loop. */
const MAX_REDIRECTS = 5;

const MESSAGES_PATH = /^\/v1\/messages(?:[/?]|$)/;

export class Transport {
  readonly #config: TransportConfig;
  /** The gateway's root (baseURL without a trailing /v1) with one trailing slash: request paths are appended to it. */
  readonly #base: string;
  readonly #origin: string;
  /** The last two tokens a rotating apiKey() gave: only those stay in the redaction set. */
  #tokens: string[] = [];
  /** What reading a billed call's withResponse() asks: its cost, so the client's prices (made once). */
  readonly #costRead: (() => void) | undefined;

  constructor(config: TransportConfig) {
    this.#config = config;
    const { metering } = config;
    this.#costRead = metering ? () => metering.demand() : undefined;
    if (typeof config.apiKey === "string") registerSecret(config.apiKey);
    this.#base = `${gatewayRoot(config.baseURL)}/`;
    this.#origin = new URL(this.#base).origin;
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

  /**
   * A declared operation: checks `params` (unless validation is off), builds the request and sends
   * it under the operation's retry policy; resolves to the parsed JSON answer. Building happens
   * inside the promise, so a ValidationError rejects it and nothing is sent.
   */
  call<T, P>(op: Operation<P>, params: P, options?: RequestOptions): APIPromise<T> {
    const max = this.#config.maxResponseBytes;
    return new APIPromise(
      this.#operate(op, params, options, false, (c) => readJson(c, max) as Promise<T>),
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
    return new APIPromise(
      this.#operate(op, params, options, stream, this.#unwrapped(wrap)),
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
    const answer = this.call<J, P>(op, params, options);
    return json ? mapData(answer, json) : answer;
  }

  /** A JSON request that is no declared operation (a query): parsed body, error envelopes in 2xx bodies as typed errors. */
  json<T>(spec: SpecSource, options?: RequestOptions): APIPromise<T> {
    const max = this.#config.maxResponseBytes;
    return new APIPromise(this.#unbilled(spec, options, (c) => readJson(c, max) as Promise<T>));
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
    return new APIPromise(this.#unbilled(spec, options, this.#unwrapped(wrap)));
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
  ): Promise<WithResponse<T>> {
    if (options !== NO_OPTIONS) checkOptions("request", options, REQUEST_OPTIONS, REQUEST_OPTION_NAMES);
    const spec = await this.#build(source, options);
    const record = this.#record("request", undefined, spec.accept === EVENT_STREAM);
    try {
      const answer = await this.#run(spec, options, read, record, undefined);
      record?.finish({ ...ended(answer.requestId, undefined), cost: null, costReason: NOT_BILLED });
      return { ...answer, model: undefined, cost: null, costReason: NOT_BILLED };
    } catch (error) {
      record?.finish({ ...failed(error), cost: null, costReason: NOT_BILLED });
      throw error;
    }
  }

  /**
   * One call of a declared operation: its models in turn (a fallback list), each validated, billed
   * (the budget reserved) and sent under the retry policy; the answer carries the model used and
   * its cost. Everything that throws before sending rejects the promise with nothing sent.
   */
  async #operate<P, T>(
    op: Operation<P>,
    params: P,
    options: RequestOptions = NO_OPTIONS,
    stream: boolean,
    read: Reader<T>,
  ): Promise<WithResponse<T>> {
    if (options !== NO_OPTIONS) checkOptions("request", options, REQUEST_OPTIONS, REQUEST_OPTION_NAMES);
    const choices = modelChoices(op, params, options);
    const record = this.#record(op.name, choices ? choices[0] : modelOf(op, params), stream);
    try {
      for (let i = 0; ; i++) {
        const tried = choices ? withModel(op, params, choices[i]!) : params;
        const last = !choices || i + 1 >= choices.length;
        try {
          return await this.#billed(op, tried, options, read, record, last);
        } catch (error) {
          if (last || !fallsBack(error, op.policy)) throw error;
          this.log.warn(
            `${op.name}: model ${choices[i]} failed (${error instanceof Error ? error.message : String(error)}); falling back to ${choices[i + 1]}`,
          );
        }
      }
    } catch (error) {
      const costReason = wasNeverSent(error) ? "the call was never sent" : "the call failed";
      record?.finish({ ...failed(error), cost: null, costReason });
      throw error;
    }
  }

  /** One model's try of a call: validate and build, reserve its worst case, send, price the answer. */
  async #billed<P, T>(
    op: Operation<P>,
    params: P,
    options: RequestOptions,
    read: Reader<T>,
    record: CallRecord | undefined,
    last: boolean,
  ): Promise<WithResponse<T>> {
    let spec: RequestSpec;
    try {
      spec = await this.#build(() => specOf(op, params, this.#config.validation), options);
    } catch (error) {
      throw neverSent(error);
    }
    // With a fallback model left, an error it would take goes to it at once rather than waiting to retry.
    const handOver = last ? undefined : (error: unknown) => fallsBack(error, op.policy);
    const model = modelOf(op, params);
    const { metering } = this.#config;
    const meter = op.meter;
    if (!meter || !metering) {
      const answer = await this.#run(spec, options, read, record, model, handOver);
      const costReason = meter ? "this client prices nothing" : NOT_BILLED;
      record?.finish({ ...ended(answer.requestId, model), cost: null, costReason });
      return { ...answer, model, cost: null, costReason };
    }
    // After validation: a malformed request is a ValidationError, not a budget refusal. A budget
    // prices the call before it is sent, so it waits for the client's first price load.
    const load = metering.prepare(options.budget);
    if (load) await load;
    // A budget sizes the worst case from the body as it will be sent, serialized once: the spec
    // then carries that text, and every attempt sends it. Computed once, when first asked.
    let sized = spec;
    let worstUnits: Units | undefined;
    const worst = (): Units => {
      if (worstUnits) return worstUnits;
      const json = isForm(spec.body) ? undefined : jsonText(spec, options);
      if (json !== undefined) sized = { ...spec, json };
      worstUnits = meter(params, undefined, json);
      return worstUnits;
    };
    let bill: Bill;
    try {
      bill = metering.open(op.name, model, worst, options.budget);
    } catch (error) {
      throw neverSent(error);
    }
    let answer: Answer<T>;
    try {
      answer = await this.#run(sized, options, read, record, model, handOver, (error) =>
        bill.retry(!certainlyNotBilled(error), requestIdOf(error), error),
      );
    } catch (error) {
      bill.fail(!certainlyNotBilled(error), requestIdOf(error));
      throw error;
    }
    // A call that ends while the client's first price load is in flight is priced by it.
    const loading = metering.loading;
    if (loading) await loading;
    const { data, requestId } = answer;
    const later = settlesLater(data);
    if (later) {
      // A stream bills what it assembled by its end (or its abort): settled then, priced any time.
      // One whose usage never said its prompt bills what it delivered beside the worst case's prompt.
      const used = (final: unknown, delivered: number | undefined): Units =>
        delivered === undefined ? meter(params, final) : withDelivered(worst(), delivered);
      const price = (final: unknown, delivered: number | undefined): Priced =>
        metering.priceUsed(used(final, delivered));
      later[SETTLES_LATER](price, (final, error, delivered) => {
        const units = used(final, delivered);
        const priced = bill.settle(units, requestId);
        record?.finish({
          error,
          model,
          requestId,
          usage: units.usage,
          cost: priced.cost,
          costReason: priced.reason,
        });
      });
      const costReason = "a stream is priced when it ends: see stream.cost()";
      return { ...answer, model, cost: null, costReason };
    }
    const units = meter(params, data);
    const priced = bill.settle(units, requestId);
    record?.finish({
      error: undefined,
      model,
      requestId,
      usage: units.usage,
      cost: priced.cost,
      costReason: priced.reason,
    });
    return { ...answer, model, cost: priced.cost, costReason: priced.reason };
  }

  /** The record middleware sees of a call; none (no allocation) when there is no middleware. */
  #record(operation: string, model: string | undefined, stream: boolean): CallRecord | undefined {
    return this.#config.middleware?.length ? new CallRecord(operation, model, stream) : undefined;
  }

  /**
   * Builds the spec under the clocks and inside the promise: a ValidationError (or an encoding
   * failure) rejects it rather than throwing synchronously out of the method, and building may read
   * an upload source (a stream that may never yield).
   */
  async #build(source: SpecSource, options: RequestOptions): Promise<RequestSpec> {
    if (typeof source !== "function") return source;
    return underClock(async () => source(), {
      signal: options.signal,
      timeout: options.timeout ?? this.#config.timeout,
    });
  }

  #run<T>(
    spec: RequestSpec,
    options: RequestOptions,
    read: Reader<T>,
    record: CallRecord | undefined,
    model: string | undefined,
    handOver?: (error: unknown) => boolean,
    retrying?: (error: unknown) => void,
  ): Promise<Answer<T>> {
    return withRetries(
      async () => {
        const connection = await this.#attempt(spec, options, record, model);
        try {
          return {
            data: await read(connection, spec),
            response: connection.response,
            requestId: connection.requestId,
          };
        } catch (error) {
          connection.release();
          throw error;
        }
      },
      {
        policy: spec.policy,
        maxRetries: options.maxRetries ?? this.#config.maxRetries,
        maxRetryAfter: this.#config.maxRetryAfter,
        retryDelay: this.#config.retryDelay,
        signal: options.signal,
        replayable: !(spec.body instanceof ReadableStream),
        handOver,
        onRetry: (error, attempt, wait) => {
          // May throw BudgetExceededError: a retry that no longer fits the budget is not made.
          retrying?.(error);
          this.log.info(
            `${spec.method} ${spec.path}${model ? ` (${model})` : ""} failed (${error instanceof Error ? error.message : String(error)}); retry ${attempt} in ${Math.round(wait)} ms`,
          );
        },
      },
    );
  }

  async #attempt(
    spec: RequestSpec,
    options: RequestOptions,
    record: CallRecord | undefined,
    model: string | undefined,
  ): Promise<Connection> {
    const started = Date.now();
    const url = this.#url(spec, options);
    // Set once the request is handed to fetch: an attempt that failed before then sent nothing.
    // Only a middleware or an apiKey function can fail (or stall) before fetch: a plain call with
    // a string key reaches fetch at once, and allocates nothing for this.
    const sending: Sending | undefined =
      record || typeof this.#config.apiKey !== "string" ? { handed: false } : undefined;
    let connection: Connection;
    try {
      connection = await openConnection(
        url,
        (signal) => this.#send(spec, options, url, signal, record, model, sending),
        {
          signal: options.signal,
          timeout: options.timeout ?? this.#config.timeout,
          idleTimeout: options.idleTimeout ?? this.#config.idleTimeout,
        },
      );
    } catch (error) {
      throw sending && !sending.handed ? neverSent(error) : error;
    }
    const { response, requestId } = connection;
    // The line is built only when debug logging is on: with the default level it would be garbage.
    if (logs(this.log, "debug")) {
      this.log.debug(`${spec.method} ${spec.path} -> ${response.status} in ${Date.now() - started} ms`, {
        requestId,
      });
    }
    if (!response.ok) throw await failureOf(connection, connection.url);
    return connection;
  }

  async #send(
    spec: RequestSpec,
    options: RequestOptions,
    url: string,
    signal: AbortSignal,
    record: CallRecord | undefined,
    model: string | undefined,
    sending: Sending | undefined,
  ): Promise<Response> {
    // A string key needs no await: one async hop less per call.
    const { apiKey } = this.#config;
    const key = typeof apiKey === "string" ? apiKey : await this.#key();
    const headers = this.#headers(spec, options, record ? REDACTED_KEY : key);
    let body: BodyInit | undefined;
    if (isForm(spec.body)) {
      const extra = spec.method === "GET" ? undefined : options.extra_body;
      body = extra ? withExtraFields(spec.body, extra) : spec.body;
    } else {
      body = spec.json ?? jsonText(spec, options);
      if (body !== undefined) headers["content-type"] ??= "application/json";
    }
    const send = this.#config.fetch ?? globalThis.fetch;
    if (!record) return this.#fetch(send, url, { method: spec.method, headers, body, signal }, spec, sending);
    record.attempts++;
    const request: MiddlewareRequest = {
      method: spec.method,
      url: url,
      headers: new Headers(headers),
      body,
      signal,
      call: record,
      attempt: record.attempts,
      model,
    };
    return runChain(this.#config.middleware!, request, (r) => {
      // The key goes only to the gateway: a middleware that moved the request elsewhere is refused.
      if (new URL(r.url).origin !== this.#origin) {
        throw new GenwayError(
          `Refused to send a request a middleware moved to ${new URL(r.url).origin}: the API key is only ever sent to baseURL.`,
        );
      }
      // The key goes in after the last middleware, where the chain left the stand-in for it.
      const sent: Record<string, string> = {};
      r.headers.forEach((value, name) => {
        // A function replacement: a key with `$&` or `$'` in it is inserted as it is.
        sent[name] = isKeyHeader(name) ? value.replace(REDACTED_KEY, () => key) : value;
      });
      return this.#fetch(
        send,
        r.url,
        { method: r.method, headers: sent, body: r.body ?? undefined, signal: r.signal },
        spec,
        sending,
      );
    });
  }

  /** The request URL; without query parameters a plain string (no URL object to parse per call). */
  #url(spec: RequestSpec, options: RequestOptions): string {
    const path = this.#base + stripSlash(spec.path);
    const { defaultQuery } = this.#config;
    if (!defaultQuery && !spec.query && !options.query) return path;
    const url = new URL(path);
    const query = mergeQuery(defaultQuery, spec.query, options.query);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.href;
  }

  /**
   * One fetch. Redirects are followed by hand (see #follow): fetch would carry custom auth headers
   * such as x-api-key to any host, and would POST a paid submission again on a 307.
   */
  async #fetch(
    send: typeof fetch,
    url: string,
    request: RequestInit,
    spec: RequestSpec,
    sending: Sending | undefined,
  ): Promise<Response> {
    const init: RequestInit = { ...request, redirect: "manual" };
    if (sending) sending.handed = true;
    return this.#follow(await send(url, init), spec, init, send);
  }

  /**
   * Follows at most MAX_REDIRECTS redirects, each only on the gateway's origin. A 303, or a 301/302
   * after a POST, becomes a GET without the body (as fetch does). A paid submission never follows
   * a redirect that would send its body again (307, 308): the gateway may already have charged it.
   */
  async #follow(
    first: Response,
    spec: RequestSpec,
    init: RequestInit,
    send: typeof fetch,
  ): Promise<Response> {
    let response = first;
    let current = init;
    for (let hops = 0; isRedirect(response); hops++) {
      const target = this.#sameOriginLocation(response);
      const resends = response.status === 307 || response.status === 308;
      if (hops >= MAX_REDIRECTS) {
        throw new GenwayError(
          `Stopped after ${MAX_REDIRECTS} redirects (the last to ${target.host}): a redirect loop at the gateway.`,
        );
      }
      if (resends && current.body != null && spec.policy === "paid") {
        throw new GenwayError(
          `Refused to follow a ${response.status} redirect of a paid submission to ${target.host}: it would send the request, and its charge, again. The gateway may have taken it already; check before submitting again.`,
        );
      }
      if (!resends && current.method !== "GET" && current.method !== "HEAD") {
        const { "content-type": _, ...headers } = current.headers as Record<string, string>;
        current = { ...current, method: "GET", body: undefined, headers };
      }
      await response.body?.cancel().catch(() => {});
      response = await send(target.href, current);
    }
    return response;
  }

  #sameOriginLocation(response: Response): URL {
    const location = response.headers.get("location");
    let target: URL | undefined;
    try {
      target = location ? new URL(location, response.url || this.#origin) : undefined;
    } catch {
      throw new GenwayError(
        `The gateway answered ${response.status} with a Location that is not a URL: ${clip(location ?? "", 200, "...")}`,
      );
    }
    if (!target || target.origin !== this.#origin) {
      // Not a connection failure: retrying would only be refused again.
      throw new GenwayError(
        `Refused to follow a redirect ${target ? `to ${target.origin} ` : ""}away from the gateway origin: the API key is only ever sent to baseURL.`,
      );
    }
    return target;
  }

  #headers(spec: RequestSpec, options: RequestOptions, key: string): Record<string, string> {
    const out: Record<string, string> = { accept: spec.accept ?? "application/json" };
    assign(out, this.#config.defaultHeaders);
    out.authorization = `Bearer ${key}`;
    // The Messages relay authenticates with x-api-key, as the Anthropic API does.
    if (MESSAGES_PATH.test(spec.path)) out["x-api-key"] = key;
    assign(out, spec.headers);
    assign(out, options.headers);
    return out;
  }

  async #key(): Promise<string> {
    const { apiKey } = this.#config;
    if (typeof apiKey === "string") return apiKey;
    let key: string;
    try {
      key = await apiKey();
    } catch (error) {
      if (isGenwayError(error)) throw error;
      // A key vault that failed once may answer the next time: nothing was sent, so even a paid
      // call may be tried again (notSent), and a budget frees what it reserved.
      throw new APIConnectionError(
        `apiKey() failed, so nothing was sent: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error, notSent: true },
      );
    }
    checkKey(key);
    if (!this.#tokens.includes(key)) {
      registerSecret(key);
      this.#tokens.push(key);
      // A token two rotations old is forgotten: an ever-growing set would slow every error down.
      if (this.#tokens.length > 2) releaseSecret(this.#tokens.shift()!);
    }
    return key;
  }
}

/** The part of a call's outcome a finished request gives. */
function ended(requestId: string | undefined, model: string | undefined) {
  return { error: undefined, model, requestId, usage: undefined };
}

function failed(error: unknown) {
  return { error, model: undefined, requestId: requestIdOf(error), usage: undefined };
}

/** The request id a failure carries, if any. */
function requestIdOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null
    ? (error as { requestId?: string }).requestId
    : undefined;
}

/** The headers that carry the key (and hold its stand-in while middleware runs). */
function isKeyHeader(name: string): boolean {
  return name === "authorization" || name === "x-api-key";
}

function settlesLater(data: unknown): SettlesLater | undefined {
  return typeof data === "object" && data !== null && SETTLES_LATER in data
    ? (data as SettlesLater)
    : undefined;
}

/** The media type of a server-sent event stream. */
export const EVENT_STREAM = "text/event-stream";

/** What to accept for a call whose `stream` flag chooses between one JSON body and an event stream. */
export function accepts(params: { stream?: boolean | null | undefined }): string {
  return params.stream === true ? EVENT_STREAM : "application/json";
}

/** A usable key, or a GenwayError that never echoes it (and is not retried: the key will not change). */
export function checkKey(key: unknown): void {
  if (typeof key !== "string" || key.length === 0)
    throw new GenwayError("The API key is empty (an apiKey function must return a non-empty string).");
  if (/[\r\n]/.test(key))
    throw new GenwayError("The API key contains a line break (CR/LF); refusing to send it.");
}

/**
 * The JSON text of a request's (not multipart) body with `extra_body` merged over it, or undefined
 * for no body. fetch cannot send a body on GET: there extra_body has nowhere to go and is left out.
 */
function jsonText(spec: RequestSpec, options: RequestOptions): string | undefined {
  const extra = spec.method === "GET" ? undefined : options.extra_body;
  if (spec.body === undefined && extra === undefined) return undefined;
  return JSON.stringify(extra ? { ...(spec.body as object | undefined), ...extra } : spec.body);
}

/** A copy of `form` with `extra` appended (strings as they are, other values as JSON). */
function withExtraFields(form: FormData, extra: Record<string, unknown>): FormData {
  const out = new FormData();
  form.forEach((value, name) => {
    out.append(name, value);
  });
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) continue;
    if (typeof Blob !== "undefined" && value instanceof Blob) out.append(name, value);
    else out.append(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  return out;
}

function isForm(body: unknown): body is FormData {
  return typeof FormData !== "undefined" && body instanceof FormData;
}

function isRedirect(response: Response): boolean {
  return response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400);
}

function stripSlash(path: string): string {
  return path.startsWith("/") ? path.slice(1) : path;
}

function assign(target: Record<string, string>, source: HeadersLike | undefined): void {
  if (!source) return;
  if (source instanceof Headers) {
    source.forEach((value, name) => {
      target[name] = value;
    });
    return;
  }
  for (const [name, value] of Object.entries(source)) {
    const lower = name.toLowerCase();
    if (value === undefined) delete target[lower];
    else target[lower] = value;
  }
}

function mergeQuery(...parts: Array<Record<string, QueryValue> | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of parts) {
    if (!part) continue;
    for (const [name, value] of Object.entries(part)) {
      if (value === undefined) delete out[name];
      else out[name] = String(value);
    }
  }
  return out;
}
