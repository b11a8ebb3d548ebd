/**
 * One attempt's lifecycle, shared by the gateway transport and requests to foreign URLs: the
 * response clock, the caller's signal, and who aborted (so each clock raises its own error).
 */
import { decodeError } from "../errors/decode-error.js";
import {
  APIConnectionError,
  type APIError,
  APITimeoutError,
  APIUserAbortError,
  isGenwayError,
  MalformedResponseError,
} from "../errors/errors.js";
import { neverSent } from "../errors/never-sent.js";
import { type ClockOwner, IdleClock } from "../shared/idle-clock.js";
import { requestIdFrom } from "../shared/request-id.js";
import { timerDelay } from "../shared/timers.js";
import { runtimeClock } from "./runtime-fetch.js";

/** A response whose headers arrived; its body is still unread. */
export interface Connection {
  response: Response;
  /** The URL requested (the response's own URL when fetch reports one), for errors that name it. */
  url: string;
  /** The gateway's request id, read from the headers when first asked for. */
  readonly requestId: string | undefined;
  /** Aborting it cancels the body. */
  controller: AbortController;
  idleTimeout: number;
  /** ms the response clock allowed for the answer (a stream's first data event included), where there was one. */
  timeout?: number | undefined;
  /**
   * The attempt's clock, now timing the body (see {@link bodyClock}): a reader resumes it while it
   * waits for the network, touches it on every chunk, pauses it while the caller holds what was
   * read, and stops it at the end.
   */
  clock?: IdleClock | undefined;
  /**
   * Whether the body's reads end by themselves when the signal aborts (the platform's fetch): no
   * race with the abort is needed. A custom fetch may ignore its signal.
   */
  signalled?: boolean | undefined;
  /**
   * Why the body read ended early: the caller (signal, `abort()`, `break`), our idle clock, or the
   * response clock (a stream whose first data event did not come in time).
   */
  abortReason(): "user" | "idle" | "timeout" | undefined;
  /** Aborts the request, remembering who did so that the right error is raised. */
  abort(reason: "user" | "idle"): void;
  /** Detaches from the caller's signal; call when the body is done. */
  release(): void;
  /** The server's `host:port`, for a connection error's message (absent where unknown). */
  where?(): string | undefined;
}

export interface Clocks {
  signal?: AbortSignal | undefined;
  /** ms until response headers. */
  timeout: number;
  /** ms allowed between two body chunks (enforced by the body readers). */
  idleTimeout: number;
  /**
   * `send` is the platform's fetch, which honours its signal: no race with the abort is needed
   * (one promise less per call). Anything else (a custom fetch, an apiKey() or a middleware awaited
   * before fetch) is raced, so that what ignores the signal cannot outlive the clocks.
   */
  signalled?: boolean | undefined;
}

/** Who ended an attempt early: the caller, the idle clock, or the response clock. */
type Reason = "user" | "idle" | "timeout" | undefined;

/**
 * One attempt's connection: its controller, clock and abort reason (methods, not closures per
 * call). Made by {@link startAttempt} before the request is sent; {@link Attempt.opened} once its
 * headers arrived, or {@link Attempt.failed} for the error that ended it before then.
 */
export class Attempt implements Connection, ClockOwner {
  response!: Response;
  url: string;
  readonly controller = new AbortController();
  readonly clock: IdleClock;
  reason: Reason;
  #requestId: string | undefined | null = null;
  readonly #user: AbortSignal | undefined;
  readonly #onUserAbort: (() => void) | undefined;

  constructor(
    url: string,
    readonly idleTimeout: number,
    readonly timeout: number,
    readonly signalled: boolean,
    user: AbortSignal | undefined,
  ) {
    this.url = url;
    this.#user = user;
    if (user) {
      this.#onUserAbort = () => {
        this.reason ??= "user";
        this.controller.abort(user.reason);
      };
      user.addEventListener("abort", this.#onUserAbort, { once: true });
    }
    // The response clock runs until the headers arrive; the body then has the idle clock (one timer).
    this.clock = new IdleClock(idleTimeout, this, timeout);
  }

  /** The response arrived: the response clock stops, and the idle clock waits for a reader. */
  opened(response: Response): this {
    this.response = response;
    this.clock.headers();
    // After a redirect (or a middleware's change) fetch reports where the answer came from.
    if (response.url) this.url = response.url;
    return this;
  }

  /** The request failed before its headers: the error of the clock or signal that ended it, or of the connection. */
  failed(error: unknown): Error {
    this.clock.stop();
    this.release();
    if (this.reason === "timeout") return new APITimeoutError("response", this.timeout, { cause: error });
    return toConnectionError(
      error,
      this.reason === "user" ? "user" : undefined,
      this.timeout,
      hostAndPort(this.url),
    );
  }

  get requestId(): string | undefined {
    if (this.#requestId === null) this.#requestId = requestIdFrom(this.response.headers);
    return this.#requestId;
  }

  /** Where the body came from (after redirects), else what was asked for; built only for an error message. */
  where(): string | undefined {
    return hostAndPort(this.response?.url || this.url);
  }

  /** An abort nobody claimed came from the caller holding `controller` (e.g. stream.controller.abort()). */
  abortReason(): "user" | "idle" | "timeout" | undefined {
    return this.reason ?? (this.controller.signal.aborted ? "user" : undefined);
  }

  abort(why: "user" | "idle"): void {
    this.reason ??= why;
    this.controller.abort();
  }

  /** The idle clock ran out between two chunks. */
  idle(): void {
    this.abort("idle");
  }

  /** The response clock ran out before the headers, or before a stream's first data event. */
  timedOut(): void {
    this.reason ??= "timeout";
    this.controller.abort();
  }

  release(): void {
    if (this.#onUserAbort) this.#user?.removeEventListener("abort", this.#onUserAbort);
  }
}

/**
 * The clock that times a connection's body: the attempt's own (the response clock went on as the
 * idle clock, in the same timer), or for a connection made another way, an idle clock of its own.
 */
export function bodyClock(connection: Connection): IdleClock {
  connection.clock ??= new IdleClock(connection.idleTimeout, {
    idle: () => connection.abort("idle"),
    timedOut: () => {},
  });
  return connection.clock;
}

/**
 * An attempt of a request to `url` under the response clock and the caller's signal, before it is
 * sent: one AbortController and one timer. Aborted already, it throws: nothing left the process,
 * so a budget frees the call's reservation.
 */
export function startAttempt(
  url: string,
  { signal: userSignal, timeout, idleTimeout, signalled = false }: Clocks,
): Attempt {
  if (userSignal?.aborted) throw neverSent(new APIUserAbortError());
  return new Attempt(url, idleTimeout, timeout, signalled, userSignal);
}

/**
 * Runs `send` (a request to `url`) under the response clock and the caller's signal; the
 * Connection carries both into the body read.
 */
export async function openConnection(
  url: string,
  send: (signal: AbortSignal) => Promise<Response>,
  clocks: Clocks,
): Promise<Connection> {
  const attempt = startAttempt(url, clocks);
  const { signal } = attempt.controller;
  try {
    const sent = send(signal);
    // Raced with the abort unless `send` is the platform's fetch: what `send` awaits before fetch
    // (an apiKey() that never settles) or a custom fetch that ignores its signal must not outlive
    // the clocks.
    return attempt.opened(await (attempt.signalled ? sent : untilAborted(sent, signal)));
  } catch (error) {
    throw attempt.failed(error);
  }
}

/**
 * `work`, or the signal's reason as soon as it aborts: the work is abandoned, not awaited (its
 * outcome is still observed, so a later rejection is never unhandled).
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * `work` under the caller's signal and a deadline, for what a call awaits before it opens a
 * connection (reading an upload source into a body): a source that never yields ends in
 * APIUserAbortError or APITimeoutError instead of a hang. `work` gets a signal to stop reading.
 */
export async function underClock<T>(
  work: (signal: AbortSignal) => Promise<T>,
  { signal: userSignal, timeout }: { signal?: AbortSignal | undefined; timeout: number },
): Promise<T> {
  // Aborted before fetch: nothing left the process, so a budget frees the call's reservation.
  if (userSignal?.aborted) throw neverSent(new APIUserAbortError());
  const controller = new AbortController();
  let timedOut = false;
  const onUserAbort = () => controller.abort(userSignal?.reason);
  userSignal?.addEventListener("abort", onUserAbort, { once: true });
  const timer =
    timeout >= 0 && Number.isFinite(timeout)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timerDelay(timeout))
      : undefined;
  try {
    return await untilAborted(
      Promise.resolve().then(() => work(controller.signal)),
      controller.signal,
    );
  } catch (error) {
    if (timedOut) throw new APITimeoutError("response", timeout, { cause: error });
    if (userSignal?.aborted) throw new APIUserAbortError(undefined, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
    userSignal?.removeEventListener("abort", onUserAbort);
  }
}

/** Error bodies are read up to 64 KB: enough for any real envelope, not a memory hazard. */
export const MAX_ERROR_BODY = 64 * 1024;

/**
 * The typed error of a non-2xx answer, from at most 64 KB of its body. Releases the connection.
 * `gatewayURL` (a request to the gateway, not to a result URL): a 404 that shows no gateway route
 * there names the URL and says what baseURL should be (decode-error.ts).
 */
export async function failureOf(connection: Connection, gatewayURL?: string): Promise<APIError> {
  connection.release();
  const { response, requestId } = connection;
  // A body cut short still tells us the status: decode what arrived.
  const text = await readText(connection, MAX_ERROR_BODY, "keep");
  return decodeError({
    status: response.status,
    body: parseMaybeJson(text),
    headers: response.headers,
    requestId,
    gatewayURL,
  });
}

/**
 * A body as text under the idle clock: every chunk restarts the window, so a large body that keeps
 * coming is never cut, while a silent one is. At most `limit` characters are read (the rest is
 * cancelled); a body past `maxBytes` bytes is a MalformedResponseError (never retried: it would
 * be as large again). Cancelling the reader on abort ends a pending read even when a custom fetch ignores
 * the signal. A failed read throws, or with `"keep"` returns what arrived.
 */
export async function readText(
  connection: Connection,
  limit = Number.POSITIVE_INFINITY,
  onError: "throw" | "keep" = "throw",
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<string> {
  const clock = bodyClock(connection);
  const whole = onError === "throw" ? wholeText(connection, Math.min(limit, maxBytes)) : undefined;
  if (whole) {
    try {
      return await whole;
    } finally {
      clock.stop();
    }
  }
  const body = connection.response.body;
  if (!body) {
    clock.stop();
    return "";
  }
  clock.resume();
  const signal = connection.controller.signal;
  const reader = body.getReader();
  const onAbort = () => reader.cancel().catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  try {
    while (text.length < limit) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (done) return text + decoder.decode();
      clock.touch();
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        reader.cancel().catch(() => {});
        throw new MalformedResponseError(
          `The gateway's answer exceeded maxResponseBytes (${maxBytes} bytes); the rest was not read.`,
          { status: connection.response.status, requestId: connection.requestId },
        );
      }
      text += decoder.decode(value, { stream: true });
    }
    reader.cancel().catch(() => {});
    return text.slice(0, limit);
  } catch (error) {
    if (onError === "keep") return text;
    throw error;
  } finally {
    clock.stop();
    signal.removeEventListener("abort", onAbort);
  }
}

/**
 * The whole text of a small body (its declared length at most SMALL_BODY and `max`), read by
 * `response.text()` inside fetch (no reader, decoder or string joins of ours), under one idle
 * window that the caller stops; undefined for any other body. An abort (the caller's, or the
 * clock's) ends it at once: by itself under the platform's fetch, else by the race.
 */
export function wholeText(connection: Connection, max: number): Promise<string> | undefined {
  const { response } = connection;
  if (!response.body) return undefined;
  const length = Number(response.headers.get("content-length") ?? Number.NaN);
  if (!(length <= SMALL_BODY && length <= max)) return undefined;
  const signal = connection.controller.signal;
  if (signal.aborted) return Promise.reject(signal.reason);
  bodyClock(connection).resume();
  return connection.signalled ? response.text() : untilAborted(response.text(), signal);
}

/** A body whose declared length is at most this is read whole by `response.text()`. */
const SMALL_BODY = 64 * 1024;

function parseMaybeJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * What a failed read of a connection's body throws: the error of the clock or the caller that
 * ended it (`cause`: what the read threw), else the connection's failure.
 */
export function bodyFailure(connection: Connection, cause: unknown): Error {
  const reason = connection.abortReason();
  if (reason !== "timeout")
    return toConnectionError(cause, reason, connection.idleTimeout, connection.where?.());
  return isGenwayError(cause) ? cause : new APITimeoutError("response", connection.timeout ?? 0, { cause });
}

/**
 * Maps whatever fetch threw into our tree, using who aborted to tell the clocks apart. `where`
 * (`host:port`, see Connection.where) is named in a connection error: "which server?" is the first
 * question a refused connection or a cut body raises.
 */
function toConnectionError(
  error: unknown,
  reason: "user" | "idle" | undefined,
  timeoutMs: number,
  where?: string,
): Error {
  if (isGenwayError(error)) return error;
  if (reason === "user") return new APIUserAbortError(undefined, { cause: error });
  if (reason === "idle") return new APITimeoutError("idle", timeoutMs, { cause: error });
  const clock = runtimeClock(error);
  if (clock) return new APITimeoutError(clock, timeoutMs, { cause: error, runtime: true });
  const tried = where ? `; tried ${where}` : "";
  return new APIConnectionError(`Connection error: ${describeCause(error)}${tried}`, {
    cause: error,
    notSent: certainlyNotSent(error),
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

/**
 * What fetch said, with the system's error code (`ECONNREFUSED`, `ENOTFOUND`, `ECONNRESET`), from
 * the cause or the first of an AggregateError's (Node tries each address of a host); without a code,
 * the cause's own words (fetch refuses some ports outright: "bad port").
 */
function describeCause(cause: unknown): string {
  const inner = (cause as { cause?: { code?: unknown; message?: unknown; errors?: unknown } })?.cause;
  const first = Array.isArray(inner?.errors)
    ? (inner.errors[0] as { code?: unknown } | undefined)
    : undefined;
  const code = [inner?.code, first?.code, (cause as { code?: unknown })?.code].find(
    (c) => typeof c === "string",
  );
  const message = (cause as Error)?.message ?? String(cause);
  if (code) return `${message} (${code})`;
  const detail = typeof inner?.message === "string" ? inner.message : "";
  return detail && detail !== message ? `${message}: ${detail}` : message;
}

/**
 * `host:port` of a URL, the default port spelled out: what a connection error names. Never the
 * path or query (they may carry a key) nor user info.
 */
function hostAndPort(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol, hostname, port } = new URL(url);
    return `${hostname}:${port || (protocol === "https:" ? "443" : "80")}`;
  } catch {
    return undefined;
  }
}
