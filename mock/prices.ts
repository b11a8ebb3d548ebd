/**
 * The mock's price list, written as a new-api admin sets prices (setting/ratio_setting: model
 * ratios, completion and cache ratios, per-request model prices in USD, group ratios), published
 * the way new-api's GET /api/pricing publishes them (model/pricing.go: type Pricing).
 *
 * The mock displays money in CNY at 7.3 CNY per USD, with new-api's 500,000 quota per USD, and its
 * prices are chosen to reproduce the spec's table ("Billing units and prices (CNY)"): each family
 * is a base price times a group ratio, and the ratios are the same across families (cc 0.8, origin
 * 7.3, ssvip 3 ...). The spec's ids are listed under their family; so are the real ids the docs and
 * README use (gpt-4o-mini, claude-sonnet-4-5, veo3, dall-e-3 ...), at the row of the family they
 * obviously belong to, so that every documented call shows a cost on the mock.
 */

/** Quota per USD (new-api's default, common/constants.go). */
export const QUOTA_PER_UNIT = 500_000;
/** CNY per USD (new-api's default, setting/operation_setting/payment_setting_old.go). */
export const USD_EXCHANGE_RATE = 7.3;

/** One entry of GET /api/pricing's `data`, with the fields new-api sends. */
export interface PricingEntry {
  model_name: string;
  quota_type: 0 | 1;
  model_ratio: number;
  model_price: number;
  owner_by: string;
  completion_ratio: number;
  cache_ratio?: number;
  create_cache_ratio?: number;
  enable_groups: string[];
  supported_endpoint_types: string[];
}

/** The group ratios: the spec's groups, each a multiple of the default price. */
export const GROUP_RATIO: Record<string, number> = {
  default: 1,
  svip: 1,
  vvip: 1,
  "sd-global": 1,
  "backup-1": 1,
  cc: 0.8,
  "cc-premium": 2,
  "official-tier": 5,
  "list-price-tier": 8,
  "tier-t3": 4,
  "premium-tier": 2,
  "AZ-premium": 1.5,
  "official-premium": 4,
  ssvip: 3,
  origin: 7.3,
  "domestic-special": 0.7,
  "domestic-special-2": 0.8,
};

/** A model ratio from a price in CNY per 1M tokens: one quota per token at ratio 1. */
const ratioOf = (cnyPerMillion: number) => cnyPerMillion / USD_EXCHANGE_RATE / (1e6 / QUOTA_PER_UNIT);
/** A model price (USD per request) from a price in CNY per request. */
const priceOf = (cny: number) => cny / USD_EXCHANGE_RATE;

interface Row {
  ids: string[];
  owner: string;
  groups: string[];
  endpoints: string[];
}

/** Billed per token: prompt / completion / cache hit / cache write in CNY per 1M at group ratio 1. */
function tokens(row: Row, prompt: number, completion: number, cacheHit?: number, cacheWrite?: number) {
  return row.ids.map(
    (id): PricingEntry => ({
      model_name: id,
      quota_type: 0,
      model_ratio: ratioOf(prompt),
      model_price: 0,
      owner_by: row.owner,
      completion_ratio: completion / prompt,
      // The spec charges a cache the family prices not at the prompt price: ratio 1 (new-api's
      // default for a missing cache_ratio, but 1.25 for a missing create_cache_ratio).
      cache_ratio: (cacheHit ?? prompt) / prompt,
      create_cache_ratio: (cacheWrite ?? prompt) / prompt,
      enable_groups: row.groups,
      supported_endpoint_types: row.endpoints,
    }),
  );
}

/**
 * Billed per request: CNY at group ratio 1. new-api multiplies such a price by ratios it reads from
 * the request (relay/relay_task.go RelayTaskSubmit: a task channel's OtherRatios; relay/helper/price.go
 * ModelPriceHelper: an image's count, size and quality), so for a veo or sora video it is the price
 * of one second at the base resolution, and for dall-e the price of one standard 1024x1024 image.
 */
function perRequest(row: Row, cny: number) {
  return row.ids.map(
    (id): PricingEntry => ({
      model_name: id,
      quota_type: 1,
      model_ratio: 0,
      model_price: priceOf(cny),
      owner_by: row.owner,
      completion_ratio: 1,
      enable_groups: row.groups,
      supported_endpoint_types: row.endpoints,
    }),
  );
}

const CHAT = ["openai"];
const VIDEO = ["openai-video"];

export const PRICING: PricingEntry[] = [
  // Coding chat model: 1.75 / 14 / 0.175.
  ...tokens(
    {
      ids: ["gpt-4o", "gpt-4o-mini", "gpt-5", "gpt-5-mini", "gpt-4o-search-preview"],
      owner: "openai",
      groups: ["default", "svip", "ssvip", "AZ-premium", "official-premium", "origin"],
      endpoints: CHAT,
    },
    1.75,
    14,
    0.175,
  ),
  // Messages-format chat model: 5 / 25 / 0.5 / 6.25.
  ...tokens(
    {
      ids: ["claude-sonnet-4-5", "claude-sonnet-4-6", "claude-haiku-4-5"],
      owner: "anthropic",
      groups: ["default", "cc", "cc-premium", "official-tier", "list-price-tier", "origin"],
      endpoints: ["anthropic", "openai"],
    },
    5,
    25,
    0.5,
    6.25,
  ),
  // Multimodal thinking model: 0.75 / 3.75 / 0.075 (tier-t3 3 / 15 / 0.3).
  ...tokens(
    {
      ids: ["gemini-2.5-flash", "gemini-2.5-pro"],
      owner: "gemini",
      groups: ["default", "tier-t3", "premium-tier", "origin"],
      endpoints: ["gemini", "openai"],
    },
    0.75,
    3.75,
    0.075,
  ),
  // Video-analysis chat model: 0.1 / 0.4 (premium-tier 0.2 / 0.8).
  ...tokens(
    { ids: ["qwen-vl-max"], owner: "ali", groups: ["default", "premium-tier"], endpoints: CHAT },
    0.1,
    0.4,
  ),
  // Image model (chat interface): 0.072 / 0.072.
  ...tokens(
    {
      ids: ["gemini-2.5-flash-image"],
      owner: "gemini",
      groups: ["default"],
      endpoints: ["gemini", "openai"],
    },
    0.072,
    0.072,
  ),
  // Speech: 3.5 per 10,000 characters, billed by new-api as the input's prompt tokens.
  ...tokens(
    { ids: ["tts-1", "tts-1-hd", "gpt-4o-mini-tts"], owner: "openai", groups: ["default"], endpoints: CHAT },
    350,
    350,
  ),
  // Image model H: 1 per image (official-premium 4, ssvip 3, origin 7.3), a standard 1024x1024
  // one: new-api scales dall-e's price by its size and quality (relaykit/dto/openai_image.go
  // GetTokenCountMeta: 1792x1024 x 2, hd x 2 or x 1.5 when wide, 256x256 x 0.4).
  ...perRequest(
    {
      ids: ["dall-e-3"],
      owner: "openai",
      groups: ["default", "official-premium", "origin", "ssvip"],
      endpoints: ["image-generation", "openai"],
    },
    1,
  ),
  // Image model I: 0.15 per request.
  ...perRequest(
    {
      ids: ["flux-kontext-pro", "flux-kontext-max"],
      owner: "custom",
      groups: ["default"],
      endpoints: ["image-generation"],
    },
    0.15,
  ),
  // Nano-banana image model: 0.1 per request (tier-t3 0.4, premium-tier 0.2, origin 0.73).
  ...perRequest(
    {
      ids: ["nano-banana", "nano-banana-hd"],
      owner: "gemini",
      groups: ["default", "tier-t3", "premium-tier", "origin"],
      endpoints: ["image-generation"],
    },
    0.1,
  ),
  // vidA video: 1.1 per second (the spec's ids; the relay multiplies by the seconds asked).
  ...perRequest(
    {
      ids: ["vidA-2.5", "vidA-1-0-pro-250528", "vidA-1-0-lite-i2v-250428", "vidA-2-0-fast-260128"],
      owner: "doubao",
      groups: ["default", "sd-global"],
      endpoints: VIDEO,
    },
    1.1,
  ),
  // vidB video: 7 per request, in backup-1 only (the spec's ids) ...
  ...perRequest(
    {
      ids: ["vidB3", "vidB3-fast", "vidB3.1-pro", "vidB2-fast-frames"],
      owner: "gemini",
      groups: ["backup-1"],
      endpoints: VIDEO,
    },
    7,
  ),
  // ... and the vendor ids the spec writes as vidB, served in default too. new-api's gemini and
  // vertex channels multiply a veo price by the video's seconds (8 by default) and by a ratio at 4K
  // (relay/channel/task/gemini/billing.go ResolveVeoDuration, VeoResolutionRatio): 0.875 per
  // second, so that a video of the default length costs the spec's 7.
  ...perRequest(
    {
      ids: ["veo3", "veo3-fast", "veo3.1-pro"],
      owner: "gemini",
      groups: ["default", "backup-1"],
      endpoints: VIDEO,
    },
    0.875,
  ),
  // Sora, which the spec does not price: OpenAI's list price per second in CNY (USD 0.10 and 0.30),
  // which new-api's sora channel multiplies by the seconds (4 by default) and by 1.666667 for a
  // 1792x1024 or 1024x1792 video (relay/channel/task/sora/adaptor.go EstimateBilling).
  ...perRequest({ ids: ["sora-2"], owner: "openai", groups: ["default"], endpoints: VIDEO }, 0.73),
  ...perRequest({ ids: ["sora-2-pro"], owner: "openai", groups: ["default"], endpoints: VIDEO }, 2.19),
  // Vidgen family: 0.0001 per request (domestic-special-2 0.00008), the spec's names and Kling's.
  ...perRequest(
    {
      ids: [
        "vidgen-v1",
        "vidgen-v1-5",
        "vidgen-v1-6",
        "vidgen-v2",
        "kling-v1",
        "kling-v1-6",
        "kling-v2-master",
        "kling-v2-1",
      ],
      owner: "kling",
      groups: ["default", "domestic-special-2"],
      endpoints: VIDEO,
    },
    0.0001,
  ),
  // Music, which the spec's table does not price: new-api bills a Suno submission as the model
  // "suno_" + its action (service/task.go: CoverTaskActionToModelName; middleware/distributor.go).
  ...perRequest(
    { ids: ["suno_music", "suno_concat"], owner: "suno", groups: ["default"], endpoints: CHAT },
    0.73,
  ),
  ...perRequest({ ids: ["suno_lyrics"], owner: "suno", groups: ["default"], endpoints: CHAT }, 0.073),
];
