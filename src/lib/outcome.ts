/** From a format's answer to the validated object: the one place the three errors are decided. */
import { OutputParseError, OutputTruncatedError, RefusalError } from "./errors.js";
import { type JSONSchema, type StructuredSchema, validateOutput } from "./schema.js";
import { dropNullOptionals } from "./strict.js";

/** What a format's answer says, read by the family. */
export interface StructuredAnswer {
  /** The JSON text (or, for a forced tool, the input already parsed). */
  raw: string | { parsed: unknown };
  /** The refusal text, when the model refused. */
  refusal?: string | undefined;
  /** The format's reason when the answer stopped at the output limit. */
  truncated?: string | undefined;
}

/** How a structured answer is checked: the caller's validator and the JSON Schema it was written from. */
export interface StructuredPlan<T> {
  schema: StructuredSchema<T>;
  /** The JSON Schema as the caller's converter wrote it (before the format's rewriting). */
  jsonSchema: JSONSchema;
}

/** The validated object, or RefusalError / OutputTruncatedError / OutputParseError. */
export async function readStructured<T>(
  plan: StructuredPlan<T>,
  answer: StructuredAnswer,
  operation: string,
): Promise<T> {
  const text = typeof answer.raw === "string" ? answer.raw : JSON.stringify(answer.raw.parsed ?? null);
  if (answer.refusal !== undefined) throw new RefusalError(operation, answer.refusal);
  if (answer.truncated !== undefined) throw new OutputTruncatedError(operation, answer.truncated, text);
  let value: unknown;
  if (typeof answer.raw === "string") {
    try {
      value = JSON.parse(answer.raw);
    } catch (error) {
      throw new OutputParseError(operation, text, [], error);
    }
  } else value = answer.raw.parsed;
  const result = await validateOutput(plan.schema, dropNullOptionals(value, plan.jsonSchema));
  if (result.issues) throw new OutputParseError(operation, text, result.issues);
  return result.value;
}
