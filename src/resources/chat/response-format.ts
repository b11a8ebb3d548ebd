/**
 * `zodResponseFormat(schema, name)`: a json_schema response format in OpenAI's strict mode that
 * also carries `gw.chat.completions.parse`'s implementation (parse.ts's parseChat, with its validator).
 */
import { carry, implement } from "../../lib/carried.js";
import { type OutputOptions, strictJsonSchema } from "../../lib/output.js";
import type { InferOutput, StructuredSchema } from "../../lib/schema.js";
import { CHAT_PARSE, type ChatParseableFormat, parseChat } from "./parse.js";

/** Options of {@link zodResponseFormat}. */
export type ResponseFormatOptions = OutputOptions;

/**
 * A `response_format` for `parse`: the schema's JSON Schema (the validator's own) in strict mode
 * (every property required, optional ones nullable, no extra properties). Throws ValidationError
 * for what strict mode cannot express (records, `not`, a non-object root ...).
 */
export function zodResponseFormat<S extends StructuredSchema>(
  schema: S,
  name: string,
  options: ResponseFormatOptions = {},
): ChatParseableFormat<InferOutput<S>> {
  const { fields, parser } = strictJsonSchema(schema, name, options, "zodResponseFormat");
  return carry(
    { type: "json_schema" as const, json_schema: fields },
    implement(CHAT_PARSE, (completions, params, requestOptions) =>
      parseChat(completions, parser, params, requestOptions),
    ),
  );
}
