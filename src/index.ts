/** Public surface of genway: re-exports only. */
import { Genway } from "./client.js";

export default Genway;
export type { GenwayOptions } from "./client.js";
export { APIPromise, type WithResponse } from "./core/api-promise.js";
export * from "./core/errors.js";
export type { Logger, LogLevel } from "./core/log.js";
export { EventStream } from "./core/stream.js";
export type { RequestOptions } from "./core/transport.js";
export type { ValidationMode } from "./core/validate.js";
export * from "./resources/chat/index.js";
export { Genway };
