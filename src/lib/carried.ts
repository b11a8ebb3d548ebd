/**
 * What the structured-output helpers and `defineTool` carry, and how a `parse` / `runTools` method
 * finds it. A helper's value (a response format, a schema, a tool) carries the implementation of
 * each method that reads it, by operation name, under a symbol that JSON and spreads leave out; the
 * method on the resource class only looks it up. So a bundle that never imports a helper holds
 * none of that code (schema conversion, partial JSON, validation, the tool loop, the formats'
 * readings): this file is all the methods cost.
 */
import { ValidationError } from "../core/errors/index.js";
import type { RequestOptions } from "../core/http/index.js";

/** Where a helper's value keeps its implementations: a symbol, so it is never serialized into a body. */
const CARRIED = Symbol.for("genway.structured");

/** The type of what a helper's answer yields (types only: nothing is stored under it). */
declare const OUTPUT: unique symbol;

/** The implementations a helper's value carries, by the operation that calls them. */
export type Implementations = Readonly<Record<string, (...args: any[]) => unknown>>;

/** A value made by a helper: its own fields, the implementations (not enumerable), and the output type. */
export type Carrying<Value, Output = unknown> = Value & {
  readonly [CARRIED]: Implementations;
  readonly [OUTPUT]?: Output;
};

/** The value with the implementations attached (not enumerable: JSON and spreads leave them out). */
export function carry<Value extends object, Output = unknown>(
  value: Value,
  implementations: Implementations,
): Carrying<Value, Output> {
  return Object.defineProperty(value, CARRIED, { value: implementations, enumerable: false }) as Carrying<
    Value,
    Output
  >;
}

/**
 * The implementation of `operation` that `value` carries, or a ValidationError (nothing is sent):
 * `field` must come from `helper`.
 */
export function implementation<Result>(
  value: unknown,
  operation: string,
  field: string,
  helper: string,
): (resource: object, params: object, options: RequestOptions | undefined) => Result {
  const implementations =
    typeof value === "object" && value !== null ? (value as Partial<Carrying<object>>)[CARRIED] : undefined;
  const found = implementations?.[operation];
  if (found)
    return found as (resource: object, params: object, options: RequestOptions | undefined) => Result;
  throw new ValidationError(operation, [
    { path: field, rule: "parseable", message: `must come from ${helper}` },
  ]);
}
