/**
 * The gateway's own prices, as new-api relays publish them (new-api 116255f07): GET /api/pricing
 * lists per model `quota_type` (0 per token, 1 per request), `model_ratio`, `completion_ratio`, the
 * cache ratios, `model_price`, `enable_groups`, and the `group_ratio` of the groups the caller may
 * use (controller/pricing.go; model/pricing.go: type Pricing); GET /api/status says how quota
 * becomes money: `quota_per_unit` (quota per USD), `quota_display_type` (USD, CNY, TOKENS, CUSTOM)
 * and `usd_exchange_rate` (controller/misc.go: func GetStatus).
 *
 * How the relay bills, and so how these rates are read (relay/helper/price.go: ModelPriceHelper,
 * ModelPriceHelperPerCall; service/text_quota.go: calculateTextQuotaSummary):
 * - per token: quota = (prompt + cache hits x cache_ratio + cache writes x create_cache_ratio +
 *   completion x completion_ratio) x model_ratio x group_ratio; one quota per token at ratio 1,
 *   so a ratio of 1 is 1e6 / quota_per_unit USD per 1M tokens ($2 at the default 500,000). A
 *   missing cache_ratio is 1 and a missing create_cache_ratio 1.25
 *   (setting/ratio_setting/cache_ratio.go: GetCacheRatio, GetCreateCacheRatio).
 * - per request: quota = model_price x quota_per_unit x group_ratio, model_price in USD, times the
 *   ratios the relay reads from the request (a video's seconds and resolution, an image's count,
 *   size and quality: ratios.ts).
 * - money shown = quota / quota_per_unit USD, times usd_exchange_rate when the display is CNY;
 *   TOKENS shows the quota itself (controller/billing.go does the same for the balance).
 *
 * Every number is checked as it is read, and fails closed: new-api writes each one as a JSON
 * number (Go float64 fields, model/pricing.go; a string would not even decode into them, and Go's
 * encoder cannot write NaN or Infinity), so a string, a null, a missing ratio, a negative or an
 * absurd value makes that model (or that group, or every price needing that rate) unpriced, with
 * the reason: never free, never NaN or Infinity.
 */
import { GenwayError, MalformedResponseError } from "../core/errors/index.js";
import type { Currency } from "../core/http/cost.js";
import type { Miss, ModelRates, Quote } from "./book.js";
import type { Rate } from "./rates.js";

/** One model of GET /api/pricing (model/pricing.go: type Pricing), as new-api publishes it. */
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

/** What /api/status says, checked: the display currency, and the rates that convert to it. */
export interface StatusRead {
  currency: Currency;
  /** Units of each currency per USD that the status gives usably: `USD`, `quota`, `CNY`. */
  exchange: Record<string, number>;
  /** Quota per USD, when usable: what per-token ratios need. */
  quotaPerUnit: number | undefined;
  /** What is wrong with it, when something is (said in every reason it causes). */
  problem: string | undefined;
}

/** The most each published number may be: beyond, no real price list goes (and the arithmetic may overflow). */
const MOST = {
  /** USD 20,000 per 1M prompt tokens at the default 500,000 quota per USD. */
  model_ratio: 1e4,
  completion_ratio: 1e3,
  cache_ratio: 1e3,
  create_cache_ratio: 1e3,
  /** USD per request. */
  model_price: 1e5,
  group_ratio: 1e3,
  /** CNY per USD. */
  usd_exchange_rate: 1e4,
} as const;

/** Quota per USD: the bounds within which a price list is believed (new-api's default is 500,000). */
const QUOTA_PER_UNIT = { least: 1, most: 1e9 } as const;

/**
 * A published number, or why it cannot be believed: a JSON number, finite, from `least` to `most`
 * (new-api writes Go float64s: a string or a null is not what it sends).
 */
function checked(value: unknown, field: string, most: number, least = 0): number | string {
  if (typeof value === "number" && value >= least && value <= most) return value;
  const shown =
    typeof value === "string" ? `${JSON.stringify(value.slice(0, 40))} (a string)` : String(value);
  return `${field} is ${shown}, not a number from ${least} to ${most}`;
}

/** The display currency of new-api's `quota_display_type` (or the older `display_in_currency`). */
function displayOf(data: Record<string, unknown>): Currency | string {
  const type = data.quota_display_type ?? (data.display_in_currency === false ? "TOKENS" : "USD");
  // CUSTOM (a symbol of the admin's) is shown as USD by the billing routes (controller/billing.go).
  if (type === "USD" || type === "CUSTOM") return "USD";
  if (type === "CNY") return "CNY";
  if (type === "TOKENS") return "quota";
  return `quota_display_type ${JSON.stringify(type)} is none of USD, CNY, TOKENS, CUSTOM`;
}

/** A model of /api/pricing, checked: its rates in USD at group ratio 1, or why it cannot be priced. */
type Entry =
  | { prices: "token"; ratio: number; completion: number; cacheHit: number; cacheWrite: number }
  | { prices: "request"; usd: number };

/** A checked model: what it is billed, and the groups it is served in. */
export interface Checked {
  entry: Entry | string;
  groups: readonly string[];
}

/** The prices of GET /api/pricing, in USD (the book converts them to the gateway's display currency). */
export class GatewayPrices implements ModelRates {
  readonly source = "gateway";
  readonly #models = new Map<string, Checked>();
  /** The group ratios the gateway publishes (the groups the caller may use), or why one is unusable. */
  readonly #groups: ReadonlyMap<string, number | string>;
  readonly #status: StatusRead;

  constructor(
    models: ReadonlyMap<string, Checked>,
    groups: ReadonlyMap<string, number | string>,
    status: StatusRead,
  ) {
    this.#models = new Map(models);
    this.#groups = groups;
    this.#status = status;
  }

  has(model: string): boolean {
    return this.#models.has(model);
  }

  ids(): string[] {
    return [...this.#models.keys()];
  }

  quote(model: string, group: string): Quote | Miss | string | undefined {
    const checkedModel = this.#models.get(model);
    if (checkedModel === undefined) return undefined;
    const { entry, groups } = checkedModel;
    if (typeof entry === "string") return `the gateway's price of "${model}" cannot be used: ${entry}`;
    const spelled = this.#group(group);
    if (spelled === undefined) {
      const groups = [...this.#groups.keys()].join(", ") || "none";
      return {
        miss: `the gateway publishes no price group "${group}" (its groups: ${groups}); set the client's \`group\` to the one your key is billed in`,
        reason: "unknown_group",
      };
    }
    const ratio = this.#groups.get(spelled)!;
    if (typeof ratio === "string") return `the gateway's price group "${spelled}" cannot be used: ${ratio}`;
    if (!groups.includes("all") && !groups.includes(spelled)) {
      return {
        miss: `the gateway serves "${model}" in the groups ${groups.join(", ") || "(none)"}, not in "${spelled}"`,
        reason: "unknown_group",
      };
    }
    const subject = `Model "${model}"`;
    const quote = (rate: Rate): Quote => ({
      rate,
      source: "gateway",
      group: spelled,
      subject,
      currency: "USD",
    });
    if (entry.prices === "request") {
      // The relay scales it by the request's fields (ratios.ts).
      return { ...quote({ unit: "request", per: 1, price: entry.usd * ratio }), perRequest: true };
    }
    const perUnit = this.#status.quotaPerUnit;
    if (perUnit === undefined) {
      return `the gateway prices "${model}" per token, in quota, and ${this.#status.problem ?? "its /api/status gives no quota_per_unit"}`;
    }
    // One quota per token at ratio 1: USD per 1M tokens, then the group's ratio.
    const prompt = ((entry.ratio * 1e6) / perUnit) * ratio;
    return quote({
      unit: "token",
      prompt,
      completion: prompt * entry.completion,
      cacheHit: prompt * entry.cacheHit,
      cacheWrite: prompt * entry.cacheWrite,
    });
  }

  /** The gateway's spelling of a group: exact, else the one that differs only in case. */
  #group(group: string): string | undefined {
    if (this.#groups.has(group)) return group;
    const lower = group.toLowerCase();
    return [...this.#groups.keys()].find((g) => g.toLowerCase() === lower);
  }
}

/** A relay body that is not what new-api sends: read as no prices, with the reason. */
export class GatewayPricesError extends GenwayError {
  static override name = "GatewayPricesError";
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The `data` of a `{ success: true, data }` answer (the dashboard routes' wrapper), or an error naming the route. */
function unwrap(body: unknown, route: string): unknown {
  const top = record(body);
  if (top?.success !== true) {
    const message = typeof top?.message === "string" && top.message ? `: ${top.message.slice(0, 200)}` : "";
    throw new GatewayPricesError(`GET ${route} did not answer { success: true, ... }${message}`);
  }
  return top.data;
}

/**
 * GET /api/status's data, checked: the display currency, and each rate that converts to it where
 * it is usable (a rate that is not is left out, and `problem` says why: the prices that need it
 * are then unpriced). Throws GatewayPricesError for a body that is not new-api's `{ success: true, data }`.
 */
export function readStatus(body: unknown): StatusRead {
  const data = record(unwrap(body, "/api/status"));
  if (!data) throw new GatewayPricesError("GET /api/status has no data object");
  const problems: string[] = [];
  const display = displayOf(data);
  const currency = display === "USD" || display === "CNY" || display === "quota" ? display : "USD";
  if (currency !== display) problems.push(display);
  const exchange: Record<string, number> = { USD: 1 };
  const perUnit = checked(data.quota_per_unit, "quota_per_unit", QUOTA_PER_UNIT.most, QUOTA_PER_UNIT.least);
  if (typeof perUnit === "number") exchange.quota = perUnit;
  else problems.push(`its /api/status says ${perUnit}`);
  const cny = checked(data.usd_exchange_rate, "usd_exchange_rate", MOST.usd_exchange_rate);
  if (typeof cny === "number" && cny > 0) exchange.CNY = cny;
  else if (currency === "CNY") {
    problems.push(
      `it shows money in CNY and its /api/status says ${typeof cny === "string" ? cny : "usd_exchange_rate is 0"}`,
    );
  }
  return {
    currency,
    exchange,
    quotaPerUnit: typeof perUnit === "number" ? perUnit : undefined,
    problem: problems.length > 0 ? problems.join("; ") : undefined,
  };
}

/**
 * The unit GET /api/status says the billing routes answer in (their `_usd` fields are in the
 * display unit: controller/billing.go), for `gw.account.balance()`. A body that is not new-api's,
 * or a display type it does not have, is a MalformedResponseError: a balance is never shown in a
 * unit that was guessed.
 */
export function balanceCurrency(body: unknown): Currency {
  const data = record(record(body)?.success === true ? record(body)?.data : undefined);
  const display = data && displayOf(data);
  if (display === "USD" || display === "CNY" || display === "quota") return display;
  throw new MalformedResponseError(
    `GET /api/status did not say which unit the balance is in (${display ?? "no { success: true, data } object"}).`,
    { body },
  );
}

/**
 * GET /api/pricing's models and group ratios, checked one by one: a model or a group whose numbers
 * cannot be believed keeps the reason in place of its price. Throws GatewayPricesError for a body
 * that is not new-api's `{ success: true, data: [...] }`.
 */
export function readPricing(body: unknown): {
  models: Map<string, Checked>;
  groups: Map<string, number | string>;
} {
  const list = unwrap(body, "/api/pricing");
  if (!Array.isArray(list)) throw new GatewayPricesError("GET /api/pricing has no data list");
  const groups = new Map<string, number | string>();
  for (const [name, ratio] of Object.entries(record(record(body)?.group_ratio) ?? {})) {
    groups.set(name, checked(ratio, "its group_ratio", MOST.group_ratio));
  }
  const models = new Map<string, Checked>();
  for (const item of list) {
    const e = record(item);
    if (e === undefined || typeof e.model_name !== "string" || e.model_name === "") continue;
    const served = Array.isArray(e.enable_groups) ? e.enable_groups.filter((g) => typeof g === "string") : [];
    models.set(e.model_name, { entry: entryOf(e), groups: served });
  }
  return { models, groups };
}

/** One model's rates, checked, or why they cannot be believed. */
function entryOf(e: Record<string, unknown>): Entry | string {
  if (e.billing_mode === "tiered_expr") {
    const expr = typeof e.billing_expr === "string" ? e.billing_expr.slice(0, 200) : "?";
    return `it is billed by an expression (billing_mode tiered_expr: ${expr}), which genway does not evaluate`;
  }
  if (e.quota_type === 1) {
    const usd = checked(e.model_price, "model_price", MOST.model_price);
    return typeof usd === "string" ? usd : { prices: "request", usd };
  }
  if (e.quota_type !== 0)
    return `quota_type is ${String(e.quota_type)}, neither 0 (per token) nor 1 (per request)`;
  const ratio = checked(e.model_ratio, "model_ratio", MOST.model_ratio);
  const completion = checked(e.completion_ratio, "completion_ratio", MOST.completion_ratio);
  // The cache ratios are optional (Go pointers, omitted when unset): absent is the relay's default.
  const cacheHit = e.cache_ratio == null ? 1 : checked(e.cache_ratio, "cache_ratio", MOST.cache_ratio);
  const cacheWrite =
    e.create_cache_ratio == null
      ? 1.25
      : checked(e.create_cache_ratio, "create_cache_ratio", MOST.create_cache_ratio);
  for (const value of [ratio, completion, cacheHit, cacheWrite]) if (typeof value === "string") return value;
  return {
    prices: "token",
    ratio: ratio as number,
    completion: completion as number,
    cacheHit: cacheHit as number,
    cacheWrite: cacheWrite as number,
  };
}
