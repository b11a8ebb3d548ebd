/**
 * Costs from the gateway's own prices (GET /api/pricing + /api/status), loaded once per
 * client on first need, the spec's table when the gateway publishes none; budgets that work with
 * real ids; no pricing request for a client that never asks for money.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MockGatewayOptions } from "../../mock/index.js";
import {
  BudgetExceededError,
  estimateCost,
  type GenwayOptions,
  PRICES_TTL,
  PricingError,
} from "../../src/index.js";
import { hello, loopback, rejection } from "../support/index.js";

const PRICE_ROUTES = ["/api/pricing", "/api/status"];
const veo3 = { model: "veo3", prompt: "waves at night" };

/** A client on the mock, and how many times each price route was read. */
async function client(options: GenwayOptions = {}, mock: MockGatewayOptions = {}) {
  const harness = await loopback(options, mock);
  const loads = () => PRICE_ROUTES.map((path) => harness.sent(path).length);
  return { ...harness, loads };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the gateway's own prices", () => {
  it("withResponse().cost of gpt-4o-mini is a number, by the gateway's prices; the plain calls before made no pricing request", async () => {
    const { gw, loads } = await client();
    await gw.chat.completions.create(hello);
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    await stream.finalCompletion();
    // Read now, by what the client has: nothing, and no figure by another table.
    expect(stream.cost()).toBeNull();
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "a cat", duration: 5 });
    expect((await task.wait({ interval: 1 })).cost).toBeNull();
    // Every call is counted from the first, waiting for the prices that price it.
    expect(gw.costs.toJSON()).toMatchObject({ total: 0, calls: 0, unpriced: 3 });
    expect(gw.costs.reason).toMatch(/^3 calls: .*`await gw\.costs\.summary\(\)`/);
    expect(loads()).toEqual([0, 0]);

    const { data, cost, costReason } = await gw.chat.completions.create(hello).withResponse();
    expect(costReason).toBeUndefined();
    expect(cost).toMatchObject({
      source: "gateway",
      currency: "CNY",
      group: "default",
      model: "gpt-4o-mini",
    });
    // The mock's gpt-4o-mini: 1.75 CNY per 1M prompt tokens, 14 per 1M completion tokens.
    const usage = data.usage!;
    expect(cost!.total).toBeCloseTo((usage.prompt_tokens * 1.75 + usage.completion_tokens * 14) / 1e6, 8);
    expect(loads()).toEqual([1, 1]);
    // The four calls, priced by the gateway's prices: the three chats alike, and the video.
    expect(gw.costs.toJSON()).toMatchObject({ calls: 4, unpriced: 0, currency: "CNY" });
    expect(gw.costs.byModel["vidA-2.5"]).toEqual({ total: 5.5, calls: 1 });
    expect(gw.costs.byModel["gpt-4o-mini"]!.calls).toBe(3);
  });

  it("estimateCost({ model: 'veo3', seconds: 8 }) totals by the prices gw.prices.load() gives, or by a table of yours", async () => {
    const { gw } = await client();
    const prices = await gw.prices.load();
    expect(prices).toMatchObject({ source: "gateway", currency: "CNY" });
    // The relay multiplies veo's price by the seconds asked.
    expect(estimateCost({ model: "veo3", seconds: 8 }, prices)).toMatchObject({
      total: 7,
      source: "gateway",
      lines: [{ item: "seconds", quantity: 8, unitPrice: 0.875, amount: 7 }],
    });
    expect(await gw.prices.estimate({ model: "veo3", seconds: 8 })).toMatchObject({ total: 7 });
    // The spec's vidA ids are billed per second there too: the gateway's price, the catalog's unit.
    expect(estimateCost({ model: "vidA-2.5", seconds: 8 }, prices).total).toBeCloseTo(8.8, 8);
    // Without them, the spec's table does not place veo3.
    expect(() => estimateCost({ model: "veo3", seconds: 8 })).toThrow(PricingError);
    const mine = { currency: "USD", models: { "veo*": { unit: "second" as const, price: 0.4 } } };
    expect(estimateCost({ model: "veo3", seconds: 8 }, mine)).toMatchObject({
      total: 3.2,
      currency: "USD",
      source: "table",
    });
  });

  it("a budget of 0.001 refuses a veo3 submission before sending it: the mock records only the price load", async () => {
    const { gw, mock, sent } = await client({ budget: { limit: 0.001 } });
    const error = await rejection(gw.videos.create(veo3));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error).toMatchObject({ estimate: 7, remaining: 0.001, limit: 0.001 });
    expect(error.message).toMatch(/videos\.create \(veo3\) may cost up to 7 CNY/);
    expect(sent("/v2/videos/generations")).toHaveLength(0);
    expect(mock.requests.map((r) => r.path).sort()).toEqual(PRICE_ROUTES);
  });

  it("a budget admits real ids by their worst case, with the same atomic reservation", async () => {
    const { gw, sent } = await client({ budget: { limit: 10 } });
    // gpt-4o-mini: a prompt of a few bytes and 1,000 tokens out is at most about 0.014 CNY.
    await gw.chat.completions.create({ ...hello, max_tokens: 1000 });
    const calls = await Promise.allSettled([gw.videos.create(veo3), gw.videos.create(veo3)]);
    expect(calls.map((c) => c.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((calls.find((c) => c.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(
      BudgetExceededError,
    );
    expect(sent("/v2/videos/generations")).toHaveLength(1);
    expect(gw.costs.byModel.veo3).toEqual({ total: 7, calls: 1 });
    expect(gw.costs.currency).toBe("CNY");
  });

  it("at most one price load per client per TTL: parallel first calls share it, later calls add none", async () => {
    const { gw, loads } = await client({ budget: { limit: 100 } });
    const call = () => gw.chat.completions.create({ ...hello, max_tokens: 16 });
    await Promise.all([call(), call(), call(), call(), call()]);
    await call();
    expect(loads()).toEqual([1, 1]);

    // Once PRICES_TTL has passed, the next call reads them again (and uses the old ones meanwhile).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + PRICES_TTL + 1 });
    await call();
    await gw.prices.load();
    expect(loads()).toEqual([2, 2]);
    await call();
    expect(loads()).toEqual([2, 2]);
  });

  it("a client with onCost or group loads prices alongside its first billed call; prices: 'spec' never does", async () => {
    const events: unknown[] = [];
    const { gw, loads } = await client({ onCost: (event) => events.push(event) });
    await gw.chat.completions.create(hello);
    expect(loads()).toEqual([1, 1]);
    expect(events).toEqual([
      expect.objectContaining({ cost: expect.objectContaining({ source: "gateway" }) }),
    ]);

    const { gw: grouped, loads: groupedLoads } = await client({ group: "svip" });
    await grouped.videos.create({ model: "veo3", prompt: "a cat" });
    expect(groupedLoads()).toEqual([1, 1]);

    const { gw: spec, mock } = await client({ prices: "spec", budget: { limit: 100 }, onCost: () => {} });
    await spec.videos.create({ model: "vidA-2.5", prompt: "a cat", duration: 5 });
    expect(mock.requests.filter((r) => r.path.startsWith("/api/"))).toEqual([]);
    expect(spec.costs.byModel["vidA-2.5"]).toEqual({ total: 5.5, calls: 1 });
  });

  it("a client's costs are in one currency: a USD budget counts the gateway's CNY prices in USD at its rate", async () => {
    const { gw, sent } = await client({ budget: { limit: 1, currency: "USD" } });
    // veo3: 7 CNY at 7.3 CNY per USD.
    const { cost } = await gw.videos.create(veo3).withResponse();
    expect(cost).toMatchObject({ currency: "USD", source: "gateway", total: 0.95890411 });
    const error = await rejection(gw.videos.create(veo3));
    expect(error.message).toMatch(/may cost up to 0\.95890411 USD, more than the 0\.04109589 USD left/);
    expect(sent("/v2/videos/generations")).toHaveLength(1);
    expect(gw.costs.toJSON()).toMatchObject({ total: 0.95890411, currency: "USD", calls: 1 });
  });

  it("gw.costs never mixes currencies: every call from the first is counted in the gateway's currency", async () => {
    // The mock's status, as a relay that shows USD sends it.
    const usd = JSON.stringify({
      success: true,
      message: "",
      data: { quota_per_unit: 500_000, quota_display_type: "USD", usd_exchange_rate: 7.3 },
    });
    const { gw, mock } = await client();
    mock.inject({ match: "/api/status", body: usd, times: 10 });
    await gw.videos.create({ model: "vidA-2.5", prompt: "a cat", duration: 5 }); // 5.5 CNY = 0.7534 USD
    const { cost } = await gw.videos.create(veo3).withResponse(); // 7 CNY = 0.9589 USD
    expect(cost).toMatchObject({ source: "gateway", currency: "USD", total: 0.95890411 });
    expect(gw.costs.toJSON()).toMatchObject({ currency: "USD", calls: 2, unpriced: 0 });
    expect(gw.costs.total).toBeCloseTo(0.75342466 + 0.95890411, 8);
  });

  it("a group the gateway does not publish, or a model it does not serve in the group, costs null with the reason", async () => {
    const { gw } = await client({ group: "vip" });
    const vip = await gw.chat.completions.create(hello).withResponse();
    expect(vip.cost).toBeNull();
    expect(vip.costReason).toMatch(/publishes no price group "vip" \(its groups: default, svip/);

    const { gw: backup } = await client({ group: "backup-1" });
    const chat = await backup.chat.completions.create(hello).withResponse();
    expect(chat.costReason).toMatch(/serves "gpt-4o-mini" in the groups default, svip, .*not in "backup-1"/);
    const video = await backup.videos.create(veo3).withResponse();
    expect(video.cost).toMatchObject({ group: "backup-1", total: 7 });
  });

  it("a PriceTable of yours prices by its entries, in its currency, with the spec's table behind it", async () => {
    const table = {
      currency: "USD",
      models: { "gpt-4o*": { unit: "token" as const, prompt: 0.15, completion: 0.6 } },
    };
    const { gw, mock } = await client({ prices: table });
    const { data, cost } = await gw.chat.completions.create(hello).withResponse();
    const usage = data.usage!;
    expect(cost).toMatchObject({ source: "table", currency: "USD" });
    expect(cost!.total).toBeCloseTo((usage.prompt_tokens * 0.15 + usage.completion_tokens * 0.6) / 1e6, 8);
    // vidA is the spec's, in CNY: without an exchange rate it cannot be counted in USD.
    const video = await gw.videos.create({ model: "vidA-2.5", prompt: "a cat", duration: 5 }).withResponse();
    expect(video.cost).toBeNull();
    expect(video.costReason).toMatch(/priced in CNY, and this client counts in USD/);
    expect(mock.requests.filter((r) => r.path.startsWith("/api/"))).toEqual([]);

    const { gw: converting } = await client({ prices: { ...table, exchange: { USD: 1, CNY: 7.3 } } });
    const converted = await converting.videos
      .create({ model: "vidA-2.5", prompt: "a cat", duration: 5 })
      .withResponse();
    expect(converted.cost).toMatchObject({ source: "spec", currency: "USD", total: 0.75342466 });
  });

  it("a malformed table is refused when the client is made", async () => {
    const { Genway, GenwayError } = await import("../../src/index.js");
    const make = (prices: unknown) => () =>
      new Genway({ apiKey: "k", baseURL: "http://x.test", prices: prices as never });
    expect(make({ currency: "USD", models: { x: { unit: "token", prompt: -1, completion: 1 } } })).toThrow(
      /prices: models\["x"\]: prompt and completion/,
    );
    expect(make({ currency: "USD", models: { x: { price: 1 } } })).toThrow(GenwayError);
    expect(make("live")).toThrow(/prices: must be "auto", "gateway", "spec" or a table/);
  });
});

describe("a gateway that publishes no prices", () => {
  const html =
    "<!doctype html><html><head><title>New API</title></head><body><div id=root></div></body></html>";
  const cases: Array<[string, MockGatewayOptions, RegExp]> = [
    ["no /api/pricing route (404)", { pricing: "none" }, /404/],
    ["a login-only pricing page (401)", { pricing: "login" }, /invalid access token/],
    ["a disabled pricing page (403)", { pricing: "off" }, /pricing is disabled/],
  ];

  for (const [name, mockOptions, why] of cases) {
    it(`${name}: the spec's families are priced by the spec's table, the call never fails, one load per TTL`, async () => {
      const { gw, loads } = await client({ budget: { limit: 100 } }, mockOptions);
      const video = await gw.videos
        .create({ model: "vidA-2.5", prompt: "a cat", duration: 5 })
        .withResponse();
      expect(video.cost).toMatchObject({ source: "spec", currency: "CNY", family: "vidA", total: 5.5 });
      // A real id the spec cannot place: refused by the budget (no worst case), with the reason.
      const error = await rejection(gw.chat.completions.create({ ...hello, max_tokens: 10 }));
      expect(error).toBeInstanceOf(BudgetExceededError);
      expect(error.message).toMatch(why);
      expect(error.message).toMatch(/the gateway publishes no prices/);
      await gw.videos.create({ model: "vidA-2.5", prompt: "a cat", duration: 5 });
      expect(loads()).toEqual([1, 1]);
      expect((await gw.prices.load()).source).toBe("spec");
    });
  }

  it("an HTML page where /api/pricing should be: the same", async () => {
    const { gw, mock, loads } = await client();
    mock.inject({ match: "/api/pricing", status: 200, body: html, contentType: "text/html", times: 5 });
    const { data, cost, costReason } = await gw.chat.completions.create(hello).withResponse();
    expect(data.choices[0]?.message.content).toBeTruthy();
    expect(cost).toBeNull();
    expect(costReason).toMatch(/Unknown model "gpt-4o-mini": the gateway publishes no prices \(.*HTML page/);
    const video = await gw.videos.create({ model: "vidA-2.5", prompt: "a cat", duration: 10 }).withResponse();
    expect(video.cost).toMatchObject({ source: "spec", total: 11 });
    expect(loads()).toEqual([1, 1]);
  });

  it("prices: 'gateway' has no fallback: costs are null with the reason and load() rejects; calls still succeed", async () => {
    const { gw } = await client({ prices: "gateway" }, { pricing: "none" });
    const { cost, costReason } = await gw.videos
      .create({ model: "vidA-2.5", prompt: "a cat", duration: 5 })
      .withResponse();
    expect(cost).toBeNull();
    expect(costReason).toMatch(
      /the gateway publishes no prices \(GET \/api\/pricing: .*404.*\(prices: "gateway"\)/,
    );
    await expect(gw.prices.load()).rejects.toThrow(/^The gateway publishes no prices \(GET \/api\/pricing: /);
    // No read will price it (until the prices are read again, 10 minutes on): unpriced, not pending.
    const totals = await gw.costs.summary();
    expect(totals).toMatchObject({ calls: 0, unpriced: 1 });
    expect(totals.reason).toMatch(/^1 call: the gateway publishes no prices .*\(prices: "gateway"\)$/);
  });
});
