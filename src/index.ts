/** Public surface of genway: re-exports only. */
import { Genway } from "./client.js";

export default Genway;
export { Page, PagePromise } from "./core/http/page.js";
export type { ReadableStreamOptions } from "./core/streams/readable.js";
export { EventStream, type StreamCost } from "./core/streams/stream.js";
export { BinaryResponse } from "./core/uploads/binary.js";
export { type DownloadConfig, type DownloadOptions, download } from "./core/uploads/download.js";
export { isUploadable, type ToFileOptions, toFile, type Uploadable } from "./core/uploads/uploads.js";
// The options, errors, promise, money and middleware types every entry exports (one list for all).
export { type ReasoningTurn, reasoningText } from "./entries/reasoning.js";
export * from "./entries/shared.js";
export * from "./entries/structured.js";
export { pollTask, type TaskResults } from "./entries/task-results.js";
export * from "./lib/index.js";
export * from "./money/index.js";
export * from "./resources/account/index.js";
export * from "./resources/audio/index.js";
export * from "./resources/chat/index.js";
export { type Limits, limits } from "./resources/families.js";
export * from "./resources/images/index.js";
export * from "./resources/messages/index.js";
export * from "./resources/musicgen/index.js";
export * from "./resources/native/index.js";
export * from "./resources/responses/index.js";
export * from "./resources/tasks/index.js";
export * from "./resources/videos/index.js";
export * from "./resources/vidgen/index.js";
export { Genway };
