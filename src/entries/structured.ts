/**
 * The format-neutral helpers: `defineTool` (one tool for the three tool loops) and `zodSchema` (the
 * schema of `messages.parse` and `native.parse`). Each carries the implementation of the methods
 * that read it (lib/carried.ts), so `runTools` and `parse` add nothing to a bundle that never
 * imports these; one that does gets every format's reading of them (a tool defined once serves
 * every format, whichever entry it came from).
 */
import { carry, implement } from "../lib/carried.js";
import { createTool, type ToolDefinition } from "../lib/define-tool.js";
import { checkName } from "../lib/names.js";
import { outputParser, type ParseableSchema, type SchemaOptions } from "../lib/output.js";
import type { InferOutput, StructuredSchema } from "../lib/schema.js";
import type { Tool } from "../lib/tools.js";
import { CHAT_RUN_TOOLS, runChatTools } from "../resources/chat/run-tools.js";
import { MESSAGES_PARSE, parseMessage } from "../resources/messages/parse.js";
import { MESSAGES_RUN_TOOLS, runMessageTools } from "../resources/messages/run-tools.js";
import { NATIVE_PARSE, parseNative } from "../resources/native/parse.js";
import { RESPONSES_RUN_TOOLS, runResponseTools } from "../resources/responses/run-tools.js";

/**
 * One tool for every format: `runTools` in chat, messages and responses, and `chatTool`,
 * `messageTool`, `responseTool`, `nativeTools` for a request of your own. Its JSON Schema is written
 * once, now (a ValidationError if it cannot be); arguments are validated before `run` is called.
 */
export function defineTool<S extends StructuredSchema, Result>(
  definition: ToolDefinition<S, Result>,
): Tool<InferOutput<S>, Result> {
  return carry(
    createTool(definition),
    implement(CHAT_RUN_TOOLS, runChatTools),
    implement(MESSAGES_RUN_TOOLS, runMessageTools),
    implement(RESPONSES_RUN_TOOLS, runResponseTools),
  );
}

/**
 * The `schema` of `messages.parse` and `native.parse`: a zod 4 schema, zod/mini's
 * `z.toJSONSchema(schema, { io: "input" })`, or a Standard Schema validator, its JSON Schema written
 * now by the validator (or given as `jsonSchema`). Throws ValidationError for what JSON Schema cannot
 * express (a transform, a date) and for a schema that writes none.
 */
export function zodSchema<S extends StructuredSchema>(
  schema: S,
  options: SchemaOptions = {},
): ParseableSchema<InferOutput<S>> {
  const answer = { name: options.name ?? "json_output", description: options.description };
  checkName(answer.name, "zodSchema");
  const parser = outputParser(schema, "zodSchema", options.jsonSchema);
  return carry(
    answer,
    implement(MESSAGES_PARSE, (messages, params, requestOptions) =>
      parseMessage(messages, parser, answer, params, requestOptions),
    ),
    implement(NATIVE_PARSE, (native, params, requestOptions) =>
      parseNative(native, parser, params, requestOptions),
    ),
  );
}
