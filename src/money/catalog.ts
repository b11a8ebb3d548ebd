/**
 * The spec's price table ("Billing units and prices (CNY)"), whole, as data.
 *
 * Family ids are short and stable (code and docs rely on them); `label` keeps the spec's wording so
 * a reader can find the row. Group names are the spec's, except "backup-1 group", stored as
 * `backup-1`. Every price is CNY per `per` units of `unit`. Change prices here and nowhere else.
 */
import { PricingError } from "../core/errors/index.js";

export { PricingError, type PricingErrorReason } from "../core/errors/index.js";

/** Prices of a token-billed group, CNY per 1M tokens. A component the spec does not list is absent. */
export interface TokenPrices {
  readonly prompt: number;
  readonly completion: number;
  readonly cacheHit?: number;
  readonly cacheWrite?: number;
}

/**
 * What a family's calls are: chat (any chat format), image, video (unified video and vidgen) or
 * speech. Hints name families of the kind a call is (a video id gets video families).
 */
export type PriceKind = "chat" | "image" | "video" | "speech";

/** Billed per 1M tokens; each group prices prompt / completion and, where the spec says, cache. */
export interface TokenPriceFamily {
  readonly label: string;
  readonly kind: PriceKind;
  readonly unit: "token";
  readonly per: 1_000_000;
  /** The spec's "Unit" column, e.g. "1M tokens; prompt / completion / cache hit". */
  readonly unitLabel: string;
  readonly groups: Readonly<Record<string, TokenPrices>>;
}

/** Billed per request, per image, per second of video or per 10,000 characters: one price per group. */
export interface FlatPriceFamily {
  readonly label: string;
  readonly kind: PriceKind;
  readonly unit: "request" | "image" | "second" | "character";
  readonly per: 1 | 10_000;
  readonly unitLabel: string;
  readonly groups: Readonly<Record<string, number>>;
}

/** A row of the spec's price table: billed per token, or one price per request, image, second or characters. */
export type PriceFamily = TokenPriceFamily | FlatPriceFamily;

const TOKENS = { unit: "token", per: 1_000_000 } as const;
const p = (prompt: number, completion: number, cacheHit?: number, cacheWrite?: number): TokenPrices =>
  cacheHit === undefined
    ? { prompt, completion }
    : cacheWrite === undefined
      ? { prompt, completion, cacheHit }
      : { prompt, completion, cacheHit, cacheWrite };

const CATALOG = {
  "messages-chat": {
    label: "Messages-format chat model",
    kind: "chat",
    ...TOKENS,
    unitLabel: "1M tokens; prompt / completion / cache hit / cache write",
    groups: {
      cc: p(4, 20, 0.4, 5),
      "cc-premium": p(10, 50, 1, 12.5),
      "official-tier": p(25, 125, 2.5, 31.25),
      "list-price-tier": p(40, 200, 4, 50),
      default: p(5, 25, 0.5, 6.25),
      origin: p(36.5, 182.5, 3.65, 45.625),
    },
  },
  "thinking-multimodal": {
    label: "Multimodal thinking model",
    kind: "chat",
    ...TOKENS,
    unitLabel: "1M tokens; prompt / completion / cache hit",
    groups: {
      "tier-t3": p(3, 15, 0.3),
      "premium-tier": p(1.5, 7.5, 0.15),
      origin: p(5.475, 27.375, 0.5475),
    },
  },
  "chat-image": {
    label: "Image model (chat interface)",
    kind: "chat",
    ...TOKENS,
    unitLabel: "1M tokens; prompt / completion",
    groups: { default: p(0.072, 0.072) },
  },
  "coding-chat": {
    label: "Coding chat model",
    kind: "chat",
    ...TOKENS,
    unitLabel: "1M tokens; prompt / completion / cache hit",
    groups: {
      "AZ-premium": p(2.625, 21, 0.2625),
      default: p(1.75, 14, 0.175),
      "official-premium": p(7, 56, 0.7),
      origin: p(12.775, 102.2, 1.2775),
      ssvip: p(5.25, 42, 0.525),
      svip: p(1.75, 14, 0.175),
    },
  },
  "open-chat-57b": {
    label: "Open chat model (57b)",
    kind: "chat",
    ...TOKENS,
    unitLabel: "1M tokens; prompt / completion",
    groups: { default: p(3.5, 7), "domestic-special": p(2.45, 4.9) },
  },
  // The spec gives this row a single price per 1M tokens; it applies to prompt and completion alike.
  "open-chat-7b": {
    label: "Open chat model (7b)",
    kind: "chat",
    ...TOKENS,
    unitLabel: "1M tokens",
    groups: { default: p(1, 1), "domestic-special": p(0.7, 0.7) },
  },
  "chat-f": {
    label: "Chat model F",
    kind: "chat",
    ...TOKENS,
    unitLabel: "1M tokens; prompt / completion",
    groups: { default: p(4.2, 16.8), "domestic-special": p(2.94, 11.76) },
  },
  "chat-g": {
    label: "Chat model G",
    kind: "chat",
    unit: "request",
    per: 1,
    unitLabel: "per request",
    groups: { default: 0.002, vvip: 0.002 },
  },
  "video-analysis-chat": {
    label: "Video-analysis chat model",
    kind: "chat",
    ...TOKENS,
    unitLabel: "1M tokens; prompt / completion",
    groups: { "premium-tier": p(0.2, 0.8) },
  },
  "image-h": {
    label: "Image model H",
    kind: "image",
    unit: "image",
    per: 1,
    unitLabel: "per image",
    groups: { "official-premium": 4, origin: 7.3, ssvip: 3 },
  },
  "image-i": {
    label: "Image model I",
    kind: "image",
    unit: "request",
    per: 1,
    unitLabel: "per request",
    groups: { default: 0.15 },
  },
  "nano-banana": {
    label: "Nano-banana image model",
    kind: "image",
    unit: "request",
    per: 1,
    unitLabel: "per request",
    groups: { "tier-t3": 0.4, "premium-tier": 0.2, origin: 0.73 },
  },
  vidA: {
    label: "vidA video",
    kind: "video",
    unit: "second",
    per: 1,
    unitLabel: "per second",
    groups: { default: 1.1, "sd-global": 1.1 },
  },
  vidB: {
    label: "vidB video",
    kind: "video",
    unit: "request",
    per: 1,
    unitLabel: "per request",
    groups: { "backup-1": 7 },
  },
  vidgen: {
    label: "Vidgen family",
    kind: "video",
    unit: "request",
    per: 1,
    unitLabel: "per request",
    groups: { default: 0.0001, "domestic-special-2": 0.00008 },
  },
  speech: {
    label: "Speech",
    kind: "speech",
    unit: "character",
    per: 10_000,
    unitLabel: "per 10,000 characters",
    groups: { default: 3.5 },
  },
} as const satisfies Record<string, PriceFamily>;

/**
 * A family id of the built-in catalog.
 * @useDeclaredType
 */
export type FamilyId = keyof typeof CATALOG;

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The whole price table. Frozen: a shared table that anyone could mutate would make every estimate suspect. */
export const PRICE_CATALOG: { readonly [K in FamilyId]: PriceFamily } = /* @__PURE__ */ deepFreeze(CATALOG);

/** Every family id, in the spec's row order. */
export const FAMILY_IDS = Object.freeze(Object.keys(CATALOG)) as readonly FamilyId[];

/** Whether `id` is a family id of the spec's price table (`chat-gpt`, ...). */
export function isFamilyId(id: string): id is FamilyId {
  return Object.hasOwn(CATALOG, id);
}

/** The catalog entry of a family id; throws PricingError (unknown_family) listing the known ids. */
export function getPriceFamily(id: string): PriceFamily {
  if (isFamilyId(id)) return PRICE_CATALOG[id];
  throw new PricingError(
    "unknown_family",
    `Unknown price family "${id}". Known families: ${FAMILY_IDS.join(", ")}.`,
    FAMILY_IDS,
  );
}

/**
 * The catalog spelling of a group of a family. Matching is exact, then case-insensitive
 * ("az-premium" finds "AZ-premium"). Throws PricingError (unknown_group) listing the family's groups.
 */
export function resolveGroup(familyId: FamilyId, group: string): string {
  const groups = Object.keys(PRICE_CATALOG[familyId].groups);
  const found = groups.includes(group) ? group : groups.find((g) => g.toLowerCase() === group.toLowerCase());
  if (found !== undefined) return found;
  throw new PricingError(
    "unknown_group",
    `Price family "${familyId}" has no group "${group}". Its groups: ${groups.join(", ")}.`,
    groups,
  );
}
