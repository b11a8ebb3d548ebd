/** Public money surface: the price sources (gateway, spec table, yours), the model catalog, estimateCost, budgets and totals. */

export type { CostEstimate, CostItem, CostLine } from "../core/http/cost.js";
export {
  type ChatUsage,
  type MessagesUsage,
  type NativeUsage,
  normalizeUsage,
  type ResponsesUsage,
  type TokenCounts,
  type TokenUsage,
} from "../core/http/usage.js";
export { type EstimateCostParams, PriceBook, type Quote } from "./book.js";
export {
  FAMILY_IDS,
  type FamilyId,
  type FlatPriceFamily,
  getPriceFamily,
  isFamilyId,
  PRICE_CATALOG,
  type PriceFamily,
  type PriceKind,
  PricingError,
  type PricingErrorReason,
  resolveGroup,
  type TokenPriceFamily,
  type TokenPrices,
} from "./catalog.js";
export { estimateCost } from "./estimate.js";
export type { GatewayModelPrice, GatewayStatus } from "./gateway.js";
export type { CostEvent } from "./metering.js";
export {
  BUILTIN_MODELS,
  findModelFamily,
  type ModelFamily,
  type ModelFamilyMap,
  models,
  RULE_FAMILIES,
  registerModel,
  resolveModelFamily,
} from "./models.js";
export type { FlatRate, Rate, TokenRate } from "./rates.js";
export { PRICES_TTL, type PriceSource, type PricesOption } from "./source.js";
export type { PriceTable, PriceTableEntry } from "./table.js";
export type { CostSum, CostTotals, CostTotalsData } from "./totals.js";
