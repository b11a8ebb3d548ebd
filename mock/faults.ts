/**
 * Failures on demand. A fault applies to the next `times` requests whose path matches, then is
 * used up. Faults are checked before auth and routing, like a broken proxy in front of the gateway.
 */
import type { Envelope } from "./envelopes.js";
import type { ResetPoint } from "./http.js";

/**
 * A failure to inject with {@link MockGateway.inject}: an error status or code, a delay, a reset,
 * a stalled or cut stream, or a raw body.
 */
export interface Fault {
  /** Only requests whose path contains this string (or matches this RegExp). Default: every request. */
  match?: string | RegExp;
  /** How many matching requests it applies to. Default 1. */
  times?: number;
  /** Answer with this HTTP status (default: the status the gateway pairs with `code`, else 500). */
  status?: number;
  /** Gateway code to put in the route's error envelope (e.g. 10012, 221301). */
  code?: number | string;
  /** Use another envelope than the route's own. */
  envelope?: Envelope;
  message?: string;
  /** Retry-After header in seconds. */
  retryAfter?: number;
  /** retry-after-ms header. */
  retryAfterMs?: number;
  /** Wait this long before sending headers (slow headers past a timeout). */
  delayMs?: number;
  /** Destroy the connection before or right after the headers. */
  reset?: ResetPoint;
  /** Streams: send this many events, then keep the connection open sending nothing. */
  stallAfter?: number;
  /** Streams and bodies: send this many events/chunks, then destroy the connection. */
  cutAfter?: number;
  /** Streams and bodies: send this many events/chunks and half of the next, then end the body cleanly. */
  truncateAfter?: number;
  /** Streams: after the first event, one `data:` line that never ends (an event over any size limit). */
  oversizedEvent?: boolean;
  /** A raw body to answer with (e.g. malformed JSON), with `status` (default 200). */
  body?: string;
  contentType?: string;
  /** Let the request through to the route after applying delay (useful with delayMs alone). */
  passThrough?: boolean;
}

interface Armed extends Fault {
  remaining: number;
}

/** The faults armed on a mock gateway, each used up after `times` matching requests. */
export class FaultQueue {
  #faults: Armed[] = [];

  /** Arms a fault; returns the queue for chaining. */
  inject(fault: Fault): this {
    this.#faults.push({ ...fault, remaining: fault.times ?? 1 });
    return this;
  }

  /** Disarms every fault. */
  clear(): void {
    this.#faults = [];
  }

  /** How many faults are still armed. */
  get pending(): number {
    return this.#faults.length;
  }

  /** Takes the first armed fault matching `path`, if any. */
  take(path: string): Fault | undefined {
    const index = this.#faults.findIndex((fault) => matches(fault.match, path));
    if (index < 0) return undefined;
    const fault = this.#faults[index]!;
    if (--fault.remaining <= 0) this.#faults.splice(index, 1);
    return fault;
  }
}

function matches(match: Fault["match"], path: string): boolean {
  if (match === undefined) return true;
  return typeof match === "string" ? path.includes(match) : match.test(path);
}
