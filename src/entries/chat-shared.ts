/**
 * What every chat entry exports besides its formats (genway/chat and the one-format entries
 * genway/chat-completions, /messages, /responses, /native): the stream base, the reasoning reader
 * of every format, structured output's and tools' types and errors, and what every family entry exports.
 */
export { EventStream, type ReadableStreamOptions, type StreamCost } from "../core/streams/index.js";
export * from "../lib/index.js";
export { type ReasoningTurn, reasoningText } from "./reasoning.js";
export * from "./shared.js";
