/** What every family entry exports besides its client: the options, the errors and the promise every method returns. */
export type { GenwayOptions } from "../client-options.js";
export * from "../core/errors/index.js";
export type {
  FallbackOptions,
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
export type { Logger, LogLevel } from "../core/shared/index.js";
export type { ValidationMode } from "../core/validation/index.js";
// `gw.prices.estimate` is on every client, and throws it.
export { PricingError } from "../pricing/catalog.js";
export type { FamilyClient, TaskFamilyClient } from "./base.js";
