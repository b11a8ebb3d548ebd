/**
 * `zodTextFormat(schema, name)`: a json_schema text format in OpenAI's strict mode that also
 * carries `gw.responses.parse`'s implementation (parse.ts's parseResponse, with its validator).
 */
import { carry, implement } from "../../lib/carried.js";
import { type OutputOptions, strictJsonSchema } from "../../lib/output.js";
import type { InferOutput, StructuredSchema } from "../../lib/schema.js";
import { parseResponse, RESPONSES_PARSE, type ResponseParseableFormat } from "./parse.js";

/**
 * A `text.format` for `parse`: the schema's JSON Schema (the validator's own) in strict mode.
 * Throws ValidationError for what strict mode cannot express.
 */
export function zodTextFormat<S extends StructuredSchema>(
  schema: S,
  name: string,
  options: OutputOptions = {},
): ResponseParseableFormat<InferOutput<S>> {
  const { fields, parser } = strictJsonSchema(schema, name, options, "zodTextFormat");
  return carry(
    { type: "json_schema" as const, ...fields },
    implement(RESPONSES_PARSE, (responses, params, requestOptions) =>
      parseResponse(responses, parser, params, requestOptions),
    ),
  );
}
