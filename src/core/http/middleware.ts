/**
 * Middleware: functions around each HTTP attempt, as in ky hooks or the Anthropic SDK. The order is
 * fixed and documented (docs/observability.md): params are validated and the budget is reserved
 * once per call; then, per model of a fallback list and per retry, each attempt runs the chain
 * (first middleware outermost), whose innermost `next` sends the request and follows redirects.
 * A middleware may change the request it passes on and the response it returns; what it throws
 * (other than genway's own errors) becomes a MiddlewareError, which is never retried.
 */

import { GenwayError, isGenwayError, type TaskRef } from "../errors/errors.js";
import { requestIdFrom, requestIdOf } from "../shared/request-id.js";
import type { TaskSnapshot } from "../tasks/task-record.js";
import type { Answer } from "./api-promise.js";
import type { CostEstimate } from "./cost.js";

/** The operation middleware sees for a client's reads of the gateway's prices (GET /api/pricing, /api/status). */
export const PRICES_READ = "prices.load";

/** The key's stand-in in the headers a middleware sees: the real key is set after the last middleware. */
export const REDACTED_KEY = "[redacted]";

/** One HTTP attempt as middleware sees it. Change any field, or pass a new object, to `next`. */
export interface MiddlewareRequest {
  method: string;
  url: string;
  /** The headers to send. `authorization` (and `x-api-key`) hold `[redacted]`: the key is filled in after the chain. */
  headers: Headers;
  body: BodyInit | null | undefined;
  /** The attempt's signal (the caller's signal and the response clock). */
  readonly signal: AbortSignal;
  /** The call this attempt belongs to: the same object for each retry and fallback of one call. */
  readonly call: CallInfo;
  /** 1 for the first attempt of the call, counting retries and fallbacks. */
  readonly attempt: number;
  /** The model this attempt asks for (after any fallback). */
  readonly model: string | undefined;
}

/** Sends the request (through the rest of the chain) and resolves to the response. */
export type MiddlewareNext = (request: MiddlewareRequest) => Promise<Response>;

/** A function around each HTTP attempt; see docs/observability.md. */
export interface Middleware {
  (request: MiddlewareRequest, next: MiddlewareNext): Promise<Response>;
  /**
   * Runs around each task wait (`task.wait()`, `createAndWait`, `gw.tasks.wait`), whose polls are
   * the HTTP attempts the middleware itself sees. Optional: see docs/observability.md.
   */
  onWait?: WaitHook | undefined;
}

/** One call (an operation invoked once), across its retries and fallbacks. */
export interface CallInfo {
  /** The operation, e.g. `chat.completions.create`, `videos.retrieve` (`request` for an undeclared one). */
  readonly operation: string;
  /** The model the params named first (the primary of a fallback list). */
  readonly model: string | undefined;
  /** Whether the answer is an event stream. */
  readonly stream: boolean;
  /** Resolves when the call is over: its answer read, its stream ended, or its error thrown. Never rejects. */
  readonly done: Promise<CallOutcome>;
  /**
   * The call this one was made for, if any: a read of the gateway's prices (operation
   * `prices.load`) that a call needed to price itself (its budget, onCost). genway/otel records it
   * as an event of that call's span, not a span of its own.
   */
  readonly parent?: CallInfo | undefined;
}

/** How a call ended. */
export interface CallOutcome {
  /** The error the call failed with; undefined when it succeeded. */
  error: unknown;
  /** The model that answered (after any fallback). */
  model: string | undefined;
  requestId: string | undefined;
  /** Attempts made (1 + retries + fallbacks). */
  attempts: number;
  /** The answer's token usage in its format's shape, when it reported one. */
  usage: unknown;
  /**
   * The call's cost, or null (see `costReason`). Priced by what the client has now: `null` until it has
   * loaded the gateway's prices, and the reason then names the awaited read that prices it
   * (docs/cost.md, "One truth per client").
   */
  cost: CostEstimate | null;
  costReason: string | undefined;
}

/** A middleware threw something that is not a genway error. Nothing more is sent for this call. */
export class MiddlewareError extends GenwayError {
  static override name = "MiddlewareError";
}

/** @internal The per-call record the transport keeps while middleware is configured. */
export class CallRecord implements CallInfo {
  readonly done: Promise<CallOutcome>;
  attempts = 0;
  #finish!: (outcome: CallOutcome) => void;

  constructor(
    readonly operation: string,
    readonly model: string | undefined,
    readonly stream: boolean,
    readonly parent?: CallInfo,
  ) {
    this.done = new Promise((resolve) => {
      this.#finish = resolve;
    });
  }

  finish(outcome: Omit<CallOutcome, "attempts">): void {
    this.#finish({ ...outcome, attempts: this.attempts });
  }

  /** The call answered, unpriced (a metered call's billing finishes its record with the cost). */
  answered(answer: Answer<unknown>, costReason: string): void {
    const requestId = answer.requestId ?? requestIdFrom(answer.response.headers);
    this.finish({
      error: undefined,
      model: answer.model,
      requestId,
      usage: undefined,
      cost: null,
      costReason,
    });
  }

  /** The call failed with `error`. */
  failed(error: unknown, costReason: string): void {
    const requestId = requestIdOf(error);
    this.finish({ error, model: undefined, requestId, usage: undefined, cost: null, costReason });
  }
}

/** The request of one attempt before the chain: its headers hold the key's stand-in. */
export interface ChainInit {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  signal: AbortSignal;
}

/**
 * @internal Sends one attempt of `record`'s call through `chain`: the innermost step refuses a
 * request a middleware moved off the gateway's `origin` (the key goes only to baseURL), puts the
 * key in where the chain left its stand-in, and `send`s it.
 */
export function throughChain(
  chain: readonly Middleware[],
  origin: string,
  record: CallRecord,
  model: string | undefined,
  init: ChainInit,
  key: string,
  send: (url: string, init: RequestInit) => Promise<Response>,
): Promise<Response> {
  record.attempts++;
  const request: MiddlewareRequest = {
    method: init.method,
    url: init.url,
    headers: new Headers(init.headers),
    body: init.body,
    signal: init.signal,
    call: record,
    attempt: record.attempts,
    model,
  };
  return runChain(chain, request, (r) => {
    if (new URL(r.url).origin !== origin) {
      throw new GenwayError(
        `Refused to send a request a middleware moved to ${new URL(r.url).origin}: the API key is only ever sent to baseURL.`,
      );
    }
    const headers: Record<string, string> = {};
    r.headers.forEach((value, name) => {
      // A function replacement: a key with `$&` or `$'` in it is inserted as it is.
      headers[name] =
        name === "authorization" || name === "x-api-key" ? value.replace(REDACTED_KEY, () => key) : value;
    });
    return send(r.url, { method: r.method, headers, body: r.body ?? undefined, signal: r.signal });
  });
}

/** One task wait, as a middleware's `onWait` hook sees it. */
export interface TaskWait {
  /** The task waited on: `{ kind, id }`. */
  readonly task: TaskRef;
  /**
   * Calls `listener` with each snapshot whose status or progress changed (and the first), as the
   * wait's own `onProgress` is called. It runs in the wait loop: it must not throw.
   */
  onProgress(listener: (snapshot: TaskSnapshot<unknown>) => void): void;
}

/**
 * Around each task wait, as middleware is around each attempt: call `next` once and return (or
 * throw) what it does. Polls made while `next` runs are ordinary attempts through the middleware.
 */
export type WaitHook = (
  wait: TaskWait,
  next: () => Promise<TaskSnapshot<unknown>>,
) => Promise<TaskSnapshot<unknown>>;

/**
 * Runs `request` through `chain` (first element outermost), ending in `send`. Each middleware's
 * `next` sends once: a second call would send the request, and its charge, again behind the
 * budget's back (one reservation, one ledger entry), so it is refused with a MiddlewareError and
 * nothing more is sent. A middleware that wants another attempt leaves it to genway's retries.
 */
function runChain(
  chain: readonly Middleware[],
  request: MiddlewareRequest,
  send: MiddlewareNext,
): Promise<Response> {
  const name = (index: number) => `Middleware ${index + 1} of ${chain.length}`;
  const links = chain.map(
    (middleware, index) => (r: MiddlewareRequest, next: MiddlewareNext) =>
      middleware(r, once(next, name(index))),
  );
  return around(links, request, send, {
    name,
    // What the transport reads of it; a Response of another fetch implementation has them too.
    accepts: (value) => {
      const response = value as Partial<Response> | null | undefined;
      return typeof response?.status === "number" && typeof response.headers?.get === "function";
    },
    expected: "a Response (does it return next(request)?)",
  });
}

/** `next`, refusing any call after the first. */
function once(next: MiddlewareNext, who: string): MiddlewareNext {
  let called = false;
  return (request) => {
    if (called) {
      return Promise.reject(
        new MiddlewareError(
          `${who} called next() a second time: a request is sent once (genway retries it where that is safe).`,
        ),
      );
    }
    called = true;
    return next(request);
  };
}

/** Runs a wait (`run`) through the `onWait` hooks of `chain` (first outermost). */
export function runWaitHooks<R>(
  chain: readonly Middleware[],
  wait: TaskWait,
  run: () => Promise<TaskSnapshot<R>>,
): Promise<TaskSnapshot<R>> {
  const hooks = chain.flatMap((m, index) => (m.onWait ? [{ hook: m.onWait, index }] : []));
  if (hooks.length === 0) return run();
  const links = hooks.map(
    ({ hook }) =>
      (w: TaskWait, next: (w: TaskWait) => Promise<TaskSnapshot<unknown>>) =>
        hook(w, () => next(w)),
  );
  return around(links, wait, run, {
    name: (i) => `The onWait hook of middleware ${hooks[i]!.index + 1}`,
    accepts: (value) =>
      typeof (value as Partial<TaskSnapshot<unknown>> | null | undefined)?.status === "string",
    expected: "a task snapshot (does it return what next() resolved to?)",
  }) as Promise<TaskSnapshot<R>>;
}

/** How a chain names its links and what each must resolve to. */
interface LinkRules {
  name: (index: number) => string;
  accepts: (value: unknown) => boolean;
  /** What it must resolve to, as the MiddlewareError says. */
  expected: string;
}

/**
 * Runs `arg` through `links` (first outermost) into `inner`. What a link throws itself, other than
 * a genway error, becomes a MiddlewareError; what `inner` throws (a refused connection from fetch,
 * a task failure) passes through every link as it is, to be retried or reported like any other.
 * What a link resolves to is checked: anything but what `rules` accepts (undefined from a forgotten
 * `return`, a plain object, a string) is a MiddlewareError naming the link, not a TypeError later.
 */
function around<A, R>(
  links: ReadonlyArray<(arg: A, next: (arg: A) => Promise<R>) => Promise<R>>,
  arg: A,
  inner: (arg: A) => Promise<R>,
  { name, accepts, expected }: LinkRules,
): Promise<R> {
  const passing = new WeakSet<object>();
  const last = (a: A): Promise<R> =>
    inner(a).catch((error: unknown) => {
      if (typeof error === "object" && error !== null) passing.add(error);
      throw error;
    });
  const at = (index: number): ((a: A) => Promise<R>) => {
    if (index === links.length) return last;
    return async (a) => {
      let result: R;
      try {
        result = await links[index]!(a, at(index + 1));
      } catch (error) {
        if (isGenwayError(error) || (typeof error === "object" && error !== null && passing.has(error)))
          throw error;
        throw new MiddlewareError(
          `${name(index)} threw: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      if (!accepts(result))
        throw new MiddlewareError(`${name(index)} returned ${shown(result)}, not ${expected}`);
      return result;
    };
  };
  return at(0)(arg);
}

/** A value as an error message names it (never its contents: they may hold anything). */
function shown(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value !== "object") return `a ${typeof value}`;
  return Array.isArray(value)
    ? "a list"
    : `an object (${Object.getPrototypeOf(value)?.constructor?.name ?? "no prototype"})`;
}
