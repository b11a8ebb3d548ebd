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
