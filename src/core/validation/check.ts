/**
 * The one interpreter of request schemas (schema.ts): plain code, one case per kind. A valid value
 * allocates nothing; only a failure builds issues, each with its path, the rule broken and a
 * message that names the bound ("must be at most 4096 characters", "must be one of ...").
 *
 * Every call checks its params here, so the usual case is kept short: an object is checked by the
 * fields it gives (and the required ones), not by every field its schema names. Only a value that
 * fails is checked again the long way, field by field in the order declared, so that its issues are
 * listed in that order.
 */
import type { ValidationIssue } from "../errors/errors.js";
import { characterCount } from "./characters.js";
import type { Check, Finding, Schema } from "./schema.js";

/** An issue while checking: its path below the value checked, and whether it stops later checks. */
interface Issue {
  path: Array<string | number>;
  rule: string;
  message: string;
  /** The value is unusable (a wrong type, a value outside a closed list): later checks do not run. */
  abort: boolean;
  /** A union none of whose options fit: what each option found. */
  branches?: Issue[][];
}

type Found = Issue[] | undefined;

const plural = (n: number, noun: string) => `${noun}${n === 1 ? "" : "s"}`;
const unitOf = (value: unknown) =>
  typeof value === "string" ? "character" : Array.isArray(value) ? "item" : undefined;

/** "must be at most 4096 characters" (a string), "... 4 items" (a list), "... 2" (a number). */
export function mustBeAtMost(maximum: number, unit?: "character" | "item"): string {
  return `must be at most ${maximum}${unit ? ` ${plural(maximum, unit)}` : ""}`;
}
/** "must be at least 1 character", "... 1 item", "... 0". */
function mustBeAtLeast(minimum: number, unit?: "character" | "item"): string {
  return `must be at least ${minimum}${unit ? ` ${plural(minimum, unit)}` : ""}`;
}
/** `must be one of "a", "b"`. */
export function mustBeOneOf(values: readonly unknown[]): string {
  return `must be one of ${values.map((value) => JSON.stringify(value)).join(", ")}`;
}

const issue = (rule: string, message: string, abort: boolean, path: Issue["path"] = []): Issue => ({
  path,
  rule,
  message,
  abort,
});
/** A value of the wrong type; an absent one "is required". */
const wrongType = (expected: string, value: unknown) => [
  issue("invalid_type", value === undefined ? "is required" : `must be ${expected}`, true),
];
const tooBig = (maximum: number, value: unknown) =>
  issue("too_big", mustBeAtMost(maximum, unitOf(value)), false);
const tooSmall = (minimum: number, value: unknown) =>
  issue("too_small", mustBeAtLeast(minimum, unitOf(value)), false);

const aborted = (found: Found) => found?.some((i) => i.abort);
/** An object that is not a list. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
/** An object literal or `Object.create(null)`: what a record takes (not a Map, a Date, a class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/** Moves `found` (relative to a child) under `key`, onto `into`. */
function under(key: string | number, found: Issue[], into: Found): Issue[] {
  for (const i of found) i.path.unshift(key);
  if (!into) return found;
  into.push(...found);
  return into;
}

function add(into: Found, one: Issue): Issue[] {
  if (!into) return [one];
  into.push(one);
  return into;
}

/** What `value` breaks of `schema`, relative to the value; undefined when it fits. */
export function run(schema: Schema, value: unknown): Found {
  if (value === undefined && schema.optional) return undefined;
  if (value === null && schema.nullable) return undefined;
  const found = shape(schema, value);
  return schema.checks && !aborted(found) ? own(schema.checks, value, found) : found;
}

/** The schema's own checks, in order; one that aborts stops the rest. */
function own(checks: ReadonlyArray<Check<never>>, value: unknown, found: Found): Found {
  for (const check of checks) {
    if (aborted(found)) break;
    const result = (check as Check<unknown>)(value);
    if (!result) continue;
    for (const finding of (Array.isArray(result) ? result : [result]) as Finding[]) {
      const path = finding.path ? [...finding.path] : [];
      found = add(found, issue(finding.rule ?? "custom", finding.message, finding.abort ?? false, path));
    }
  }
  return found;
}

function shape(schema: Schema, value: unknown): Found {
  switch (schema.kind) {
    case "string": {
      if (typeof value !== "string") return wrongType("string", value);
      const { minLength, maxLength } = schema;
      // Code points, counted only when UTF-16 units leave the answer in doubt.
      if (minLength !== undefined && value.length < minLength * 2 && characterCount(value) < minLength)
        return [tooSmall(minLength, value)];
      if (maxLength !== undefined && value.length > maxLength && characterCount(value) > maxLength)
        return [tooBig(maxLength, value)];
      return undefined;
    }
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return wrongType("number", value);
      let found: Found;
      if (schema.integer) {
        if (!Number.isInteger(value)) return wrongType("int", value);
        if (!Number.isSafeInteger(value))
          found = [
            value > 0 ? tooBig(Number.MAX_SAFE_INTEGER, value) : tooSmall(Number.MIN_SAFE_INTEGER, value),
          ];
      }
      if (schema.minimum !== undefined && value < schema.minimum)
        found = add(found, tooSmall(schema.minimum, value));
      if (schema.maximum !== undefined && value > schema.maximum)
        found = add(found, tooBig(schema.maximum, value));
      return found;
    }
    case "boolean":
      return typeof value === "boolean" ? undefined : wrongType("boolean", value);
    case "unknown":
      return undefined;
    case "literal":
      return schema.values.includes(value as never)
        ? undefined
        : [issue("invalid_value", mustBeOneOf(schema.values), true)];
    case "object":
      if (!isObject(value)) return wrongType("object", value);
      return schema.required && fits(schema.shape, schema.required, value)
        ? undefined
        : fields(schema.shape, value);
    case "array": {
      if (!Array.isArray(value)) return wrongType("array", value);
      let found: Found;
      for (let i = 0; i < value.length; i++) {
        const item = run(schema.item, value[i]);
        if (item) found = under(i, item, found);
      }
      if (schema.minItems !== undefined && value.length < schema.minItems)
        found = add(found, tooSmall(schema.minItems, value));
      if (schema.maxItems !== undefined && value.length > schema.maxItems)
        found = add(found, tooBig(schema.maxItems, value));
      return found;
    }
    case "tuple": {
      if (!Array.isArray(value)) return wrongType("tuple", value);
      let found: Found;
      const { items, rest } = schema;
      for (let i = 0; i < Math.max(items.length, rest ? value.length : 0); i++) {
        const item = run(items[i] ?? (rest as Schema), value[i]);
        if (item) found = under(i, item, found);
      }
      return found;
    }
    case "record": {
      if (!isPlainObject(value)) return wrongType("record", value);
      let found: Found;
      for (const key of Object.keys(value)) {
        const badKey = schema.key && run(schema.key, key);
        if (badKey) {
          found = add(
            found,
            issue("invalid_key", `key ${badKey[0]?.message ?? "is not allowed"}`, true, [key]),
          );
          continue;
        }
        const entry = run(schema.value, value[key]);
        if (entry) found = under(key, entry, found);
      }
      return found;
    }
    case "union":
      return union(schema.options, value);
    case "tagged": {
      if (!isObject(value)) return wrongType("object", value);
      const tag = value[schema.tag];
      const option =
        typeof tag === "string" && Object.hasOwn(schema.byTag, tag) ? schema.byTag[tag] : undefined;
      if (option) return run(option, value);
      return [
        { ...issue("invalid_union", "matches none of the allowed shapes", true, [schema.tag]), branches: [] },
      ];
    }
    case "custom":
      return !schema.test || schema.test(value)
        ? undefined
        : [issue("custom", schema.message ?? "Invalid input", true)];
  }
}

/**
 * Whether a plain object fits `shape`, read by the fields it gives: each required field, then each
 * optional one it has. Builds nothing; a value that does not fit is checked again by {@link fields}.
 */
function fits(shape: Readonly<Record<string, Schema>>, required: readonly string[], value: object): boolean {
  // Another prototype may give fields that a walk of the own keys would miss.
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  const given = value as Record<string, unknown>;
  for (let i = 0; i < required.length; i++) {
    const key = required[i]!;
    const field = given[key];
    if (run(shape[key]!, field) !== undefined || (field === undefined && !(key in given))) return false;
  }
  for (const key in given) {
    if (!Object.hasOwn(shape, key)) continue;
    const schema = shape[key]!;
    const field = given[key];
    if (schema.optional && field !== undefined && run(schema, field) !== undefined) return false;
  }
  return true;
}

/** Every field of `shape` in `value`, in the order declared; absent optional ones are skipped. */
function fields(shape: Readonly<Record<string, Schema>>, value: Record<string, unknown>): Found {
  let found: Found;
  for (const key in shape) {
    const field = shape[key] as Schema;
    const given = value[key];
    if (given === undefined && field.optional) continue;
    const problems = run(field, given);
    if (problems) found = under(key, problems, found);
    // A field that takes anything must still be there.
    else if (given === undefined && !(key in value))
      found = add(found, issue("invalid_type", "is required", true, [key]));
  }
  return found;
}

/**
 * The first option that fits; else, when exactly one option's problems leave the value usable
 * (bounds, not types), those; else one issue holding what every option found.
 */
function union(options: readonly Schema[], value: unknown): Found {
  const results: Issue[][] = [];
  for (const option of options) {
    const found = run(option, value);
    if (!found) return undefined;
    results.push(found);
  }
  const usable = results.filter((found) => !aborted(found));
  if (usable.length === 1) return usable[0];
  return [{ ...issue("invalid_union", "matches none of the allowed shapes", true), branches: results }];
}

const depth = (branch: Issue[]) => Math.max(0, ...branch.map((i) => i.path.length));

/**
 * The issues as a ValidationError lists them: a union that nothing fitted is reported by the option
 * that got furthest into the value (deepest issue path), then by the one with the fewest problems.
 */
export function flatten(
  found: readonly Issue[],
  prefix: ReadonlyArray<string | number> = [],
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const i of found) {
    const path = [...prefix, ...i.path];
    if (i.branches?.length) {
      const best = [...i.branches].sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0] as Issue[];
      out.push(...flatten(best, path));
      continue;
    }
    out.push({ path: path.join("."), rule: i.rule, message: i.message });
  }
  return out;
}
