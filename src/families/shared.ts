/** What every family entry exports besides its client: the options, the errors and the promise every method returns. */
export type { GenwayOptions } from "../client-options.js";
export * from "../core/errors/errors.js";
export { APIPromise, type WithResponse } from "../core/http/api-promise.js";
export type { FallbackOptions, ModelChoice } from "../core/http/fallback.js";
export type { Logger, LogLevel } from "../core/http/log.js";
export {
  type CallInfo,
  type CallOutcome,
  type Middleware,
  MiddlewareError,
  type MiddlewareNext,
  type MiddlewareRequest,
  type TaskWait,
  type WaitHook,
} from "../core/http/middleware.js";
export type { HeadersLike, QueryValue, RequestOptions } from "../core/http/transport.js";
export {
  BudgetExceededError,
  type BudgetOptions,
  type CostEstimate,
  type CostEvent,
  type CostItem,
  type CostLine,
  type CostSource,
  type CostSum,
  type CostTotals,
  type Currency,
} from "../core/money/index.js";
export type { ValidationMode } from "../core/validation/validate.js";
export type { FamilyClient, TaskFamilyClient } from "./base.js";
