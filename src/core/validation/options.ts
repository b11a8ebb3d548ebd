/**
 * Checks of the clock and retry options (client, per request, per wait) where they are given: a
 * NaN, a negative count or an infinite delay would otherwise break silently, far from the cause.
 * And the cap every timer applies: platforms store a delay in 32 bits, so a longer one fires at once.
 */
import { ValidationError, type ValidationIssue } from "../errors/errors.js";

/** The longest delay a timer holds (2^31-1 ms, about 24.8 days); longer ones are capped to it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a timer delay: never above {@link MAX_TIMER_MS}, where it would overflow and fire after 1 ms. */
export function timerDelay(ms: number): number {
  return Math.min(ms, MAX_TIMER_MS);
}

/**
 * What an option holds: `clock` a duration in ms where Infinity means no clock (values past 2^31-1
 * are capped), `delay` a finite duration in ms, `count` a whole number.
 */
type Kind = "clock" | "delay" | "count";

const EXPECTED: Record<Kind, string> = {
  clock: "a number of ms >= 0 (Infinity for no limit)",
  delay: "a finite number of ms >= 0",
  count: "a whole number >= 0",
};

function fits(kind: Kind, value: unknown): boolean {
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) return false;
  if (kind === "clock") return true;
  return kind === "count" ? Number.isSafeInteger(value) : Number.isFinite(value);
}

/** Throws a ValidationError naming every option of `options` that does not hold its kind of value. */
export function checkOptions(where: string, options: object | undefined, kinds: Record<string, Kind>): void {
  if (!options) return;
  const issues: ValidationIssue[] = [];
  for (const [name, kind] of Object.entries(kinds)) {
    const value = (options as Record<string, unknown>)[name];
    if (value === undefined || fits(kind, value)) continue;
    issues.push({
      path: name,
      rule: "invalid_option",
      message: `must be ${EXPECTED[kind]}, got ${typeof value === "number" ? String(value) : typeof value}`,
    });
  }
  if (issues.length > 0) throw new ValidationError(where, issues, "options");
}

/** The clock and retry options a client and each request take. */
export const REQUEST_OPTIONS = { timeout: "clock", idleTimeout: "clock", maxRetries: "count" } as const;
export const CLIENT_OPTIONS = {
  ...REQUEST_OPTIONS,
  maxRetryAfter: "delay",
  maxResponseBytes: "count",
} as const;
export const WAIT_OPTIONS = { timeout: "clock", interval: "delay", maxInterval: "delay" } as const;
