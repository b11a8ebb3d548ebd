/** Public surface of genway: re-exports only. */
import { Genway } from "./client.js";

export default Genway;
export type { GenwayOptions } from "./client.js";
export { APIPromise, type WithResponse } from "./core/api-promise.js";
export * from "./core/errors.js";
export type { Logger, LogLevel } from "./core/log.js";
export { EventStream } from "./core/stream.js";
export type { RequestOptions } from "./core/transport.js";
export { isUploadable, type ToFileOptions, toFile, type Uploadable } from "./core/uploads.js";
export type { ValidationMode } from "./core/validate.js";
export * from "./pricing/index.js";
export * from "./resources/chat/index.js";
export { Genway };
