/** Public surface of genway: re-exports only. */
import { Genway } from "./client.js";

export default Genway;
export type { GenwayOptions } from "./client.js";
export { APIPromise, type WithResponse } from "./core/api-promise.js";
export { BinaryResponse } from "./core/binary.js";
export { type DownloadConfig, type DownloadOptions, download } from "./core/download.js";
export * from "./core/errors.js";
export type { Logger, LogLevel } from "./core/log.js";
export { EventStream } from "./core/stream.js";
export type { HeadersLike, QueryValue, RequestOptions } from "./core/transport.js";
export { isUploadable, type ToFileOptions, toFile, type Uploadable } from "./core/uploads.js";
export type { ValidationMode } from "./core/validate.js";
export * from "./pricing/index.js";
export * from "./resources/audio/index.js";
export * from "./resources/chat/index.js";
export * from "./resources/images/index.js";
export * from "./resources/messages/index.js";
export * from "./resources/musicgen/index.js";
export * from "./resources/native/index.js";
export * from "./resources/responses/index.js";
export * from "./resources/tasks/index.js";
export * from "./resources/videos/index.js";
export * from "./resources/vidgen/index.js";
export { Genway };
