/**
 * What `zodResponseFormat`, `zodTextFormat` and `zodSchema` carry to the `parse` methods: the
 * schema's JSON Schema for each format, and the reading of the answer (whole or streamed).
 */
import type { Carrying } from "./carried.js";
import { jsonSchemaOf } from "./json-schema.js";
import { checkName } from "./names.js";
import { readStructured, type StructuredAnswer } from "./outcome.js";
import type { InferOutput, JSONSchema, StructuredSchema } from "./schema.js";
import { type EventOf, type StreamReader, type StructuredStream, withStructured } from "./stream.js";
import { forFormat, type SchemaDialect } from "./strict.js";

/** The machinery of one structured answer, as a helper carries it. */
export interface OutputParser<T> {
  /** The JSON Schema in a format's dialect, or a ValidationError for what the format cannot express. */
  wire(dialect: SchemaDialect, operation: string): JSONSchema;
  /** The validated object of a finished answer, or RefusalError / OutputTruncatedError / OutputParseError. */
  read(answer: StructuredAnswer, operation: string): Promise<T>;
  /** The format's stream with `partialObjects()` and `finalParsed()` added. */
  stream<S extends AsyncIterable<unknown>, Final>(
    stream: S,
    reader: StreamReader<EventOf<S>, Final>,
    operation: string,
  ): S & StructuredStream<T>;
}

/** Options of the structured-output helpers. */
export interface OutputOptions {
  /** What the output is for (the model reads it). */
  description?: string;
  /** The JSON Schema to send, for a validator that cannot write its own. */
  jsonSchema?: JSONSchema;
}

/** A schema ready for `messages.parse` / `native.parse` (made by `zodSchema`). */
export type ParseableSchema<T> = Carrying<
  {
    /** The name of the answer: the forced tool's name in the Messages format. */
    readonly name: string;
    /** What the output is for (the model reads it). */
    readonly description?: string | undefined;
  },
  T
>;

/** Options of `zodSchema`. */
export interface SchemaOptions extends OutputOptions {
  /** The name of the answer: the forced tool's name in the Messages format (default `"json_output"`). */
  name?: string;
}

/** The parser of a schema's answers; its JSON Schema is written now (a ValidationError if it cannot be). */
export function outputParser<S extends StructuredSchema>(
  schema: S,
  helper: string,
  given?: JSONSchema,
): OutputParser<InferOutput<S>> {
  const plan = {
    schema: schema as StructuredSchema<InferOutput<S>>,
    jsonSchema: jsonSchemaOf(schema, helper, given),
  };
  return {
    wire: (dialect, operation) => forFormat(plan.jsonSchema, dialect, operation),
    read: (answer, operation) => readStructured(plan, answer, operation),
    stream: (stream, reader, operation) => withStructured(stream, plan, reader, operation),
  };
}

/** A json_schema format in OpenAI's strict mode (chat completions and Responses): its fields and its parser. */
export function strictJsonSchema<S extends StructuredSchema>(
  schema: S,
  name: string,
  options: OutputOptions,
  helper: string,
): {
  fields: { name: string; strict: true; schema: JSONSchema; description?: string };
  parser: OutputParser<InferOutput<S>>;
} {
  checkName(name, helper);
  const parser = outputParser(schema, helper, options.jsonSchema);
  const fields = {
    name,
    strict: true as const,
    schema: parser.wire("openai-strict", helper),
    ...(options.description ? { description: options.description } : {}),
  };
  return { fields, parser };
}
