/**
 * estimateCost: what a call costs by the spec's price table, line by line, in CNY.
 *
 * Never a silent zero: an unknown model, family or group, a missing quantity or an unreadable
 * usage object throws PricingError. Quantities the family's unit does not use are ignored (a vidB
 * estimate does not care about seconds). Amounts and the total are rounded to 1e-8 CNY so that
 * 4 + 20 is 24 and not 24.000000000000004; the total is rounded once, from unrounded line amounts.
 */

import type { CostEstimate, CostItem, CostLine } from "../core/money/index.js";
import {
  type FamilyId,
  type FlatPriceFamily,
  getPriceFamily,
  PricingError,
  resolveGroup,
  type TokenPriceFamily,
} from "./catalog.js";
import { type ModelFamilyMap, resolveModelFamily } from "./models.js";

export type { CostEstimate, CostItem, CostLine } from "../core/money/index.js";

/** @inline */
type Count = number | null | undefined;

/** OpenAI chat: cached_tokens are part of prompt_tokens. */
export interface ChatUsage {
  prompt_tokens?: Count;
  completion_tokens?: Count;
  total_tokens?: Count;
  prompt_tokens_details?: { cached_tokens?: Count } | null;
}
/** Anthropic Messages: input_tokens excludes cache reads and cache writes. */
export interface MessagesUsage {
  input_tokens?: Count;
  output_tokens?: Count;
  cache_read_input_tokens?: Count;
  cache_creation_input_tokens?: Count;
}
/** OpenAI Responses: cached_tokens are part of input_tokens; reasoning is part of output_tokens. */
export interface ResponsesUsage {
  input_tokens?: Count;
  output_tokens?: Count;
  input_tokens_details?: { cached_tokens?: Count } | null;
  output_tokens_details?: { reasoning_tokens?: Count } | null;
}
/** Native multimodal usageMetadata: cachedContentTokenCount is part of promptTokenCount. */
export interface NativeUsage {
  promptTokenCount?: Count;
  candidatesTokenCount?: Count;
  thoughtsTokenCount?: Count;
  cachedContentTokenCount?: Count;
  toolUsePromptTokenCount?: Count;
  totalTokenCount?: Count;
}
/** Already split into billing components (what {@link normalizeUsage} returns). */
export interface TokenCounts {
  prompt: number;
  completion: number;
  cacheHit?: number;
  cacheWrite?: number;
}

/** Token usage as any wire format reports it (or already split into billing components). */
export type TokenUsage = ChatUsage | MessagesUsage | ResponsesUsage | NativeUsage | TokenCounts;

/** What {@link estimateCost} needs: a model or family, and the quantities its unit bills. */
export interface EstimateCostParams {
  /** Model id, mapped to a family (see models.ts). Ignored for pricing when `family` is given. */
  model?: string;
  /** Family id; wins over `model`. */
  family?: FamilyId | (string & {});
  /** Price group; default "default". */
  group?: string;
  /** Extra model id / prefix ("x-*") -> family rules for this call only. */
  models?: ModelFamilyMap;
  /** Token usage in any wire format's shape (token-billed families). */
  usage?: TokenUsage;
  /** Per-request families. Defaults to 1: one call is the natural unit of a per-request price. */
  requests?: number;
  /** Per-image families. */
  images?: number;
  /** Per-second families (vidA): total seconds of video. */
  seconds?: number;
  /** Alias of `seconds`; accepts the string form some video APIs use ("5"). */
  duration?: number | string;
  /** Per-10,000-character families (speech): characters of input. */
  characters?: number;
}

const round = (x: number): number => Math.round(x * 1e8) / 1e8;

function count(value: unknown, field: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new PricingError(
      "invalid_quantity",
      `${field} must be a finite number >= 0, got ${String(value)}.`,
    );
  }
  return value;
}

/**
 * Splits any supported usage shape into prompt / completion / cache hit / cache write tokens, with
 * cache hits taken out of the prompt where the format counts them in it (OpenAI chat, Responses,
 * native) and not where it already leaves them out (Anthropic). Thoughts count as completion.
 */
export function normalizeUsage(usage: TokenUsage): Required<TokenCounts> {
  if (typeof usage !== "object" || usage === null) {
    throw new PricingError("invalid_quantity", `usage must be an object, got ${String(usage)}.`);
  }
  const u = usage as Record<string, any>;
  const has = (...keys: string[]) => keys.some((k) => u[k] !== undefined && u[k] !== null);
  const minus = (total: number, cached: number, field: string): number => {
    if (cached > total)
      throw new PricingError("invalid_quantity", `${field} exceeds the prompt token count.`);
    return total - cached;
  };
  if (has("prompt_tokens", "completion_tokens")) {
    const cached = count(u.prompt_tokens_details?.cached_tokens, "prompt_tokens_details.cached_tokens");
    const prompt = count(u.prompt_tokens, "prompt_tokens");
    const completion = count(u.completion_tokens, "completion_tokens");
    return { prompt: minus(prompt, cached, "cached_tokens"), completion, cacheHit: cached, cacheWrite: 0 };
  }
  if (has("promptTokenCount", "candidatesTokenCount", "thoughtsTokenCount", "cachedContentTokenCount")) {
    const cached = count(u.cachedContentTokenCount, "cachedContentTokenCount");
    const prompt =
      count(u.promptTokenCount, "promptTokenCount") +
      count(u.toolUsePromptTokenCount, "toolUsePromptTokenCount");
    const completion =
      count(u.candidatesTokenCount, "candidatesTokenCount") +
      count(u.thoughtsTokenCount, "thoughtsTokenCount");
    return {
      prompt: minus(prompt, cached, "cachedContentTokenCount"),
      completion,
      cacheHit: cached,
      cacheWrite: 0,
    };
  }
  if (has("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")) {
    const input = count(u.input_tokens, "input_tokens");
    const completion = count(u.output_tokens, "output_tokens");
    const responsesCached = count(
      u.input_tokens_details?.cached_tokens,
      "input_tokens_details.cached_tokens",
    );
    return {
      prompt: minus(input, responsesCached, "input_tokens_details.cached_tokens"),
      completion,
      cacheHit: responsesCached + count(u.cache_read_input_tokens, "cache_read_input_tokens"),
      cacheWrite: count(u.cache_creation_input_tokens, "cache_creation_input_tokens"),
    };
  }
  if (has("prompt", "completion", "cacheHit", "cacheWrite")) {
    return {
      prompt: count(u.prompt, "prompt"),
      completion: count(u.completion, "completion"),
      cacheHit: count(u.cacheHit, "cacheHit"),
      cacheWrite: count(u.cacheWrite, "cacheWrite"),
    };
  }
  throw new PricingError(
    "invalid_quantity",
    `Unrecognised usage object (fields: ${Object.keys(u).join(", ") || "none"}). Expected prompt_tokens/` +
      "completion_tokens, input_tokens/output_tokens, promptTokenCount/candidatesTokenCount or prompt/completion.",
  );
}

function line(item: CostItem, quantity: number, unitPrice: number, unit: string, per: number): CostLine {
  return { item, quantity, unitPrice, unit, amount: (quantity / per) * unitPrice };
}

function tokenLines(family: TokenPriceFamily, group: string, usage: TokenUsage): CostLine[] {
  const prices = family.groups[group]!;
  const t = normalizeUsage(usage);
  const lines = [
    line("prompt", t.prompt, prices.prompt, "1M tokens", family.per),
    line("completion", t.completion, prices.completion, "1M tokens", family.per),
  ];
  // A family without a cache price charges those tokens as prompt: they were still read as input.
  const cache = (item: CostItem, n: number, price: number | undefined) => {
    if (n === 0) return;
    const l = line(item, n, price ?? prices.prompt, "1M tokens", family.per);
    if (price === undefined) l.note = "no cache price in this family; charged at the prompt price";
    lines.push(l);
  };
  cache("cacheHit", t.cacheHit, prices.cacheHit);
  cache("cacheWrite", t.cacheWrite, prices.cacheWrite);
  return lines;
}

function flatQuantity(
  params: EstimateCostParams,
  familyId: FamilyId,
  family: FlatPriceFamily,
): [CostItem, number] {
  const missing = (what: string): never => {
    throw new PricingError(
      "missing_quantity",
      `Price family "${familyId}" is billed ${family.unitLabel}; pass ${what}.`,
    );
  };
  switch (family.unit) {
    case "request":
      return ["requests", count(params.requests ?? 1, "requests")];
    case "image":
      return ["images", count(params.images ?? missing("`images`"), "images")];
    case "second": {
      const d = typeof params.duration === "string" ? Number(params.duration) : params.duration;
      return ["seconds", count(params.seconds ?? d ?? missing("`seconds` (or `duration`)"), "seconds")];
    }
    default:
      return ["characters", count(params.characters ?? missing("`characters`"), "characters")];
  }
}

/** Estimates the cost of a call in CNY from the spec's price table. Throws PricingError, never guesses. */
export function estimateCost(params: EstimateCostParams): CostEstimate {
  const { model, group: wanted = "default" } = params;
  let familyId: FamilyId;
  if (params.family !== undefined) {
    getPriceFamily(params.family);
    familyId = params.family as FamilyId;
  } else if (model !== undefined) {
    familyId = resolveModelFamily(model, params.models);
  } else {
    throw new PricingError("missing_model", "estimateCost needs `model` or `family`.");
  }
  const family = getPriceFamily(familyId);
  const group = resolveGroup(familyId, wanted);

  let lines: CostLine[];
  if (family.unit === "token") {
    if (params.usage === undefined) {
      throw new PricingError(
        "missing_quantity",
        `Price family "${familyId}" is billed per 1M tokens; pass \`usage\`.`,
      );
    }
    lines = tokenLines(family, group, params.usage);
  } else {
    const unit = family.unit === "character" ? "10,000 characters" : family.unit;
    const [item, quantity] = flatQuantity(params, familyId, family);
    lines = [line(item, quantity, family.groups[group]!, unit, family.per)];
  }

  const total = round(lines.reduce((sum, l) => sum + l.amount, 0));
  for (const l of lines) l.amount = round(l.amount);
  const result: CostEstimate = { total, currency: "CNY", family: familyId, group, lines };
  if (model !== undefined) result.model = model;
  return result;
}
