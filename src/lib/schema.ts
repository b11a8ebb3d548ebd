/**
 * One schema for every format: a zod 4 schema, zod/mini's `z.toJSONSchema(schema)` or any Standard
 * Schema validator; the model's answer is checked by the validator itself.
 */
// Its JSON Schema: json-schema.ts.

/** A validator's issue, as Standard Schema reports it. */
export interface OutputIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/**
 * A Standard Schema validator (https://standardschema.dev; zod 4, valibot, arktype ...). Copied from the spec, as it asks, so genway depends on no package for it.
 */
export interface StructuredSchema<Output = unknown> {
  readonly "~standard": {
    /** The Standard Schema version. */
    readonly version: 1;
    /** The validator library's name. */
    readonly vendor: string;
    /** Checks a value: the typed value, or the issues. */
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: Output; readonly issues?: undefined }
      | { readonly issues: ReadonlyArray<OutputIssue> }
      | Promise<
          | { readonly value: Output; readonly issues?: undefined }
          | { readonly issues: ReadonlyArray<OutputIssue> }
        >;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
    /** Standard JSON Schema: how the validator writes itself as JSON Schema, where it can. */
    readonly jsonSchema?: {
      /** The JSON Schema of what the validator accepts, for a JSON Schema draft (`target`). */
      readonly input: (options: { target: string }) => Record<string, unknown>;
    };
  };
}

/** The type a schema's validator yields. */
export type InferOutput<S> = S extends StructuredSchema<infer Output> ? Output : never;

/** A JSON Schema, as plain JSON. */
export type JSONSchema = Record<string, unknown>;

/** Checks a value with the schema's own validator: the typed value, or the validator's issues. */
export async function validateOutput<T>(
  schema: StructuredSchema<T>,
  value: unknown,
): Promise<{ value: T; issues?: undefined } | { issues: readonly OutputIssue[] }> {
  const result = await schema["~standard"].validate(value);
  if (result.issues) return { issues: result.issues };
  return { value: result.value };
}
