/**
 * How a `parse` / `runTools` method reaches its implementation while a bundle that never imports
 * the helpers holds none of it (schema conversion, partial JSON, validation, the tool loop, the
 * formats' readings). Each such method is declared once, as a {@link CarriedMethod} constant beside
 * its implementation (`CHAT_PARSE` in resources/chat/parse.ts, `CHAT_RUN_TOOLS` in run-tools.ts ...):
 * the helper whose values the method reads attaches the implementation to each value it makes
 * (`carry(value, implement(CHAT_PARSE, ...))`), and the method takes it back from the value it is
 * given (`implementationOf(CHAT_PARSE, params)`). Both sides name the same constant,
 * typed by the implementation's signature: no string to misspell, and the compiler checks each side.
 * docs/architecture.md ("parse and runTools") draws it; tests/lib/carried.test.ts proves that every
 * such method has exactly one helper providing it.
 */
import { ValidationError } from "../core/errors/index.js";
import { checkParams } from "../core/validation/index.js";

// `any[]`: an implementation's own signature types it; this only bounds it.
type Implementation = (...args: any[]) => unknown;

/** Where a helper's value keeps its implementations: a symbol, so it is never serialized into a body. */
const CARRIED = Symbol.for("genway.structured");

/** Types only: what a helper's value yields, and the signature of a carried method. */
declare const OUTPUT: unique symbol;
declare const SIGNATURE: unique symbol;

/** A `parse` / `runTools` method whose implementation the values of one helper carry. */
export interface CarriedMethod<F extends Implementation> {
  /** The method as errors name it (`chat.completions.parse`), and the key its implementation travels under. */
  readonly operation: string;
  /** The field of the method's params that holds the helper's value (`response_format`, `tools` ...). */
  readonly field: string;
  /** The helper that makes such values, as an error tells the caller to use it. */
  readonly helper: string;
  readonly [SIGNATURE]?: F;
}

/** Declares a carried method: beside its implementation, whose signature `F` is. */
export function carriedMethod<F extends Implementation>(
  operation: string,
  field: string,
  helper: string,
): CarriedMethod<F> {
  return { operation, field, helper };
}

/** One implementation for {@link carry}: `run` is checked against the method's signature. */
export interface CarriedImplementation {
  readonly operation: string;
  readonly run: Implementation;
}

/** `run` as the implementation of `method`, for {@link carry}. */
export function implement<F extends Implementation>(method: CarriedMethod<F>, run: F): CarriedImplementation {
  return { operation: method.operation, run };
}

/** A value made by a helper: its own fields, the implementations it carries (not enumerable), the output type. */
export type Carrying<Value, Output = unknown> = Value & {
  readonly [CARRIED]: Readonly<Record<string, Implementation>>;
  readonly [OUTPUT]?: Output;
};

/** The value with the implementations attached (not enumerable: JSON and spreads leave them out). */
export function carry<Value extends object, Output = unknown>(
  value: Value,
  ...implementations: CarriedImplementation[]
): Carrying<Value, Output> {
  const table: Record<string, Implementation> = {};
  for (const { operation, run } of implementations) table[operation] = run;
  return Object.defineProperty(value, CARRIED, { value: table, enumerable: false }) as Carrying<
    Value,
    Output
  >;
}

/**
 * The implementation of `method` that the method's params carry in its field (`response_format`,
 * `text.format`; of a list such as `tools`, its first entry), or a ValidationError (nothing is
 * sent): the params must be an object, and the value in the field must come from the method's helper.
 */
export function implementationOf<F extends Implementation>(method: CarriedMethod<F>, params: unknown): F {
  checkParams(method.operation, params);
  let value: unknown = params;
  for (const key of method.field.split(".")) value = (value as Record<string, unknown> | undefined)?.[key];
  if (Array.isArray(value)) value = value[0];
  const table =
    typeof value === "object" && value !== null ? (value as Partial<Carrying<object>>)[CARRIED] : undefined;
  const found = table?.[method.operation];
  if (found) return found as F;
  throw new ValidationError(method.operation, [
    { path: method.field, rule: "parseable", message: `must come from ${method.helper}` },
  ]);
}
