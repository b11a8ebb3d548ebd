/**
 * Middleware: functions around each HTTP attempt, as in ky hooks or the Anthropic SDK. The order is
 * fixed and documented (docs/observability.md): params are validated and the budget is reserved
 * once per call; then, per model of a fallback list and per retry, each attempt runs the chain
 * (first middleware outermost), whose innermost `next` sends the request and follows redirects.
 * A middleware may change the request it passes on and the response it returns; what it throws
 * (other than genway's own errors) becomes a MiddlewareError, which is never retried.
 */

import { GenwayError, isGenwayError } from "../errors/errors.js";
import type { CostEstimate } from "../money/cost.js";

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
export type Middleware = (request: MiddlewareRequest, next: MiddlewareNext) => Promise<Response>;

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
  /** The priced cost, or null (see `costReason`). */
  cost: CostEstimate | null;
  costReason: string | undefined;
}

/** A middleware threw something that is not a genway error. Nothing more is sent for this call. */
export class MiddlewareError extends GenwayError {
  override name = "MiddlewareError";
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
  ) {
    this.done = new Promise((resolve) => {
      this.#finish = resolve;
    });
  }

  finish(outcome: Omit<CallOutcome, "attempts">): void {
    this.#finish({ ...outcome, attempts: this.attempts });
  }
}

/** Runs `request` through `chain` (first element outermost), ending in `send`. */
export function runChain(
  chain: readonly Middleware[],
  request: MiddlewareRequest,
  send: MiddlewareNext,
): Promise<Response> {
  const at = (index: number): MiddlewareNext => {
    if (index === chain.length) return send;
    return async (r) => {
      try {
        return await chain[index]!(r, at(index + 1));
      } catch (error) {
        if (isGenwayError(error)) throw error;
        throw new MiddlewareError(
          `Middleware ${index + 1} of ${chain.length} threw: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    };
  };
  return at(0)(request);
}
