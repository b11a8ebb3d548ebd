/**
 * The gateway's own prices, as new-api relays publish them (source: krismileji/new-api 116255f07):
 * GET /api/pricing lists per model `quota_type` (0 per token, 1 per request), `model_ratio`,
 * `completion_ratio`, the cache ratios, `model_price`, `enable_groups`, and the `group_ratio` of
 * the groups the caller may use (controller/pricing.go, model/pricing.go: type Pricing); GET
 * /api/status says how quota becomes money: `quota_per_unit` (quota per USD), `quota_display_type`
 * (USD, CNY, TOKENS, CUSTOM) and `usd_exchange_rate` (controller/misc.go: GetStatus;
 * setting/operation_setting/general_setting.go).
 *
 * How the relay bills, and so how these rates are read (relay/helper/price.go: ModelPriceHelper,
 * ModelPriceHelperPerCall; service/text_quota.go: calculateTextQuotaSummary):
 * - per token: quota = (prompt + cache hits x cache_ratio + cache writes x create_cache_ratio +
 *   completion x completion_ratio) x model_ratio x group_ratio; one quota per token at ratio 1,
 *   so a ratio of 1 is 1e6 / quota_per_unit USD per 1M tokens ($2 at the default 500,000). A
 *   missing cache_ratio is 1 and a missing create_cache_ratio 1.25
 *   (setting/ratio_setting/cache_ratio.go: GetCacheRatio, GetCreateCacheRatio).
 * - per request: quota = model_price x quota_per_unit x group_ratio, model_price in USD; an image
 *   request is multiplied by its image count (relay/channel/openai/relay_image.go: the "n" ratio).
 * - money shown = quota / quota_per_unit USD, times usd_exchange_rate when the display is CNY;
 *   TOKENS shows the quota itself (controller/billing.go does the same for the balance).
 */
import { GenwayError } from "../core/errors/index.js";
import type { Currency } from "../core/http/cost.js";
import type { ModelRates, Quote } from "./book.js";
import { type FamilyId, PRICE_CATALOG } from "./catalog.js";
import { findModelFamily } from "./models.js";
import { type FlatRate, type Quantities, type Rate, scaled } from "./rates.js";

/** One model of GET /api/pricing (model/pricing.go: type Pricing). */
export interface GatewayModelPrice {
  model_name: string;
  /** 0: billed per token (`model_ratio`); 1: per request (`model_price`). */
  quota_type: number;
  model_ratio: number;
  /** USD per request, for `quota_type` 1. */
  model_price: number;
  completion_ratio: number;
  cache_ratio?: number;
  create_cache_ratio?: number;
  image_ratio?: number;
  audio_ratio?: number;
  audio_completion_ratio?: number;
  /** The groups the model is served in ("all": every group). */
  enable_groups: string[];
  /** e.g. "openai", "anthropic", "gemini", "image-generation", "openai-video". */
  supported_endpoint_types?: string[] | null;
  owner_by?: string;
  description?: string;
  tags?: string;
  vendor_id?: number;
  /** "tiered_expr": billed by `billing_expr`, an expression genway does not evaluate. */
  billing_mode?: string;
  billing_expr?: string;
}

/** The parts of GET /api/status that turn quota into money (controller/misc.go: GetStatus). */
export interface GatewayStatus {
  /** Quota per USD; 500,000 by default (common/constants.go). */
  quota_per_unit: number;
  /** "USD" (the default), "CNY", "TOKENS" or "CUSTOM"; older relays only send `display_in_currency`. */
  quota_display_type?: string;
  display_in_currency?: boolean;
  /** CNY per USD (7.3 by default: setting/operation_setting/payment_setting_old.go). */
  usd_exchange_rate?: number;
}

/**
 * The currency the gateway shows money in. CUSTOM (a symbol of the admin's) is shown as USD by
 * the billing routes (controller/billing.go), and so it is here.
 */
export function displayCurrency(status: GatewayStatus): Currency {
  const type = status.quota_display_type ?? (status.display_in_currency === false ? "TOKENS" : "USD");
  return type === "CNY" ? "CNY" : type === "TOKENS" ? "quota" : "USD";
}

/** Units of each currency per USD, as the gateway converts quota: what turns one into another. */
export function exchangeOf(status: GatewayStatus): Record<string, number> {
  const rates: Record<string, number> = { USD: 1, quota: status.quota_per_unit };
  if (typeof status.usd_exchange_rate === "number" && status.usd_exchange_rate > 0) {
    rates.CNY = status.usd_exchange_rate;
  }
  return rates;
}

/** The flat unit a per-request price is counted in: the catalog's family unit where it has one. */
function flatUnit(model: string, q: Quantities): FlatRate["unit"] {
  const family = findModelFamily(model);
  const unit = family && family in PRICE_CATALOG ? PRICE_CATALOG[family as FamilyId].unit : undefined;
  // vidA is billed per second, an image family per image: the relay multiplies a per-request
  // price by the seconds of a Veo-style task and by the count of an image request.
  if (unit === "second" || unit === "image") return unit;
  return q.images !== undefined && q.images !== null ? "image" : "request";
}

/** The prices of GET /api/pricing in the gateway's display currency. */
export class GatewayPrices implements ModelRates {
  readonly source = "gateway";
  readonly currency: Currency;
  /** The group ratios the gateway publishes (the groups the caller may use). */
  readonly groups: Readonly<Record<string, number>>;
  readonly #models = new Map<string, GatewayModelPrice>();
  /** The display currency per USD, and USD per quota at ratio 1 per token. */
  readonly #perUsd: number;
  readonly #usdPerToken: number;

  constructor(models: readonly GatewayModelPrice[], groups: Record<string, number>, status: GatewayStatus) {
    for (const model of models) this.#models.set(model.model_name, model);
    this.groups = groups;
    this.currency = displayCurrency(status);
    this.#perUsd = exchangeOf(status)[this.currency]!;
    this.#usdPerToken = 1 / status.quota_per_unit;
  }

  has(model: string): boolean {
    return this.#models.has(model);
  }

  ids(): string[] {
    return [...this.#models.keys()];
  }

  /** The entry of a model as the gateway published it. */
  entry(model: string): GatewayModelPrice | undefined {
    return this.#models.get(model);
  }

  quote(model: string, group: string, q: Quantities): Quote | string | undefined {
    const entry = this.#models.get(model);
    if (entry === undefined) return undefined;
    if (entry.billing_mode === "tiered_expr") {
      return `the gateway bills "${model}" by an expression (billing_mode tiered_expr: ${entry.billing_expr ?? "?"}), which genway does not evaluate`;
    }
    const spelled = this.#group(group);
    if (spelled === undefined) {
      return `the gateway publishes no price group "${group}" (its groups: ${Object.keys(this.groups).join(", ") || "none"}); set the client's \`group\` to the one your key is billed in`;
    }
    const groups = entry.enable_groups;
    if (!groups.includes("all") && !groups.includes(spelled)) {
      return `the gateway serves "${model}" in the groups ${groups.join(", ") || "(none)"}, not in "${spelled}"`;
    }
    // USD at ratio 1, then the group's ratio and the display currency.
    const factor = this.groups[spelled]! * this.#perUsd;
    const subject = `Model "${model}"`;
    if (entry.quota_type === 1) {
      const rate: Rate = { unit: flatUnit(model, q), per: 1, price: entry.model_price };
      return { rate: scaled(rate, factor), source: "gateway", group: spelled, subject };
    }
    const prompt = entry.model_ratio * 1e6 * this.#usdPerToken;
    const rate: Rate = {
      unit: "token",
      prompt,
      completion: prompt * entry.completion_ratio,
      cacheHit: prompt * (entry.cache_ratio ?? 1),
      cacheWrite: prompt * (entry.create_cache_ratio ?? 1.25),
    };
    return { rate: scaled(rate, factor), source: "gateway", group: spelled, subject };
  }

  /** The gateway's spelling of a group: exact, else the one that differs only in case. */
  #group(group: string): string | undefined {
    if (Object.hasOwn(this.groups, group)) return group;
    const lower = group.toLowerCase();
    return Object.keys(this.groups).find((g) => g.toLowerCase() === lower);
  }
}

/** A relay body that is not what new-api sends: read as no prices, with the reason. */
class GatewayPricesError extends GenwayError {
  static override name = "GatewayPricesError";
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** The `data` of a `{ success: true, data }` answer (the dashboard routes' wrapper), or an error naming the route. */
function unwrap(body: unknown, route: string): unknown {
  const top = record(body);
  if (top?.success !== true) {
    const message = typeof top?.message === "string" && top.message ? `: ${top.message}` : "";
    throw new GatewayPricesError(`GET ${route} did not answer { success: true, ... }${message}`);
  }
  return top.data;
}

/** GET /api/status's data, checked: the quota per unit must be a positive number. */
export function readStatus(body: unknown): GatewayStatus {
  const data = record(unwrap(body, "/api/status"));
  if (!data || !finite(data.quota_per_unit) || data.quota_per_unit <= 0) {
    throw new GatewayPricesError("GET /api/status has no positive quota_per_unit");
  }
  return data as unknown as GatewayStatus;
}

/** GET /api/pricing's models and group ratios, checked entry by entry; a malformed entry is left out. */
export function readPricing(body: unknown): { models: GatewayModelPrice[]; groups: Record<string, number> } {
  const list = unwrap(body, "/api/pricing");
  if (!Array.isArray(list)) throw new GatewayPricesError("GET /api/pricing has no data list");
  const groups: Record<string, number> = {};
  for (const [name, ratio] of Object.entries(record(record(body)?.group_ratio) ?? {})) {
    if (finite(ratio) && ratio >= 0) groups[name] = ratio;
  }
  const models: GatewayModelPrice[] = [];
  for (const item of list) {
    const e = record(item);
    if (typeof e?.model_name !== "string" || (e.quota_type !== 0 && e.quota_type !== 1)) continue;
    const entry = {
      ...e,
      model_ratio: e.model_ratio ?? 0,
      model_price: e.model_price ?? 0,
      completion_ratio: e.completion_ratio ?? 1,
      enable_groups: Array.isArray(e.enable_groups) ? e.enable_groups : [],
    } as GatewayModelPrice;
    const ratios = [
      entry.model_ratio,
      entry.model_price,
      entry.completion_ratio,
      entry.cache_ratio ?? 0,
      entry.create_cache_ratio ?? 0,
    ];
    if (ratios.every((r) => finite(r) && r >= 0)) models.push(entry);
  }
  return { models, groups };
}
