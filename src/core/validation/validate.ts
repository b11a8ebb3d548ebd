/**
 * Client-side request checks: the params against their operation's schema (schema.ts, read by
 * check.ts), before anything is sent. A failure lists every issue with its field path and the rule
 * broken.
 */
import { ValidationError } from "../errors/errors.js";
import { flatten, run } from "./check.js";
import type { Schema } from "./schema.js";

/** `strict` checks every request against the spec's bounds before sending it; `off` sends it as it is. */
export type ValidationMode = "strict" | "off";

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
