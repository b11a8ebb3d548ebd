/** What every family entry exports besides its client: the options, the errors and the promise every method returns. */
export type { GenwayOptions } from "../client-options.js";
export * from "../core/errors/index.js";
export type {
  BudgetOptions,
  CostEstimate,
  CostItem,
  CostLine,
  CostSource,
  Currency,
  FallbackOptions,
  FetchOptions,
  HeadersLike,
  ModelChoice,
  QueryValue,
  RequestOptions,
} from "../core/http/index.js";
export {
  APIPromise,
  type CallInfo,
  type CallOutcome,
  type Middleware,
  MiddlewareError,
  type MiddlewareNext,
  type MiddlewareRequest,
  type TaskWait,
  type WaitHook,
  type WithResponse,
} from "../core/http/index.js";
export type { Logger, LogLevel } from "../core/shared/index.js";
export type { ValidationMode } from "../core/validation/index.js";
export type { CostEvent, CostSum, CostTotals } from "../money/index.js";
export type { FamilyClient, TaskFamilyClient } from "./base.js";
