/**
 * Client-side request checks: the params against their operation's schema (schema.ts, read by
 * check.ts), before anything is sent. A failure lists every issue with its field path and the rule
 * broken.
 */
import { ValidationError } from "../errors/errors.js";
import { flatten, isObject, run } from "./check.js";
import { shown } from "./options.js";
import type { Schema } from "./schema.js";

/** The validation modes, as the `validation` option takes them. */
export const VALIDATION_MODES = ["strict", "off"] as const;
/** `strict` checks every request against the spec's bounds before sending it; `off` sends it as it is. */
export type ValidationMode = (typeof VALIDATION_MODES)[number];

/**
 * A ValidationError unless `params` is an object: what a method that takes params reads before any
 * of their fields, in every validation mode (`off` skips the spec's bounds, not the argument's type).
 */
export function checkParams(operation: string, params: unknown): void {
  if (isObject(params)) return;
  throw new ValidationError(operation, [
    {
      path: "(root)",
      rule: "invalid_type",
      message: `must be the method's params object, got ${shown(params)}`,
    },
  ]);
}

/**
 * Checks `params` against `schema` and returns `params` itself (never a copy), so unknown fields
 * the gateway added after our release pass through untouched.
 */
export function validate<T>(schema: Schema, params: T, operation: string, mode: ValidationMode): T {
  if (mode === "off") return params;
  const found = run(schema, params);
  if (found) throw new ValidationError(operation, flatten(found));
  return params;
}
