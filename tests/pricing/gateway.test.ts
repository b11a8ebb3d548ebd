/**
 * The gateway's prices read from bodies as new-api sends them (krismileji/new-api 116255f07):
 * GET /api/pricing (controller/pricing.go: GetPricing; model/pricing.go: type Pricing, with
 * `omitempty` cache ratios) and GET /api/status (controller/misc.go: GetStatus), priced the way
 * relay/helper/price.go and service/text_quota.go bill.
 */
import { describe, expect, it } from "vitest";
import { estimateCost } from "../../src/index.js";
import { serving } from "../support/index.js";

interface Entry {
  model_name: string;
  quota_type: number;
  model_ratio?: number;
  model_price?: number;
  completion_ratio?: number;
  cache_ratio?: number;
  create_cache_ratio?: number;
  enable_groups?: string[];
  billing_mode?: string;
  billing_expr?: string;
}

/** A relay whose /api/pricing lists `data` with `group_ratio`, and whose /api/status has `status`. */
function relay(
  data: Entry[],
  status: Record<string, unknown>,
  groupRatio: Record<string, number> = { default: 1 },
) {
  return serving((url) => {
    const path = new URL(url).pathname;
    if (path === "/api/pricing") {
      return Response.json({
        success: true,
        data: data.map((e) => ({
          owner_by: "",
          supported_endpoint_types: ["openai"],
          enable_groups: ["default"],
          ...e,
        })),
        vendors: [],
        group_ratio: groupRatio,
        usable_group: Object.fromEntries(Object.keys(groupRatio).map((g) => [g, g])),
        supported_endpoint: {},
        auto_groups: [],
        pricing_version: "a42d372ccf0b5dd13ecf71203521f9d2",
      });
    }
    if (path === "/api/status") return Response.json({ success: true, message: "", data: status });
    return Response.json(
      { error: { message: "unexpected", type: "invalid_request_error" } },
      { status: 404 },
    );
  }).gw;
}

const USD = {
  quota_per_unit: 500_000,
  quota_display_type: "USD",
  usd_exchange_rate: 7.3,
  display_in_currency: true,
};
const M = { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 };

describe("the gateway's prices, as new-api publishes them", () => {
  it("per token: model_ratio x $2 per 1M at 500,000 quota per USD, completion and cache ratios, new-api's cache defaults", async () => {
    const gw = relay(
      [
        {
          model_name: "gpt-4o-mini",
          quota_type: 0,
          model_ratio: 0.075,
          completion_ratio: 4,
          cache_ratio: 0.5,
        },
        // No cache ratios published: new-api bills cache hits at 1 and cache writes at 1.25.
        { model_name: "plain", quota_type: 0, model_ratio: 1, completion_ratio: 1 },
      ],
      USD,
    );
    const prices = await gw.prices.load();
    expect(prices).toMatchObject({ source: "gateway", currency: "USD" });
    const chat = estimateCost(
      { model: "gpt-4o-mini", usage: { ...M, prompt_tokens_details: { cached_tokens: 500_000 } } },
      prices,
    );
    expect(chat.lines.map((l) => [l.item, l.unitPrice, l.amount])).toEqual([
      ["prompt", 0.15, 0.075],
      ["completion", 0.6, 0.6],
      ["cacheHit", 0.075, 0.0375],
    ]);
    expect(chat.total).toBe(0.7125);
    const messages = estimateCost(
      {
        model: "plain",
        usage: {
          input_tokens: 0,
          output_tokens: 0,
          cache_read_input_tokens: 1e6,
          cache_creation_input_tokens: 1e6,
        },
      },
      prices,
    );
    expect(messages.lines.filter((l) => l.amount > 0).map((l) => [l.item, l.unitPrice])).toEqual([
      ["cacheHit", 2],
      ["cacheWrite", 2.5],
    ]);
  });

  it("per request: model_price (USD) x the group's ratio, times the image count of an image call", async () => {
    const gw = relay(
      [{ model_name: "dall-e-3", quota_type: 1, model_price: 0.04, enable_groups: ["vip"] }],
      USD,
      { default: 1, vip: 2 },
    );
    const prices = await gw.prices.load();
    expect(estimateCost({ model: "dall-e-3", group: "vip" }, prices).total).toBe(0.08);
    expect(estimateCost({ model: "dall-e-3", group: "VIP", images: 3 }, prices)).toMatchObject({
      total: 0.24,
      group: "vip",
      lines: [{ item: "images", quantity: 3, unitPrice: 0.08 }],
    });
    expect(() => estimateCost({ model: "dall-e-3" }, prices)).toThrow(
      /serves "dall-e-3" in the groups vip, not in "default"/,
    );
  });

  it("the display currency: CNY at usd_exchange_rate, TOKENS as quota, CUSTOM as USD, old relays by display_in_currency", async () => {
    const entry = [
      { model_name: "m", quota_type: 0, model_ratio: 1, completion_ratio: 1, enable_groups: ["all"] },
    ];
    const cases: Array<[Record<string, unknown>, string, number]> = [
      [{ ...USD, quota_display_type: "CNY" }, "CNY", 14.6],
      [{ ...USD, quota_display_type: "TOKENS" }, "quota", 1_000_000],
      [{ ...USD, quota_display_type: "CUSTOM" }, "USD", 2],
      [{ quota_per_unit: 500_000, display_in_currency: false }, "quota", 1_000_000],
      [{ quota_per_unit: 500_000, display_in_currency: true }, "USD", 2],
    ];
    for (const [status, currency, perMillion] of cases) {
      const prices = await relay(entry, status).prices.load();
      const cost = estimateCost({ model: "m", usage: { prompt_tokens: 1e6, completion_tokens: 0 } }, prices);
      expect([cost.currency, cost.total]).toEqual([currency, perMillion]);
    }
  });

  it("a price by expression (billing_mode tiered_expr) is named, not guessed; a malformed entry is unpriced with the reason, never free", async () => {
    const gw = relay(
      [
        {
          model_name: "tiered",
          quota_type: 0,
          model_ratio: 1,
          billing_mode: "tiered_expr",
          billing_expr: "p * 2",
        },
        { model_name: "weird", quota_type: 2, model_ratio: 1 },
        { model_name: "negative", quota_type: 0, model_ratio: -1 },
        { model_name: "fine", quota_type: 1, model_price: 0.5 },
      ],
      USD,
    );
    const prices = await gw.prices.load();
    expect(() => estimateCost({ model: "tiered", usage: M }, prices)).toThrow(
      /by an expression \(billing_mode tiered_expr: p \* 2\)/,
    );
    expect(prices.ids().sort()).toEqual(["fine", "negative", "tiered", "weird"]);
    expect(() => estimateCost({ model: "negative", usage: M }, prices)).toThrow(
      /the gateway's price of "negative" cannot be used: model_ratio is -1, not a number from 0 to 10000/,
    );
    expect(() => estimateCost({ model: "weird", usage: M }, prices)).toThrow(/quota_type is 2/);
    expect(estimateCost({ model: "fine" }, prices).total).toBe(0.5);
  });

  it("a pricing answer that is not { success: true } is no prices: the spec's table, with the reason", async () => {
    const broken = serving((url) =>
      new URL(url).pathname === "/api/status"
        ? Response.json({ success: true, data: { quota_display_type: "USD" } })
        : Response.json({ success: false, message: "pricing is disabled" }, { status: 200 }),
    ).gw;
    const prices = await broken.prices.load();
    expect(prices.source).toBe("spec");
    expect(prices.why).toMatch(/did not answer \{ success: true, \.\.\. \}: pricing is disabled/);
  });
});

/**
 * new-api multiplies a price per request by ratios it reads from the request (relay/relay_task.go
 * RelayTaskSubmit: a task channel's OtherRatios; relay/helper/price.go: an image's ImagePriceRatio
 * and count). Prices here are USD, as a relay that shows USD publishes them.
 */
describe("a price per request, scaled as the relay scales it", () => {
  const total = (prices: Awaited<ReturnType<typeof load>>, params: Parameters<typeof estimateCost>[0]) =>
    estimateCost(params, prices).total;
  const load = () =>
    relay(
      [
        { model_name: "veo-3.0-generate-001", quota_type: 1, model_price: 0.1 },
        { model_name: "veo-3.1-generate-preview", quota_type: 1, model_price: 0.4 },
        { model_name: "veo-3.1-fast-generate-preview", quota_type: 1, model_price: 0.15 },
        { model_name: "sora-2", quota_type: 1, model_price: 0.1 },
        { model_name: "sora-2-pro", quota_type: 1, model_price: 0.3 },
        { model_name: "dall-e-3", quota_type: 1, model_price: 0.04 },
        { model_name: "dall-e-2", quota_type: 1, model_price: 0.02 },
        { model_name: "kling-v2-master", quota_type: 1, model_price: 0.5 },
        { model_name: "vidA-2.5", quota_type: 1, model_price: 0.15 },
      ],
      USD,
    ).prices.load();

  it("review D3: veo is model_price x its seconds (metadata.durationSeconds, duration, seconds, else 8; at most 3600) x 1.5 at 4K for 3.1, 2.333333 for 3.1 fast", async () => {
    const prices = await load();
    const veo3 = "veo-3.0-generate-001";
    const veo31 = "veo-3.1-generate-preview";
    const cases: Array<[Parameters<typeof estimateCost>[0], number]> = [
      [{ model: veo3 }, 0.8],
      [{ model: veo3, duration: 4 }, 0.4],
      [{ model: veo3, duration: "6" }, 0.6],
      [{ model: veo3, seconds: "6" }, 0.6],
      [{ model: veo3, duration: 4, seconds: "6" }, 0.4],
      // ResolveVeoDuration reads metadata first, whatever else the request says.
      [{ model: veo3, duration: 4, metadata: { durationSeconds: 5 } }, 0.5],
      [{ model: veo3, duration: 4, metadata: { durationSeconds: "5" } }, 0.8],
      [{ model: veo3, duration: 5000 }, 360],
      // Veo 3.0 has no 4K ratio.
      [{ model: veo3, metadata: { resolution: "4k" } }, 0.8],
      [{ model: veo31, metadata: { resolution: "4K" } }, 4.8],
      [{ model: veo31, metadata: { resolution: "1080p" } }, 3.2],
      [{ model: veo31, size: "3840x2160" }, 4.8],
      [{ model: veo31, size: "1920x1080" }, 3.2],
      [{ model: veo31, duration: 4, metadata: { resolution: "4k" } }, 2.4],
      [{ model: "veo-3.1-fast-generate-preview", metadata: { resolution: "4k" } }, 2.7999996],
      [{ model: veo3, requests: 3 }, 2.4],
    ];
    for (const [params, expected] of cases)
      expect(total(prices, params), JSON.stringify(params)).toBe(expected);
    expect(estimateCost({ model: veo31, metadata: { resolution: "4k" } }, prices).lines).toEqual([
      {
        item: "seconds",
        quantity: 8,
        unitPrice: 0.6,
        unit: "second",
        amount: 4.8,
        note: "as the relay bills it: 8 s, its default length for veo; x 1.5 for resolution 4k",
      },
    ]);
  });

  it("sora is model_price x its seconds (seconds, duration, else 4) x 1.666667 at 1792x1024 or 1024x1792", async () => {
    const prices = await load();
    expect(total(prices, { model: "sora-2" })).toBe(0.4);
    expect(total(prices, { model: "sora-2", seconds: "8" })).toBe(0.8);
    expect(total(prices, { model: "sora-2", duration: 12 })).toBe(1.2);
    expect(total(prices, { model: "sora-2-pro", seconds: "4", size: "1792x1024" })).toBe(2.0000004);
    expect(total(prices, { model: "sora-2-pro", seconds: "4", size: "1280x720" })).toBe(1.2);
  });

  it("review D4: dall-e is model_price x its size ratio (256x256 0.4, 512x512 0.45, 1792x1024 2) x dall-e-3's hd ratio (2, 1.5 when wide) x n", async () => {
    const prices = await load();
    const cases: Array<[Parameters<typeof estimateCost>[0], number]> = [
      [{ model: "dall-e-3" }, 0.04],
      [{ model: "dall-e-3", size: "1024x1024" }, 0.04],
      [{ model: "dall-e-3", size: "1792x1024" }, 0.08],
      [{ model: "dall-e-3", size: "1024x1792", quality: "standard" }, 0.08],
      [{ model: "dall-e-3", size: "1024x1024", quality: "hd" }, 0.08],
      [{ model: "dall-e-3", size: "1792x1024", quality: "hd" }, 0.12],
      [{ model: "dall-e-3", size: "1792x1024", quality: "hd", images: 2 }, 0.24],
      [{ model: "dall-e-2", size: "256x256", images: 3 }, 0.024],
      [{ model: "dall-e-2", size: "512x512" }, 0.009],
      // Only dall-e-3 has an hd price; a size dall-e does not list is the base price.
      [{ model: "dall-e-2", quality: "hd" }, 0.02],
      [{ model: "dall-e-3", size: "1536x1024" }, 0.04],
    ];
    for (const [params, expected] of cases)
      expect(total(prices, params), JSON.stringify(params)).toBe(expected);
  });

  it("a channel that sets no ratio bills its price once per request; a spec family's unit still applies (vidA per second)", async () => {
    const prices = await load();
    expect(estimateCost({ model: "kling-v2-master", duration: 10 }, prices)).toMatchObject({
      total: 0.5,
      lines: [{ item: "requests", quantity: 1 }],
    });
    expect(total(prices, { model: "vidA-2.5", duration: 10 })).toBe(1.5);
    expect(() => estimateCost({ model: "vidA-2.5" }, prices)).toThrow(/billed per second; pass `seconds`/);
    // A table of yours is taken as written: its price per request is not scaled.
    const mine = { currency: "USD", models: { "veo*": { unit: "request" as const, price: 1 } } };
    expect(
      estimateCost({ model: "veo-3.1-generate-preview", metadata: { resolution: "4k" } }, mine).total,
    ).toBe(1);
    // `genway models` shows the unit the relay counts a price in.
    expect(prices.rateOf("veo-3.1-generate-preview")).toMatchObject({ rate: { unit: "second", price: 0.4 } });
    expect(prices.rateOf("dall-e-3")).toMatchObject({ rate: { unit: "image", price: 0.04 } });
    expect(prices.rateOf("kling-v2-master")).toMatchObject({ rate: { unit: "request", price: 0.5 } });
  });
});
