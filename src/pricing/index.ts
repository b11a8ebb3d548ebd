/** Public pricing surface: the price catalog, model-to-family mapping and estimateCost. */
export {
  FAMILY_IDS,
  type FamilyId,
  type FlatPriceFamily,
  getPriceFamily,
  isFamilyId,
  PRICE_CATALOG,
  type PriceFamily,
  PricingError,
  type PricingErrorReason,
  resolveGroup,
  type TokenPriceFamily,
  type TokenPrices,
} from "./catalog.js";
export {
  type ChatUsage,
  type CostEstimate,
  type CostItem,
  type CostLine,
  type EstimateCostParams,
  estimateCost,
  type MessagesUsage,
  type NativeUsage,
  normalizeUsage,
  type ResponsesUsage,
  type TokenCounts,
  type TokenUsage,
} from "./estimate.js";
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
