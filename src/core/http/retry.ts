/**
 * Billing-safe retry decisions. The policy belongs to the operation, not the HTTP method:
 * chat and queries may be repeated; a paid submission is repeated only when the gateway
 * certainly did not take it, because a second submission would be billed twice.
 */

import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  isGenwayError,
} from "../errors/errors.js";
import { DEFAULTS } from "../shared/defaults.js";
import { timerDelay } from "../shared/timers.js";

/** `idempotent`: chat, queries, task polls. `paid`: images, speech, video, vidgen and music submissions. */
export type RetryPolicy = "idempotent" | "paid";

const PAID_SAFE_CODES = new Set<number | string>([10011, 10012, "10011", "10012"]);
const MAINTENANCE = new Set<number | string>([10020, "10020"]);

/** Whether `error` may be retried under `policy`. Body replayability is checked by the caller. */
export function isRetryable(error: unknown, policy: RetryPolicy): boolean {
  if (!isGenwayError(error)) return false;
  // A runtime's own clock that fired first (not retryable) may have let the gateway take the request.
  if (error instanceof APITimeoutError)
    return policy === "idempotent" && error.phase === "response" && error.retryable;
  if (error instanceof APIConnectionError) return policy === "idempotent" || error.notSent;
  if (!(error instanceof APIError)) return false;
  if (policy === "idempotent") return error.retryable;
  // Paid: only answers that prove the request was turned away before any work began.
  if (error.status === 429 && error.code === undefined) return true;
  if (error.code !== undefined && PAID_SAFE_CODES.has(error.code)) return true;
  return error.code !== undefined && MAINTENANCE.has(error.code) && error.retryAfterMs !== undefined;
}

/** How far the backoff grows: the longest wait is this many times the first (8 s after 0.5 s). */
const BACKOFF_CAP = 16;

/**
 * Delay before retry number `attempt` (1-based): the server's Retry-After when it gave one,
 * else exponential backoff from `first` ms (0.5 s, 1 s, 2 s ... capped at 8 s by default) with 25%
 * jitter so that many clients hit by the same outage do not come back in lockstep.
 */
function retryDelay(attempt: number, retryAfterMs: number | undefined, first: number): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const base = Math.min(first * 2 ** (attempt - 1), first * BACKOFF_CAP);
  return base * (1 - 0.25 * Math.random());
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, timerDelay(ms));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export interface RetryLoop {
  policy: RetryPolicy;
  maxRetries: number;
  /** A server asking to wait longer than this (ms) gets its error back at once. */
  maxRetryAfter: number;
  /** ms the first retry waits when the server gave no Retry-After (GenwayOptions.retryDelay). */
  retryDelay?: number | undefined;
  signal?: AbortSignal | undefined;
  /** False for a body that cannot be sent twice (a stream): never retried. */
  replayable?: boolean;
  onRetry?: (error: unknown, attempt: number, waitMs: number) => void;
  /** An error to hand back at once instead of retrying (one a fallback model will take instead). */
  handOver?: ((error: unknown) => boolean) | undefined;
}

/** Runs `attempt` until it succeeds or the policy says stop; the wait between honours Retry-After. */
export async function withRetries<T>(attempt: () => Promise<T>, loop: RetryLoop): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    return retryAfter(error, attempt, loop);
  }
}

/**
 * The retries after a first attempt failed with `first`: `attempt` again until it succeeds or the
 * policy says stop. A call whose first attempt succeeds never enters this loop.
 */
export async function retryAfter<T>(first: unknown, attempt: () => Promise<T>, loop: RetryLoop): Promise<T> {
  let error = first;
  for (let count = 0; ; count++) {
    if (count >= loop.maxRetries || loop.replayable === false || !isRetryable(error, loop.policy))
      throw error;
    if (loop.handOver?.(error)) throw error;
    const after = (error as { retryAfterMs?: number }).retryAfterMs;
    // A server asking for a long pause gets its error back now, not a hidden hour-long sleep.
    if (after !== undefined && after > loop.maxRetryAfter) throw error;
    const wait = retryDelay(count + 1, after, loop.retryDelay ?? DEFAULTS.retryDelay);
    loop.onRetry?.(error, count + 1, wait);
    await sleep(wait, loop.signal).catch(() => {
      throw new APIUserAbortError();
    });
    try {
      return await attempt();
    } catch (next) {
      error = next;
    }
  }
}
