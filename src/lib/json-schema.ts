/**
 * A schema's JSON Schema, as the validator itself writes it (Standard JSON Schema: zod 4 classic,
 * valibot, arktype, and zod/mini's `z.toJSONSchema(schema)`) or as the caller gives it. genway
 * loads no converter of its own, so `import "genway"` loads no zod: a schema that carries no JSON
 * Schema is refused, before anything is sent, with the one step that fixes it.
 */
import { ValidationError } from "../core/errors/index.js";
import type { JSONSchema, StructuredSchema } from "./schema.js";

/**
 * The zod the refusals below name (zod 4 classic schemas carry their JSON Schema from 4.2 on),
 * admitted by the optional peer dependency in package.json and named by the README (tests check).
 */
const ZOD_4 = "zod@^4.6.7";

/** A zod 4 schema's `_zod.version`; zod 3 schemas have none. */
type ZodVersion = { major: number; minor: number; patch: number };

/**
 * The JSON Schema of what the model must write (the validator's input side): the one given, else
 * the validator's own. A ValidationError for what the validator cannot write as JSON Schema (a
 * transform, a date) and for a schema that writes none, naming the fix.
 */
export function jsonSchemaOf(schema: StructuredSchema, operation: string, given?: JSONSchema): JSONSchema {
  const standard = (schema as Partial<StructuredSchema> | null | undefined)?.["~standard"];
  if (typeof standard?.validate !== "function") {
    throw schemaProblem(
      operation,
      `must be a zod 4 schema or a Standard Schema validator (npm install "${ZOD_4}")`,
    );
  }
  if (given) return structuredClone(given);
  if (!standard.jsonSchema) throw schemaProblem(operation, withoutJsonSchema(schema));
  try {
    return standard.jsonSchema.input({ target: "draft-2020-12" });
  } catch (error) {
    const why = (error as Error)?.message ?? String(error);
    throw schemaProblem(operation, `cannot be written as JSON Schema (${why})`);
  }
}

/** Why a validator gives no JSON Schema, and the fix. */
function withoutJsonSchema(schema: StructuredSchema): string {
  const version = (schema as { _zod?: { version?: ZodVersion } })._zod?.version;
  if (version && (version.major > 4 || version.minor >= 2)) {
    return 'a zod/mini schema carries no JSON Schema of its own: pass z.toJSONSchema(schema, { io: "input" }) from zod/mini in its place';
  }
  if (version) {
    const { major, minor, patch } = version;
    return `zod ${major}.${minor}.${patch} schemas carry no JSON Schema (zod 4.2 and later do): npm install "${ZOD_4}"`;
  }
  if (schema["~standard"].vendor === "zod") {
    return `a zod 3 schema carries no JSON Schema: genway reads zod 4 schemas (npm install "${ZOD_4}")`;
  }
  return `carries no JSON Schema of its own: pass it as the jsonSchema option, or use a zod 4 schema (npm install "${ZOD_4}")`;
}

/** A ValidationError about the schema (nothing is sent). */
function schemaProblem(operation: string, message: string): ValidationError {
  return new ValidationError(operation, [{ path: "schema", rule: "json-schema", message }]);
}
