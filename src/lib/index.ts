/**
 * Structured output and tools, for every chat format: the public types, errors and classes. The
 * helpers users call (`defineTool`, `zodSchema` in src/entries/structured.ts, `zodResponseFormat`,
 * `zodTextFormat` in their families) carry the machinery; the resource classes' `parse` / `runTools`
 * methods take it from the values they are given (carried.ts).
 */
export type { Carrying } from "./carried.js";
export type { ToolDefinition } from "./define-tool.js";
export * from "./errors.js";
export type { OutputOptions, ParseableSchema, SchemaOptions } from "./output.js";
export { parsePartialJson } from "./partial-json.js";
export type { RunnerOptions, RunnerStep, RunnerStreamStep } from "./runner.js";
export { ToolRunner } from "./runner.js";
export type { InferOutput, JSONSchema, OutputIssue, StructuredSchema } from "./schema.js";
export type { DeepPartial, StructuredStream } from "./stream.js";
export type { Tool, ToolCall, ToolContext, ToolResult } from "./tools.js";
