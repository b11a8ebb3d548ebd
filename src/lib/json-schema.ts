/**
 * A schema's JSON Schema: zod 4 (classic or mini) through zod's own converter, another validator
 * through its Standard JSON Schema side, or one the caller gives. The only file here that loads
 * zod's converter, and only the helpers callers import
 * (zodResponseFormat, zodTextFormat, zodSchema, defineTool) reach it.
 */
import { toJSONSchema } from "zod/mini";
import { ValidationError } from "../core/errors/index.js";
import { type JSONSchema, ownJsonSchema, requireJsonSchema, type StructuredSchema } from "./schema.js";

/** True for a zod 4 schema (classic or mini): it carries the `_zod` internals the converter reads. */
function isZod(schema: unknown): schema is Parameters<typeof toJSONSchema>[0] {
  return typeof schema === "object" && schema !== null && "_zod" in schema;
}

/**
 * The JSON Schema of what the model must write (the validator's input side): the one given, the
 * validator's own (zod classic's is zod's converter), else `z.toJSONSchema` for zod/mini. What no
 * converter can express (a transform, a date, a bigint) is a ValidationError, before anything is sent.
 */
export function jsonSchemaOf(schema: StructuredSchema, operation: string, given?: JSONSchema): JSONSchema {
  const own = ownJsonSchema(schema, operation, given);
  if (own) return own;
  if (!isZod(schema)) return requireJsonSchema(schema, operation);
  try {
    return toJSONSchema(schema, { io: "input", unrepresentable: "throw" }) as JSONSchema;
  } catch (error) {
    throw new ValidationError(operation, [
      {
        path: "schema",
        rule: "json-schema",
        message: `cannot be written as JSON Schema (${(error as Error)?.message ?? String(error)})`,
      },
    ]);
  }
}
