/**
 * The one HTTP path every resource uses: auth, headers, query, the response clock, the caller's
 * signal, error decoding and billing-safe retries. Knows HTTP, not any API family.
 *
 * ky sends each attempt (URL joining, headers, per-attempt timeout, custom fetch); the retry loop
 * is ours because the decision needs the decoded gateway code and the operation's billing policy,
 * including error envelopes that arrive inside a 200 body, which ky's retry cannot see.
 */
import ky, { type KyInstance, NetworkError, TimeoutError } from "ky";
import { APIPromise, type WithResponse } from "./api-promise.js";
import { decodeError, errorFromBody } from "./decode-error.js";
import {
  APIConnectionError,
  type APIError,
  APITimeoutError,
  APIUserAbortError,
  GenwayError,
  isGenwayError,
  MalformedResponseError,
} from "./errors.js";
import { IdleClock } from "./idle-clock.js";
import type { Logger } from "./log.js";
import { registerSecret } from "./redact.js";
import { requestIdFrom } from "./request-id.js";
import { isRetryable, type RetryPolicy, retryDelay, sleep } from "./retry.js";

export type QueryValue = string | number | boolean | undefined;
export type HeadersLike = Headers | Record<string, string | undefined>;

/** Per-call options every method accepts as its last argument. */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** ms until response headers, per attempt. */
  timeout?: number | undefined;
  /** ms allowed between two chunks of a streamed or downloaded body. */
  idleTimeout?: number | undefined;
  maxRetries?: number | undefined;
  headers?: HeadersLike | undefined;
  query?: Record<string, QueryValue> | undefined;
}

export interface TransportConfig {
  apiKey: string | (() => string | Promise<string>);
  baseURL: string;
  timeout: number;
  idleTimeout: number;
  maxRetries: number;
  maxRetryAfter: number;
  fetch: typeof fetch | undefined;
  defaultHeaders: HeadersLike | undefined;
  defaultQuery: Record<string, QueryValue> | undefined;
  log: Logger;
}

/** What a resource asks for: the wire shape plus the billing policy of the operation. */
export interface RequestSpec {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /** A JSON value, a FormData, or nothing. */
  body?: unknown;
  policy: RetryPolicy;
  query?: Record<string, QueryValue> | undefined;
  accept?: string;
}

/** A response whose headers arrived with a 2xx status; its body is still unread. */
export interface Connection {
  response: Response;
  requestId: string | undefined;
  /** Aborting it cancels the body. */
  controller: AbortController;
  idleTimeout: number;
  /** Why the body read ended early: the caller (signal, `abort()`, `break`) or our idle clock. */
  abortReason(): "user" | "idle" | undefined;
  /** Aborts the request, remembering who did so that the right error is raised. */
  abort(reason: "user" | "idle"): void;
  /** Detaches from the caller's signal; call when the body is done. */
  release(): void;
}

const MESSAGES_PATH = /^\/v1\/messages(?:[/?]|$)/;

export class Transport {
  readonly #config: TransportConfig;
  readonly #ky: KyInstance;
  readonly #origin: string;

  constructor(config: TransportConfig) {
    this.#config = config;
    if (typeof config.apiKey === "string") registerSecret(config.apiKey);
    const base = config.baseURL.endsWith("/") ? config.baseURL : `${config.baseURL}/`;
    this.#origin = new URL(base).origin;
    this.#ky = ky.create({
      prefix: base,
      retry: 0,
      throwHttpErrors: false,
      // A redirect is followed only when it stays on the gateway's origin (see #followRedirect):
      // fetch would otherwise carry custom auth headers such as x-api-key to any host.
      redirect: "manual",
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
  }

  get log(): Logger {
    return this.#config.log;
  }

  /** A JSON request: parsed body (error envelopes in 2xx bodies become typed errors). */
  json<T>(spec: RequestSpec, options?: RequestOptions): APIPromise<T> {
    return new APIPromise(this.#run(spec, options, readJson as (c: Connection) => Promise<T>));
  }

  /** A request whose body the caller consumes (streams, binary downloads). */
  connect<T>(
    spec: RequestSpec,
    options: RequestOptions | undefined,
    wrap: (c: Connection) => T,
  ): APIPromise<T> {
    return new APIPromise(this.#run(spec, options, async (c) => wrap(c)));
  }

  async #run<T>(spec: RequestSpec, options: RequestOptions = {}, read: (c: Connection) => Promise<T>) {
    const maxRetries = options.maxRetries ?? this.#config.maxRetries;
    const replayable = !(spec.body instanceof ReadableStream);
    for (let attempt = 0; ; attempt++) {
      const connection = await this.#attempt(spec, options).catch((error: unknown) => ({ error }));
      let outcome: { data: T } | { error: unknown };
      if ("error" in connection) outcome = connection;
      else {
        try {
          outcome = { data: await read(connection) };
        } catch (error) {
          connection.release();
          outcome = { error };
        }
      }
      if ("data" in outcome && !("error" in connection)) {
        return { data: outcome.data, response: connection.response, requestId: connection.requestId };
      }
      const error = (outcome as { error: unknown }).error;
      if (!this.#shouldRetry(error, spec.policy, attempt, maxRetries, replayable)) throw error;
      const wait = retryDelay(attempt + 1, (error as APIError).retryAfterMs);
      this.log.warn(
        `${spec.method} ${spec.path} failed (${describe(error)}); retry ${attempt + 1} in ${Math.round(wait)} ms`,
      );
      await sleep(wait, options.signal).catch(() => {
        throw new APIUserAbortError();
      });
    }
  }

  #shouldRetry(
    error: unknown,
    policy: RetryPolicy,
    attempt: number,
    max: number,
    replayable: boolean,
  ): boolean {
    if (attempt >= max || !replayable || !isRetryable(error, policy)) return false;
    const after = (error as APIError).retryAfterMs;
    // A server asking for a long pause gets its error back now, not a hidden hour-long sleep.
    return after === undefined || after <= this.#config.maxRetryAfter;
  }

  async #attempt(spec: RequestSpec, options: RequestOptions): Promise<Connection> {
    const userSignal = options.signal;
    if (userSignal?.aborted) throw new APIUserAbortError();
    const controller = new AbortController();
    let reason: "user" | "idle" | undefined;
    const onUserAbort = () => {
      reason ??= "user";
      controller.abort(userSignal?.reason);
    };
    userSignal?.addEventListener("abort", onUserAbort, { once: true });
    const release = () => userSignal?.removeEventListener("abort", onUserAbort);
    const timeout = options.timeout ?? this.#config.timeout;
    const started = Date.now();
    let response: Response;
    try {
      response = await this.#send(spec, options, controller.signal, timeout);
    } catch (error) {
      release();
      throw toConnectionError(error, reason, timeout);
    }
    const requestId = requestIdFrom(response.headers);
    this.log.debug(`${spec.method} ${spec.path} -> ${response.status} in ${Date.now() - started} ms`, {
      requestId,
    });
    if (!response.ok) {
      release();
      throw await this.#decodeFailure(response, requestId);
    }
    return {
      response,
      requestId,
      controller,
      idleTimeout: options.idleTimeout ?? this.#config.idleTimeout,
      // An abort nobody claimed came from the caller holding `controller` (e.g. stream.controller.abort()).
      abortReason: () => reason ?? (controller.signal.aborted ? "user" : undefined),
      abort: (why) => {
        reason ??= why;
        controller.abort();
      },
      release,
    };
  }

  async #send(
    spec: RequestSpec,
    options: RequestOptions,
    signal: AbortSignal,
    timeout: number,
  ): Promise<Response> {
    const headers = await this.#headers(spec, options);
    const isForm = typeof FormData !== "undefined" && spec.body instanceof FormData;
    const init = {
      method: spec.method,
      headers,
      signal,
      timeout: timeout > 0 && Number.isFinite(timeout) ? timeout : false,
      searchParams: mergeQuery(this.#config.defaultQuery, spec.query, options.query),
      ...(spec.body === undefined ? {} : isForm ? { body: spec.body as FormData } : { json: spec.body }),
    } as const;
    let response = await this.#ky(stripSlash(spec.path), init);
    for (let hops = 0; isRedirect(response) && hops < 5; hops++) {
      response = await this.#ky(this.#sameOriginLocation(response), init);
    }
    return response;
  }

  #sameOriginLocation(response: Response): string {
    const location = response.headers.get("location");
    const target = location ? new URL(location, response.url || this.#origin) : undefined;
    if (!target || target.origin !== this.#origin) {
      // Not a connection failure: retrying would only be refused again.
      throw new GenwayError(
        `Refused to follow a redirect ${target ? `to ${target.origin} ` : ""}away from the gateway origin: the API key is only ever sent to baseURL.`,
      );
    }
    return target.href;
  }

  async #headers(spec: RequestSpec, options: RequestOptions): Promise<Record<string, string>> {
    const key = await this.#key();
    const out: Record<string, string> = { accept: spec.accept ?? "application/json" };
    assign(out, this.#config.defaultHeaders);
    out.authorization = `Bearer ${key}`;
    // The Messages relay authenticates with x-api-key, as the Anthropic API does.
    if (MESSAGES_PATH.test(spec.path)) out["x-api-key"] = key;
    assign(out, options.headers);
    return out;
  }

  async #key(): Promise<string> {
    const { apiKey } = this.#config;
    if (typeof apiKey === "string") return apiKey;
    const key = await apiKey();
    checkKey(key);
    registerSecret(key);
    return key;
  }

  async #decodeFailure(response: Response, requestId: string | undefined): Promise<APIError> {
    const text = await readBounded(response, MAX_ERROR_BODY);
    return decodeError({
      status: response.status,
      body: parseMaybeJson(text),
      headers: response.headers,
      requestId,
    });
  }
}

/** Error bodies are read up to 64 KB: enough for any real envelope, not a memory hazard. */
const MAX_ERROR_BODY = 64 * 1024;

async function readBounded(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body cut short still tells us the status; decode what we have.
  } finally {
    reader.cancel().catch(() => {});
  }
  return text.length > limit ? text.slice(0, limit) : text;
}

function parseMaybeJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Reads a JSON body under the idle clock and turns an error envelope inside a 2xx into its typed error. */
async function readJson(connection: Connection): Promise<unknown> {
  const { response } = connection;
  const clock = new IdleClock(connection.idleTimeout, () => connection.abort("idle"));
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw toConnectionError(error, connection.abortReason(), connection.idleTimeout, "idle");
  } finally {
    clock.stop();
    connection.release();
  }
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch (error) {
    throw new MalformedResponseError(
      `The gateway answered ${response.status} with a body that is not JSON.`,
      {
        status: response.status,
        body: text.slice(0, 500),
        requestId: connection.requestId,
        headers: response.headers,
        cause: error,
      },
    );
  }
  const envelopeError = errorFromBody(body, response.status, response.headers);
  if (envelopeError) throw envelopeError;
  return body;
}

/** Maps whatever fetch/ky threw into our tree, using who aborted to tell the clocks apart. */
export function toConnectionError(
  error: unknown,
  reason: "user" | "idle" | undefined,
  timeoutMs: number,
  phase: "response" | "idle" = "response",
): Error {
  if (isGenwayError(error)) return error;
  if (reason === "user") return new APIUserAbortError(undefined, { cause: error });
  if (reason === "idle") return new APITimeoutError("idle", timeoutMs, { cause: error });
  if (error instanceof TimeoutError) return new APITimeoutError(phase, timeoutMs, { cause: error });
  const cause = error instanceof NetworkError ? error.cause : error;
  return new APIConnectionError(`Connection error: ${describeCause(cause)}`, {
    cause,
    notSent: certainlyNotSent(cause),
  });
}

/** Refused connections and failed DNS prove the request never left: the only network errors a paid call may retry. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EADDRNOTAVAIL"]);

function certainlyNotSent(cause: unknown): boolean {
  for (let e: unknown = cause, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NOT_SENT_CODES.has(code)) return true;
    const errors = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(errors) && errors.some((inner) => certainlyNotSent(inner))) return true;
  }
  return false;
}

function describeCause(cause: unknown): string {
  const inner = (cause as { cause?: { code?: string; message?: string } })?.cause;
  const code = inner?.code ?? (cause as { code?: string })?.code;
  const message = (cause as Error)?.message ?? String(cause);
  return code ? `${message} (${code})` : message;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export function checkKey(key: unknown): void {
  if (typeof key !== "string" || key.length === 0) {
    throw new APIConnectionError("The apiKey function returned no key.");
  }
  if (/[\r\n]/.test(key))
    throw new APIConnectionError("The API key contains a line break (CR/LF); refusing to send it.");
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

function mergeQuery(
  ...parts: Array<Record<string, QueryValue> | undefined>
): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const part of parts) {
    if (!part) continue;
    for (const [name, value] of Object.entries(part)) {
      out ??= {};
      if (value === undefined) delete out[name];
      else out[name] = String(value);
    }
  }
  return out;
}

export type { WithResponse };
