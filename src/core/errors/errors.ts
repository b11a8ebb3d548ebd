/**
 * The error tree. Every error genway throws is a GenwayError; callers branch on the subclass
 * (what went wrong) rather than on the envelope the gateway happened to use.
 */
import { clip, redact, redactCause, redactDeep, redactHeaders } from "../shared/redact.js";

const BRAND = Symbol.for("genway.error");
const INSPECT = Symbol.for("nodejs.util.inspect.custom");

/** Options every genway error accepts: the underlying error, kept as `cause`. */
export interface GenwayErrorOptions {
  cause?: unknown;
}

/**
 * Root of every error genway throws. The key is scrubbed from the message at construction.
 *
 * Each error class states its name as a static `name` (kept through minification), which is also
 * its instances' `name`; `instanceof` reads that chain of names to recognize an error thrown by
 * another copy of genway in the same process (the ESM and CommonJS builds, or two installed
 * versions), so `catch (e) { if (e instanceof RateLimitError) ... }` works whichever copy threw it.
 */
export class GenwayError extends Error {
  static override name = "GenwayError";
  override name: string = this.constructor.name;
  /** Brand that survives two copies of the package in one process (see {@link isGenwayError}). */
  readonly [BRAND] = true;

  /**
   * `value instanceof ThisClass`, also for an error from another copy of genway: a genway error
   * (the brand) whose class, or one of its parents, has this class's name.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class right of instanceof, a subclass too.
    return isInstance(this, value);
  }

  constructor(message: string, options?: GenwayErrorOptions) {
    // The cause too: a fetch error may carry a URL (a Location that echoed the key) in its message or `input`.
    super(redact(message), options?.cause === undefined ? undefined : { cause: redactCause(options.cause) });
  }

  /** A plain, key-free object for logs and JSON.stringify. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key === "headers" || key === "response" || typeof value === "function") continue;
      out[key] = redactDeep(value);
    }
    return out;
  }

  /** util.inspect / console.log show the redacted JSON form, never raw bodies or causes. */
  [INSPECT](
    _depth: number,
    options: unknown,
    inspect?: (value: unknown, options: unknown) => string,
  ): string {
    const props = this.toJSON();
    delete props.name;
    delete props.message;
    const stack = redact(this.stack ?? `${this.name}: ${this.message}`);
    return Object.keys(props).length === 0 || !inspect ? stack : `${stack} ${inspect(props, options)}`;
  }
}

/** `value instanceof type` for a genway error class, whichever copy of genway made `value`. */
function isInstance(type: abstract new (...args: never[]) => unknown, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(type, value)) return true;
  if (!isGenwayError(value)) return false;
  for (let proto = Object.getPrototypeOf(value); proto !== null; proto = Object.getPrototypeOf(proto)) {
    if (Object.hasOwn(proto, "constructor") && proto.constructor.name === type.name) return true;
  }
  return false;
}

/** True for any genway error, even one thrown by another copy of the package. */
export function isGenwayError(value: unknown): value is GenwayError {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** What an {@link APIError} is built from: the decoded envelope and the HTTP response around it. */
export interface APIErrorInit {
  status?: number | undefined;
  /** Gateway code: a system/service number, a vidgen integer, or a string such as "model_not_found". */
  code?: number | string | undefined;
  /** Upstream error type, e.g. "invalid_request_error" or "overloaded_error". */
  type?: string | undefined;
  param?: string | undefined;
  requestId?: string | undefined;
  body?: unknown;
  headers?: Headers | undefined;
  retryAfterMs?: number | undefined;
  retryable?: boolean;
  cause?: unknown;
}

/** The gateway (or an upstream it relays) answered with an error. */
export class APIError extends GenwayError {
  static override name = "APIError";
  readonly status: number | undefined;
  readonly code: number | string | undefined;
  readonly type: string | undefined;
  readonly param: string | undefined;
  readonly requestId: string | undefined;
  /** Whether retrying the same request could succeed (the retry policy still decides if it is safe). */
  readonly retryable: boolean;
  /** How long the server asked us to wait, when it said (Retry-After / retry-after-ms). */
  readonly retryAfterMs: number | undefined;
  /** The decoded error body, redacted of the key. */
  readonly body: unknown;
  readonly headers: Headers | undefined;

  /** `requestId` under openai-node's spelling. */
  get requestID(): string | undefined {
    return this.requestId;
  }

  constructor(message: string, init: APIErrorInit = {}) {
    super(message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.type = init.type;
    this.param = init.param;
    this.requestId = init.requestId === undefined ? undefined : redact(init.requestId);
    this.retryable = init.retryable ?? false;
    this.retryAfterMs = init.retryAfterMs;
    this.body = redactDeep(init.body);
    // Headers are kept off the enumerable surface so toJSON/inspect stay small; a key the server
    // echoed in one (x-request-id, www-authenticate...) is scrubbed like the body.
    Object.defineProperty(this, "headers", { value: redactHeaders(init.headers), enumerable: false });
  }
}

/** 401 and the key codes 10001, 10003, 10004, 10005, 10007, 10009. */
export class AuthenticationError extends APIError {
  static override name = "AuthenticationError";
}
/** 403 and the codes 10002 (no permission) and 10008 (IP banned). */
export class PermissionDeniedError extends APIError {
  static override name = "PermissionDeniedError";
}
/** 429 and the rate-limit codes 10011, 10012, 10013. `retryAfterMs` says how long the server asked for. */
export class RateLimitError extends APIError {
  static override name = "RateLimitError";
}
/** 400 and the parameter error 221306 (and its variants). */
export class BadRequestError extends APIError {
  static override name = "BadRequestError";
}
/** 404: unknown path, model or task. */
export class NotFoundError extends APIError {
  static override name = "NotFoundError";
}
/** 409: the request conflicts with the current state. */
export class ConflictError extends APIError {
  static override name = "ConflictError";
}
/** 422: well-formed but refused. */
export class UnprocessableEntityError extends APIError {
  static override name = "UnprocessableEntityError";
}
/** 5xx and 10014 (internal system error). */
export class InternalServerError extends APIError {
  static override name = "InternalServerError";
}
/** 503, 10020 (interface under maintenance) and 10021 (interface disabled). */
export class ServiceUnavailableError extends APIError {
  static override name = "ServiceUnavailableError";
}
/** 221301: the data source behind the gateway timed out. */
export class UpstreamTimeoutError extends APIError {
  static override name = "UpstreamTimeoutError";
}
/** The response could not be understood: malformed JSON, an SSE event over the size limit. */
export class MalformedResponseError extends APIError {
  static override name = "MalformedResponseError";
}

/**
 * No usable response: connection refused or reset, DNS failure, body cut off. An {@link APIError}
 * with no `status` (nothing answered), as in openai-node and the Anthropic SDK, so that
 * `catch (e) { if (e instanceof APIError) ... }` sees connection failures too. `retryable` is true:
 * the same request may go through later (the retry policy still decides whether resending is safe).
 */
export class APIConnectionError extends APIError {
  static override name = "APIConnectionError";
  declare readonly status: undefined;
  /** True when the request certainly never reached the server (refused, DNS), so a paid retry is safe. */
  readonly notSent: boolean;
  constructor(
    message = "Connection error.",
    options: GenwayErrorOptions & { notSent?: boolean; retryable?: boolean } = {},
  ) {
    super(message, { cause: options.cause, retryable: options.retryable ?? true });
    this.notSent = options.notSent ?? false;
  }
}

/** Which clock ran out: `response` (headers), `idle` (between stream chunks) or `total` (a task wait). */
export type TimeoutPhase = "response" | "idle" | "total";

/**
 * A clock ran out: `response` (no headers within `timeout`), `idle` (no stream chunk within
 * `idleTimeout`) or `total`. With `runtime`, the runtime's own fetch clock ran out first (Node's
 * undici: 300 s for headers and between body chunks, with a fetch or dispatcher genway could not set
 * them on); that one is never retried, as the gateway may have taken, and billed, the request.
 */
export class APITimeoutError extends APIConnectionError {
  static override name = "APITimeoutError";
  readonly phase: TimeoutPhase;
  readonly timeoutMs: number;
  constructor(
    phase: TimeoutPhase,
    timeoutMs: number,
    options: GenwayErrorOptions & { runtime?: boolean } = {},
  ) {
    const what =
      phase === "idle"
        ? "No stream data arrived"
        : phase === "total"
          ? "The operation ran"
          : "No response arrived";
    super(
      options.runtime
        ? `${what}: the runtime's own fetch timeout ended the request before genway's ${phase} clock (${timeoutMs} ms); not retried, as the gateway may have taken it.`
        : `${what} within ${timeoutMs} ms (${phase} timeout).`,
      { cause: options.cause, retryable: !options.runtime },
    );
    this.phase = phase;
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The caller's signal aborted the request (or `stream.abort()` / `break` ended a stream). An
 * {@link APIError} with no `status`, as in openai-node; never `retryable`: the caller asked to stop.
 */
export class APIUserAbortError extends APIError {
  static override name = "APIUserAbortError";
  declare readonly status: undefined;
  constructor(message = "Request was aborted.", options?: GenwayErrorOptions) {
    super(message, { cause: options?.cause });
  }
}

/**
 * A stream ended normally (`[DONE]`, or its body closed) before its format's own end: a chat choice
 * without `finish_reason`, no `message_stop`, no `response.completed`, no native `finishReason`. The
 * answer was cut upstream (new-api still sends `[DONE]` after a cut); `final…()` rejects with this,
 * and `snapshot()` holds every delta that arrived. Not a connection error: the connection was fine.
 */
export class IncompleteStreamError extends GenwayError {
  static override name = "IncompleteStreamError";
  /** The format's end that never came, e.g. `message_stop` or `a finish_reason on every choice`. */
  readonly missing: string;
  readonly requestId: string | undefined;
  /** `requestId` under openai-node's spelling. */
  get requestID(): string | undefined {
    return this.requestId;
  }
  constructor(message: string, init: { missing: string; requestId?: string | undefined }) {
    super(message);
    this.missing = init.missing;
    this.requestId = init.requestId === undefined ? undefined : redact(init.requestId);
  }
}

/** One problem a client-side check found in a request, as listed in {@link ValidationError.issues}. */
export interface ValidationIssue {
  /** Dotted path of the field, e.g. `messages.0.content` or `temperature`. */
  path: string;
  /** The rule broken, e.g. `too_big`, `invalid_value`, `exactly_one_of`. */
  rule: string;
  message: string;
}

/** Client-side check failed; nothing was sent. `issues` lists every problem found. */
export class ValidationError extends GenwayError {
  static override name = "ValidationError";
  readonly issues: ValidationIssue[];
  /** `subject`: what was checked, `request` (the params) or `options` (clocks and retries). */
  constructor(operation: string, issues: ValidationIssue[], subject: "request" | "options" = "request") {
    const list = issues.map((issue) => `${issue.path || "(root)"}: ${issue.message}`).join("; ");
    super(`Invalid ${operation} ${subject}: ${list}`);
    this.issues = issues;
  }
}

/**
 * A serializable handle on an asynchronous task: its kind (e.g. `video`) and the gateway's id. `K`
 * is the kind as the compiler knows it (`TaskRef<"video">`), which types what waiting on it gives.
 */
export interface TaskRef<K extends string = string> {
  kind: K;
  id: string;
}

/** How much of a failure reason a TaskFailedError's message quotes (`reason` keeps it whole). */
const MAX_REASON = 1000;

/** An asynchronous task ended in failure; `reason` is the gateway's, `snapshot` the last state read. */
export class TaskFailedError extends GenwayError {
  static override name = "TaskFailedError";
  readonly task: TaskRef;
  readonly reason: string;
  readonly snapshot: unknown;
  constructor(task: TaskRef, reason: string, snapshot: unknown) {
    // The reason is the gateway's text: redacted everywhere, and bounded in the message. An empty
    // one is the gateway's too (new-api's live veo answer before it stored the reason).
    super(
      reason
        ? `Task ${task.kind}/${task.id} failed: ${clip(reason, MAX_REASON, "...")}`
        : `Task ${task.kind}/${task.id} failed; the gateway gave no reason.`,
    );
    this.task = { kind: task.kind, id: task.id };
    this.reason = redact(reason);
    this.snapshot = redactDeep(snapshot);
  }
}

/** Waiting ran out of time. The task may still finish: resume it with `gw.tasks.wait(error.task)`. */
export class TaskTimeoutError extends GenwayError {
  static override name = "TaskTimeoutError";
  readonly task: TaskRef;
  readonly snapshot: unknown;
  constructor(task: TaskRef, timeoutMs: number, snapshot: unknown, options?: GenwayErrorOptions) {
    super(
      `Task ${task.kind}/${task.id} did not finish within ${timeoutMs} ms; resume it with gw.tasks.wait(${JSON.stringify({ kind: task.kind, id: task.id })}).`,
      options,
    );
    this.task = { kind: task.kind, id: task.id };
    this.snapshot = redactDeep(snapshot);
  }
}
