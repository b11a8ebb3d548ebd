/**
 * Checks of the options (client, per request, per wait) where they are given: a NaN, a negative
 * count, an infinite delay, a `fallback` string spread into one-letter models, an `onCost` that is
 * no function or a misspelt option would otherwise break silently, far from the cause.
 */
import { ValidationError, type ValidationIssue } from "../errors/errors.js";
import { checkBudget } from "./money-options.js";

/**
 * What an option holds: `clock` a duration in ms where Infinity means no clock (values past 2^31-1
 * are capped), `delay` a finite duration in ms, `count` a whole number, `function` a function,
 * `list` an array (its entries are checked where it is read), `object` a plain object (its
 * entries are fetch's to read), `flag` a boolean, `signal` an AbortSignal, `headers` a Headers or an object of header values fetch can send, `budget` a budget.
 * Each is checked before anything is sent: fetch would refuse a bad signal or header only when the
 * call is under way, as a connection error a budget cannot tell from a sent request.
 */
type Kind =
  | "clock"
  | "delay"
  | "count"
  | "function"
  | "list"
  | "object"
  | "flag"
  | "signal"
  | "headers"
  | "budget";

const EXPECTED: Record<Exclude<Kind, "budget">, string> = {
  clock: "a number of ms >= 0 (Infinity for no limit)",
  delay: "a finite number of ms >= 0",
  count: "a whole number >= 0",
  function: "a function",
  list: "a list",
  object: "an object",
  flag: "true or false",
  signal: "an AbortSignal",
  headers: "a Headers or an object of header names to values without line breaks",
};

/** A header name fetch accepts (an HTTP token), and a value without CR, LF or NUL. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

function sendableHeaders(value: unknown): boolean {
  if (typeof Headers !== "undefined" && value instanceof Headers) return true;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([name, text]) =>
      HEADER_NAME.test(name) && (text === undefined || (typeof text === "string" && HEADER_VALUE.test(text))),
  );
}

function fits(kind: Exclude<Kind, "budget">, value: unknown): boolean {
  if (kind === "function") return typeof value === "function";
  if (kind === "list") return Array.isArray(value);
  if (kind === "object") return typeof value === "object" && value !== null && !Array.isArray(value);
  if (kind === "flag") return typeof value === "boolean";
  if (kind === "signal") {
    const signal = value as { aborted?: unknown; addEventListener?: unknown } | null;
    return (
      typeof signal === "object" &&
      signal !== null &&
      typeof signal.aborted === "boolean" &&
      typeof signal.addEventListener === "function"
    );
  }
  if (kind === "headers") return sendableHeaders(value);
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) return false;
  if (kind === "clock") return true;
  return kind === "count" ? Number.isSafeInteger(value) : Number.isFinite(value);
}

/** What is wrong with an option's value, or undefined when it holds its kind. */
function problemOf(kind: Kind, value: unknown): string | undefined {
  if (kind !== "budget")
    return fits(kind, value) ? undefined : `must be ${EXPECTED[kind]}, got ${shown(value)}`;
  // checkBudget's own words, which name the field ("budget.limit must be ...").
  try {
    checkBudget(value);
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/^budget\.?/, "").trim();
  }
}

function shown(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string")
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  return value === null ? "null" : typeof value;
}

/**
 * Throws a ValidationError naming every option of `options` that does not hold its kind of value,
 * and, when `known` is given, every option not in it (a misspelt `sigal` would otherwise be ignored
 * and its abort never happen).
 */
export function checkOptions(
  where: string,
  options: object | undefined,
  kinds: Readonly<Record<string, Kind>>,
  known?: ReadonlySet<string>,
): void {
  if (!options) return;
  const issues: ValidationIssue[] = [];
  for (const [name, kind] of Object.entries(kinds)) {
    const value = (options as Record<string, unknown>)[name];
    const problem = value === undefined ? undefined : problemOf(kind, value);
    if (problem !== undefined) issues.push({ path: name, rule: "invalid_option", message: problem });
  }
  if (known) {
    for (const name of Object.keys(options)) {
      if (!known.has(name))
        issues.push({
          path: name,
          rule: "unknown_option",
          message: `is not an option (known: ${[...known].join(", ")})`,
        });
    }
  }
  if (issues.length > 0) throw new ValidationError(where, issues, "options");
}

/** The clock and retry options a client and each request take. */
const CLOCKS = { timeout: "clock", idleTimeout: "clock", maxRetries: "count" } as const;
/** What each request's options hold; the names a request takes are listed by the transport. */
export const REQUEST_OPTIONS = {
  ...CLOCKS,
  signal: "signal",
  headers: "headers",
  fetchOptions: "object",
  budget: "budget",
  fallback: "list",
  paidFallback: "flag",
} as const;
export const CLIENT_OPTIONS = {
  ...CLOCKS,
  maxRetryAfter: "delay",
  retryDelay: "delay",
  maxResponseBytes: "count",
  fetch: "function",
  fetchOptions: "object",
  onCost: "function",
  defaultHeaders: "headers",
} as const;
export const WAIT_OPTIONS = { timeout: "clock", interval: "delay", maxInterval: "delay" } as const;
