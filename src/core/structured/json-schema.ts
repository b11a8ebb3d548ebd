/**
 * A schema's JSON Schema: zod 4 (classic or mini) through zod's own converter, another validator
 * through its Standard JSON Schema side, or one the caller gives. The only file here that loads
 * zod's converter, and only the helpers callers import (zodResponseFormat, defineTool ...) reach it.
 */
import { toJSONSchema } from "zod/mini";
import { ValidationError } from "../errors/errors.js";
import type { StructuredPlan } from "./outcome.js";
import type { JSONSchema, StructuredSchema } from "./schema.js";
import { forFormat, type SchemaDialect } from "./strict.js";

/** True for a zod 4 schema (classic or mini): it carries the `_zod` internals the converter reads. */
function isZod(schema: unknown): schema is Parameters<typeof toJSONSchema>[0] {
  return typeof schema === "object" && schema !== null && "_zod" in schema;
}

/**
 * The JSON Schema of what the model must write (the validator's input side). zod goes through
 * `z.toJSONSchema`; another validator through its Standard JSON Schema converter; `given` wins.
 * A schema no converter can express (a transform, a date, a bigint) is a ValidationError, before
 * anything is sent.
 */
export function jsonSchemaOf(schema: StructuredSchema, operation: string, given?: JSONSchema): JSONSchema {
  if (given) return structuredClone(given);
  try {
    if (isZod(schema)) return toJSONSchema(schema, { io: "input", unrepresentable: "throw" }) as JSONSchema;
    const converter = schema["~standard"].jsonSchema;
    if (converter) return converter.input({ target: "draft-2020-12" });
  } catch (error) {
    throw new ValidationError(operation, [
      {
        path: "schema",
        rule: "json-schema",
        message: `cannot be written as JSON Schema (${String((error as Error)?.message ?? error)})`,
      },
    ]);
  }
  throw new ValidationError(operation, [
    {
      path: "schema",
      rule: "json-schema",
      message: "has no JSON Schema converter; pass a zod schema, a Standard JSON Schema, or jsonSchema",
    },
  ]);
}

/** The plan for a schema in a format's dialect: the validator, its JSON Schema and the rewritten wire schema. */
export function planFor<T>(
  schema: StructuredSchema<T>,
  dialect: SchemaDialect,
  operation: string,
  given?: JSONSchema,
): StructuredPlan<T> & { wire: JSONSchema } {
  const jsonSchema = jsonSchemaOf(schema, operation, given);
  return { schema, jsonSchema, operation, wire: forFormat(jsonSchema, dialect, operation) };
}
