/**
 * Structured output and tools, for every chat format: schemas (zod 4 classic or mini, any Standard
 * Schema) to each format's JSON Schema, a tolerant partial-JSON parser, the validated answer and its
 * errors, `partialObjects()` / `finalParsed()` on streams, `defineTool` and the tool loop.
 */
export * from "./define-tool.js";
export * from "./errors.js";
export * from "./json-schema.js";
export * from "./outcome.js";
export * from "./partial-json.js";
export * from "./runner.js";
export * from "./schema.js";
export * from "./stream.js";
export * from "./strict.js";
export * from "./tools.js";
