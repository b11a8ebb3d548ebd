/**
 * A tool from its definition, for every format: its JSON Schema written once, at definition. The
 * public `defineTool` (src/entries/structured.ts) adds the tool loop of each format.
 */
import { jsonSchemaOf } from "./json-schema.js";
import { checkName } from "./names.js";
import type { InferOutput, JSONSchema, StructuredSchema } from "./schema.js";
import type { Tool, ToolContext } from "./tools.js";

/** What `defineTool` takes. */
export interface ToolDefinition<S extends StructuredSchema, Result> {
  /** The name the model calls it by: 1 to 64 letters, digits, `_` and `-` (every format's rule; a ValidationError otherwise). */
  name: string;
  /** What it does and when to use it: the model reads this. */
  description?: string;
  /** A zod 4 schema (zod/mini: `z.toJSONSchema(schema, { io: "input" })`) or a Standard Schema validator of the arguments. */
  parameters: S;
  /** The arguments' JSON Schema, for a validator that cannot write its own. */
  jsonSchema?: JSONSchema;
  /** Runs the tool with validated arguments. A thrown error's message goes to the model as the result; a {@link ToolAbortError} ends the loop. */
  run: (args: InferOutput<S>, context: ToolContext) => Result | Promise<Result>;
}

/** One tool for every format; its JSON Schema is written once, now (a ValidationError if it cannot be). */
export function createTool<S extends StructuredSchema, Result>(
  definition: ToolDefinition<S, Result>,
): Tool<InferOutput<S>, Result> {
  checkName(definition.name, "defineTool");
  return {
    name: definition.name,
    description: definition.description,
    parameters: definition.parameters as StructuredSchema<InferOutput<S>>,
    run: definition.run,
    jsonSchema: jsonSchemaOf(definition.parameters, `defineTool(${definition.name})`, definition.jsonSchema),
  };
}
