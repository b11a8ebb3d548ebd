/** From a format's answer to the validated object: the one place the three errors are decided. */
import { ValidationError } from "../errors/errors.js";
import { OutputParseError, OutputTruncatedError, RefusalError } from "./errors.js";
import { type JSONSchema, type StructuredSchema, validateOutput } from "./schema.js";
import { dropNullOptionals, forFormat, type SchemaDialect } from "./strict.js";

/** What a format's answer says, read by the family. */
export interface StructuredAnswer {
  /** The JSON text (or, for a forced tool, the input already parsed). */
  raw: string | { parsed: unknown };
  /** The refusal text, when the model refused. */
  refusal?: string | undefined;
  /** The format's reason when the answer stopped at the output limit. */
  truncated?: string | undefined;
}

/** How a structured call was set up: the caller's validator and the JSON Schema sent. */
export interface StructuredPlan<T> {
  schema: StructuredSchema<T>;
  /** The JSON Schema as the caller's converter wrote it (before the format's rewriting). */
  jsonSchema: JSONSchema;
  operation: string;
}

/** The validated object, or RefusalError / OutputTruncatedError / OutputParseError. */
export async function readStructured<T>(plan: StructuredPlan<T>, answer: StructuredAnswer): Promise<T> {
  const text = typeof answer.raw === "string" ? answer.raw : JSON.stringify(answer.raw.parsed ?? null);
  if (answer.refusal !== undefined) throw new RefusalError(plan.operation, answer.refusal);
  if (answer.truncated !== undefined) throw new OutputTruncatedError(plan.operation, answer.truncated, text);
  let value: unknown;
  if (typeof answer.raw === "string") {
    try {
      value = JSON.parse(answer.raw);
    } catch (error) {
      throw new OutputParseError(plan.operation, text, [], error);
    }
  } else value = answer.raw.parsed;
  const result = await validateOutput(plan.schema, dropNullOptionals(value, plan.jsonSchema));
  if (result.issues) throw new OutputParseError(plan.operation, text, result.issues);
  return result.value;
}

/** Where a response format keeps its plan: a symbol, so it is never serialized into the body. */
const PLAN = Symbol.for("genway.structured.plan");

/** A wire value (a response format, a text format) that also knows how to read its answer. */
export type WithPlan<Wire, T> = Wire & { readonly [PLAN]: StructuredPlan<T> };

/** The wire value with its plan attached (not enumerable: JSON and spreads leave it out). */
export function attachPlan<Wire extends object, T>(wire: Wire, plan: StructuredPlan<T>): WithPlan<Wire, T> {
  return Object.defineProperty(wire, PLAN, { value: plan, enumerable: false }) as WithPlan<Wire, T>;
}

/** The plan a wire value carries, if it was made by a format helper. */
function planOf<T>(wire: unknown): StructuredPlan<T> | undefined {
  return typeof wire === "object" && wire !== null ? (wire as Partial<WithPlan<object, T>>)[PLAN] : undefined;
}

/** The plan a parse call needs, or a ValidationError: `field` must come from `helper(schema, name)`. */
export function requirePlan<T>(
  wire: unknown,
  operation: string,
  field: string,
  helper: string,
): StructuredPlan<T> {
  const plan = planOf<T>(wire);
  if (plan) return plan;
  throw new ValidationError(operation, [
    { path: field, rule: "parseable", message: `must come from ${helper}(schema, name)` },
  ]);
}

/** The plan for a schema whose JSON Schema is known: the validator, that schema, and its rewriting for the format. */
export function planOver<T>(
  schema: StructuredSchema<T>,
  jsonSchema: JSONSchema,
  dialect: SchemaDialect,
  operation: string,
): StructuredPlan<T> & { wire: JSONSchema } {
  return { schema, jsonSchema, operation, wire: forFormat(jsonSchema, dialect, operation) };
}
