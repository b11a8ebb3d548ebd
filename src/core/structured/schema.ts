/**
 * One schema for every format: a zod 4 schema (classic or mini) or any Standard Schema validator.
 * Its JSON Schema comes from zod's own converter (or the validator's Standard JSON Schema side, or
 * one the caller gives), and the model's answer is checked by the validator itself.
 */
import { toJSONSchema } from "zod/mini";
import { ValidationError } from "../errors/errors.js";

/** A validator's issue, as Standard Schema reports it. */
export interface OutputIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/**
 * A Standard Schema validator (https://standardschema.dev; zod 4 classic and mini, valibot, arktype
 * ...). Copied from the spec, as it asks, so genway depends on no package for it.
 */
export interface StructuredSchema<Output = unknown> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: Output; readonly issues?: undefined }
      | { readonly issues: ReadonlyArray<OutputIssue> }
      | Promise<{ readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<OutputIssue> }>;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
    /** Standard JSON Schema: how the validator writes itself as JSON Schema, where it can. */
    readonly jsonSchema?: { readonly input: (options: { target: string }) => Record<string, unknown> };
  };
}

/** The type a schema's validator yields. */
export type InferOutput<S> = S extends StructuredSchema<infer Output> ? Output : never;

/** A JSON Schema, as plain JSON. */
export type JSONSchema = Record<string, unknown>;

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
      { path: "schema", rule: "json-schema", message: `cannot be written as JSON Schema (${String((error as Error)?.message ?? error)})` },
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

/** Checks a value with the schema's own validator: the typed value, or the validator's issues. */
export async function validateOutput<T>(
  schema: StructuredSchema<T>,
  value: unknown,
): Promise<{ value: T; issues?: undefined } | { issues: readonly OutputIssue[] }> {
  const result = await schema["~standard"].validate(value);
  if (result.issues) return { issues: result.issues };
  return { value: result.value };
}
