/** Public surface of genway: re-exports only. */
import { Genway } from "./client.js";

export default Genway;
export type { GenwayOptions } from "./client.js";
export * from "./core/errors/errors.js";
export { APIPromise, type WithResponse } from "./core/http/api-promise.js";
export type { FallbackOptions, ModelChoice } from "./core/http/fallback.js";
export type { Logger, LogLevel } from "./core/http/log.js";
export {
  type CallInfo,
  type CallOutcome,
  type Middleware,
  MiddlewareError,
  type MiddlewareNext,
  type MiddlewareRequest,
  type TaskWait,
  type WaitHook,
} from "./core/http/middleware.js";
export type { HeadersLike, QueryValue, RequestOptions } from "./core/http/transport.js";
export {
  BudgetExceededError,
  type BudgetOptions,
  type CostEvent,
  type CostSum,
  type CostTotals,
} from "./core/money/index.js";
export { EventStream, type StreamCost } from "./core/streams/stream.js";
export * from "./core/structured/index.js";
export { BinaryResponse } from "./core/uploads/binary.js";
export { type DownloadConfig, type DownloadOptions, download } from "./core/uploads/download.js";
export { isUploadable, type ToFileOptions, toFile, type Uploadable } from "./core/uploads/uploads.js";
export type { ValidationMode } from "./core/validation/validate.js";
export * from "./families/structured.js";
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
