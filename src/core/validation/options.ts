/**
 * Checks of the options (client, per request, per wait) where they are given: a NaN, a negative
 * count, an infinite delay, a `fallback` string spread into one-letter models, an `onCost` that is
 * no function, a header fetch cannot send, a dispatcher that is none or a misspelt option would
 * otherwise break silently, far from the cause. Each kind of options is one map, option name -> its
 * check, declared beside the type it checks (`satisfies OptionChecks<keyof RequestOptions>`): the
 * names an options object may hold and how each is checked come from that one map, and an option
 * declared without a check is a compile error.
 */
import { ValidationError, type ValidationIssue } from "../errors/errors.js";
import { isObject, isPlainObject, mustBeOneOf } from "./check.js";
import { checkBudget, checkPrices } from "./money-options.js";
import { notAName } from "./names.js";

/** What is wrong with an option's value (the phrase after its name), or undefined when it is right. */
export type OptionCheck = (value: unknown) => string | undefined;

/** Every option of a kind of options, each with its check: `{ [K in Name]: OptionCheck }`, all required. */
export type OptionChecks<Name extends PropertyKey> = { readonly [K in Name]-?: OptionCheck };

/** How a value is shown in a message: numbers and short strings as they are, anything else by its type. */
export function shown(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string")
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (Array.isArray(value)) return "a list";
  return value === null ? "null" : typeof value;
}

/** A check that `fits` says yes to, else "must be <expected>, got <the value>". */
const must =
  (expected: string, fits: (value: unknown) => boolean): OptionCheck =>
  (value) =>
    fits(value) ? undefined : `must be ${expected}, got ${shown(value)}`;

/** A header name fetch accepts (an HTTP token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What fetch sends in a header value: Latin-1 text without control characters (a tab is fine). */
const HEADER_CHARACTER = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * What in `text` fetch cannot send in a header value, or undefined: the character and where it is
 * ("U+200B at position 24, which ..."), never the text itself (a header may hold a secret). fetch
 * would refuse it only when the call is under way, as a connection error a budget cannot tell from
 * a sent request.
 */
export function unsendable(text: string): string | undefined {
  const at = text.search(HEADER_CHARACTER);
  if (at === -1) return undefined;
  const code = text.codePointAt(at) as number;
  const what =
    code === 0x0a || code === 0x0d
      ? "a line break (CR/LF)"
      : `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return `${what} at position ${at}, which fetch cannot send in an HTTP header`;
}

/** A Headers, or an object of header names (HTTP tokens) to values fetch can send (or undefined). */
function headers(value: unknown): string | undefined {
  if (typeof Headers !== "undefined" && value instanceof Headers) return undefined; // checked as it was filled
  if (!isObject(value))
    return `must be a Headers or an object of header names to values, got ${shown(value)}`;
  for (const [name, text] of Object.entries(value)) {
    if (!HEADER_NAME.test(name)) return `${JSON.stringify(name)} is not a header name fetch can send`;
    if (text === undefined) continue;
    if (typeof text !== "string")
      return `${JSON.stringify(name)} must be a string (or undefined), got ${shown(text)}`;
    const problem = unsendable(text);
    if (problem) return `${JSON.stringify(name)} holds ${problem} (Latin-1 text without control characters)`;
  }
  return undefined;
}

/** Query parameters: an object of strings, finite numbers and booleans (undefined leaves one out). */
function query(value: unknown): string | undefined {
  if (!isPlainObject(value)) return `must be an object of query parameters, got ${shown(value)}`;
  for (const [name, entry] of Object.entries(value)) {
    const fits =
      entry === undefined ||
      typeof entry === "string" ||
      typeof entry === "boolean" ||
      (typeof entry === "number" && Number.isFinite(entry));
    if (!fits)
      return `${JSON.stringify(name)} must be a string, a finite number or a boolean, got ${shown(entry)}`;
  }
  return undefined;
}

/**
 * `fetchOptions`: an object whose `dispatcher`, where given, is a dispatcher: an object with a
 * `dispatch` function, as undici's ProxyAgent, Agent and EnvHttpProxyAgent are. fetch calls it for
 * every request, and anything else fails each call inside fetch instead of here.
 */
function fetchOptions(value: unknown): string | undefined {
  if (!isObject(value)) return `must be an object, got ${shown(value)}`;
  const { dispatcher } = value as { dispatcher?: unknown };
  if (dispatcher === undefined || typeof (dispatcher as { dispatch?: unknown })?.dispatch === "function") {
    return undefined;
  }
  const got = isObject(dispatcher) ? "an object without a dispatch function" : shown(dispatcher);
  return `dispatcher must be a dispatcher, an object with a dispatch function (e.g. undici's new ProxyAgent(url)), got ${got}`;
}

/** An AbortSignal, or one from another realm (duck-typed as fetch does). */
function isSignal(value: unknown): boolean {
  const signal = value as { aborted?: unknown; addEventListener?: unknown } | null;
  return (
    typeof signal === "object" &&
    signal !== null &&
    typeof signal.aborted === "boolean" &&
    typeof signal.addEventListener === "function"
  );
}

/** A check that runs `check` (which throws a GenwayError naming `field`), as the phrase after the option's name. */
const thrown =
  (check: (value: unknown) => void, field: string): OptionCheck =>
  (value) => {
    try {
      check(value);
      return undefined;
    } catch (error) {
      // The check's own words name the field ("budget.limit must be ..."): after the option, the rest.
      return (error as Error).message.replace(new RegExp(`^${field}\\.?`), "").trim();
    }
  };

/** The checks options are made of, each named for what the option holds. */
export const option = {
  /** A duration in ms where Infinity means no clock (values past 2^31-1 are capped). */
  clock: must("a number of ms >= 0 (Infinity for no limit)", (v) => typeof v === "number" && v >= 0),
  /** A finite duration in ms. */
  delay: must("a finite number of ms >= 0", (v) => typeof v === "number" && Number.isFinite(v) && v >= 0),
  /** A whole number. */
  count: must("a whole number >= 0", (v) => Number.isSafeInteger(v) && (v as number) >= 0),
  function: must("a function", (v) => typeof v === "function"),
  /** An array (its entries are checked where it is read). */
  list: must("a list", Array.isArray),
  /** An array of functions (middleware). */
  functions: must("a list of functions", (v) => Array.isArray(v) && v.every((f) => typeof f === "function")),
  flag: must("true or false", (v) => typeof v === "boolean"),
  /** A string that is not empty (a name). */
  name: must("a non-empty string", (v) => typeof v === "string" && v !== ""),
  signal: must("an AbortSignal", isSignal),
  /** An object, passed on as it is (its fields are for whoever reads it). */
  object: must("an object", isObject),
  /** Fields of a body: an object literal, merged as it is. */
  fields: must("an object of fields", isPlainObject),
  headers,
  query,
  fetchOptions,
  budget: thrown(checkBudget, "budget"),
  prices: thrown(checkPrices, "prices"),
  /** One of a closed list of values. */
  oneOf:
    (values: readonly unknown[]): OptionCheck =>
    (value) =>
      values.includes(value) ? undefined : `${mustBeOneOf(values)}, got ${shown(value)}`,
} as const;

/**
 * Throws a ValidationError unless `options` is an object whose options hold what their checks in
 * `checks` want (undefined stands for a left-out option). `checks` is the map of every option of its
 * kind: a name not in it is refused too, with the closest known one ("did you mean `budget`?"), as a
 * misspelt `sigal`, `budjet` or `intervl` would otherwise be ignored, its abort never happen, its
 * limit never hold or its polls come at the default pace.
 */
export function checkOptions(
  where: string,
  options: unknown,
  checks: Readonly<Record<string, OptionCheck>>,
): void {
  if (!isObject(options)) {
    throw new ValidationError(
      where,
      [{ path: "", rule: "invalid_type", message: `must be an object of options, got ${shown(options)}` }],
      "options",
    );
  }
  let issues: ValidationIssue[] | undefined;
  for (const name of Object.keys(options)) {
    const check = Object.hasOwn(checks, name) ? checks[name] : undefined;
    if (check === undefined) {
      (issues ??= []).push({
        path: name,
        rule: "unknown_option",
        message: notAName(name, checks, "an option"),
      });
      continue;
    }
    const value = options[name];
    const problem = value === undefined ? undefined : check(value);
    if (problem !== undefined) (issues ??= []).push({ path: name, rule: "invalid_option", message: problem });
  }
  if (issues) throw new ValidationError(where, issues, "options");
}
