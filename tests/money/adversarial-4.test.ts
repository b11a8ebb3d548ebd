/**
 * Money under a hostile or sloppy gateway, and the holes budgets and totals had
 * (shared/reviews/adversarial-4.md, each reproduced here): price data fails closed, a failed read
 * of the prices is read again, extra_body is what the budget prices, a web page bills nothing,
 * gw.costs counts from the first call, and a balance keeps its currency.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  APIConnectionError,
  BudgetExceededError,
  type CostEvent,
  InternalServerError,
  MalformedResponseError,
  models,
  ValidationError,
} from "../../src/index.js";
import { certainlyNotBilled } from "../../src/money/billing.js";
import { hello, loopback, pricedRelay, rejection, serving } from "../support/index.js";

afterEach(() => {
  vi.useRealTimers();
});

/** new-api's /api/status of a relay that shows money in CNY, with `data` spread over it. */
const cnyStatus = (data: Record<string, unknown> = {}) => ({
  success: true,
  data: { quota_per_unit: 500_000, quota_display_type: "CNY", usd_exchange_rate: 7.3, ...data },
});

/** gpt-4o-mini at new-api's ratios for 0.15 / 0.6 USD per 1M tokens. */
const MINI = {
  model_name: "gpt-4o-mini",
  quota_type: 0,
  model_ratio: 0.075,
  completion_ratio: 4,
  model_price: 0,
  enable_groups: ["default"],
};

/** A relay publishing `status` and `pricing` (in group "default", ratio 1), chat with 100,000 tokens each way. */
function relay(status: unknown, pricing: unknown[], options: Parameters<typeof pricedRelay>[1] = {}) {
  const prices = {
    status: JSON.stringify(status),
    pricing: JSON.stringify({ success: true, group_ratio: { default: 1 }, data: pricing }),
  };
  return pricedRelay(prices, options, { prompt_tokens: 100_000, completion_tokens: 100_000 });
}

const big = { ...hello, max_tokens: 100_000 };

describe("price data fails closed", () => {
  for (const [label, rate] of [
    ['usd_exchange_rate "7.3" (a string)', "7.3"],
    ["no usd_exchange_rate", undefined],
    ["usd_exchange_rate 0", 0],
  ] as const) {
    it(`E1: a gateway that shows CNY with ${label}: unpriced with the reason, never NaN, and a budget admits none of it`, async () => {
      const status = cnyStatus({ usd_exchange_rate: rate });
      const budgeted = relay(
        status,
        [MINI, { ...MINI, model_name: "vidA-2.5", quota_type: 1, model_price: 0.15 }],
        {
          budget: { limit: 1, currency: "CNY" },
        },
      );
      const chat = await rejection(budgeted.gw.chat.completions.create(big));
      expect(chat).toBeInstanceOf(BudgetExceededError);
      expect(chat.message).toMatch(/has no worst case: .*usd_exchange_rate/);
      for (let i = 0; i < 5; i++) {
        const video = await rejection(
          budgeted.gw.videos.create({ model: "vidA-2.5", prompt: "x", duration: 10 }),
        );
        expect(video).toBeInstanceOf(BudgetExceededError);
      }
      expect(budgeted.paid).toEqual([]);

      const plain = relay(status, [MINI]);
      const { cost, costReason } = await plain.gw.chat.completions.create(big).withResponse();
      expect(cost).toBeNull();
      expect(costReason).toMatch(/priced in USD, and this client counts in CNY: .*usd_exchange_rate/);
      const totals = await plain.gw.costs.summary();
      expect(totals).toMatchObject({ total: 0, calls: 0, unpriced: 1 });
      expect(Number.isFinite(totals.total)).toBe(true);
      expect(JSON.stringify(plain.gw.costs)).toMatch(/"total":0,/);
    });
  }

  for (const [label, entry] of [
    ["a per-token entry without model_ratio", { ...MINI, model_ratio: undefined }],
    ["a per-token entry with model_ratio null", { ...MINI, model_ratio: null, completion_ratio: null }],
    ["a per-token entry with model_ratio as a string", { ...MINI, model_ratio: "0.075" }],
  ] as const) {
    it(`E3: ${label} is unpriced with the reason, never free: a budget admits none of it`, async () => {
      const { gw, paid } = relay(cnyStatus(), [entry], { budget: { limit: 0.01 } });
      for (let i = 0; i < 3; i++) {
        const error = await rejection(gw.chat.completions.create(big));
        expect(error).toBeInstanceOf(BudgetExceededError);
        expect(error.message).toMatch(/the gateway's price of "gpt-4o-mini" cannot be used: model_ratio is /);
      }
      expect(paid).toEqual([]);
    });
  }

  it("E3: a per-request entry without model_price is unpriced, never free", async () => {
    const image = {
      model_name: "dall-e-3",
      quota_type: 1,
      enable_groups: ["default"],
      completion_ratio: 1,
      model_ratio: 0,
    };
    const { gw, paid } = relay(cnyStatus(), [image], { budget: { limit: 0.01 } });
    const error = await rejection(gw.images.generate({ model: "dall-e-3", prompt: "x" }));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error.message).toMatch(/model_price is undefined, not a number from 0 to 100000/);
    expect(paid).toEqual([]);
    const plain = relay(cnyStatus(), [image]);
    const { cost, costReason } = await plain.gw.images
      .generate({ model: "dall-e-3", prompt: "x" })
      .withResponse();
    expect(cost).toBeNull();
    expect(costReason).toMatch(/model_price/);
  });

  for (const [label, entry, status, why] of [
    [
      "completion_ratio 1e308",
      { ...MINI, completion_ratio: 1e308 },
      cnyStatus(),
      /completion_ratio is 1e\+308/,
    ],
    ["model_ratio 1e300", { ...MINI, model_ratio: 1e300 }, cnyStatus(), /model_ratio is 1e\+300/],
    ["quota_per_unit 1e308", MINI, cnyStatus({ quota_per_unit: 1e308 }), /quota_per_unit is 1e\+308/],
    ["quota_per_unit 1e-300", MINI, cnyStatus({ quota_per_unit: 1e-300 }), /quota_per_unit is 1e-300/],
    [
      "usd_exchange_rate 1e308",
      MINI,
      cnyStatus({ usd_exchange_rate: 1e308 }),
      /usd_exchange_rate is 1e\+308/,
    ],
  ] as const) {
    it(`E3: an absurd ${label} is not believed: unpriced with the reason, never Infinity or 0`, async () => {
      const { gw } = relay(status, [entry], { onCost: () => {} });
      const { cost, costReason } = await gw.chat.completions.create(big).withResponse();
      expect(cost).toBeNull();
      expect(costReason).toMatch(why);
      expect(JSON.stringify(gw.costs)).toMatch(/^\{"total":0,/);
    });
  }

  it("E3: a group_ratio that cannot be believed makes that group unpriced", async () => {
    const { gw } = serving((url) => {
      const path = new URL(url).pathname;
      if (path === "/api/status") return Response.json(cnyStatus());
      if (path === "/api/pricing") {
        return Response.json({ success: true, group_ratio: { default: 1e308 }, data: [MINI] });
      }
      return Response.json({ error: { message: "no" } }, { status: 404 });
    });
    const prices = await gw.prices.load();
    expect(prices.rateOf("gpt-4o-mini")).toMatch(
      /price group "default" cannot be used: its group_ratio is 1e\+308/,
    );
  });
});

describe("a failed read of the prices is read again", () => {
  it("E15: one 500 on the first read of /api/pricing: the next call that needs prices reads them again, and is sent", async () => {
    const { gw, mock, sent } = await loopback({ budget: { limit: 5 } });
    mock.inject({ match: "/api/pricing", status: 500, message: "database is busy" });
    const first = await rejection(gw.chat.completions.create({ ...hello, max_tokens: 100 }));
    expect(first).toBeInstanceOf(BudgetExceededError);
    expect(first.message).toMatch(
      /the gateway's prices could not be read \(GET \/api\/pricing: .*database is busy/,
    );
    await gw.chat.completions.create({ ...hello, max_tokens: 100 });
    expect(sent("/v1/chat/completions")).toHaveLength(1);
    expect(sent("/api/pricing")).toHaveLength(2);
    expect((await gw.prices.load()).source).toBe("gateway");
  });

  it("E15: a read slower than the price timeout is read again by the next call, not frozen for 10 minutes", async () => {
    const { gw, mock, sent } = await loopback({ budget: { limit: 5 }, timeout: 300 });
    mock.inject({ match: "/api/pricing", delayMs: 2_000 });
    await expect(gw.chat.completions.create({ ...hello, max_tokens: 100 })).rejects.toThrow(
      /the gateway's prices could not be read \(GET \/api\/pricing: /,
    );
    await gw.chat.completions.create({ ...hello, max_tokens: 100 });
    expect(sent("/v1/chat/completions")).toHaveLength(1);
  });

  it("E15: reads that keep failing back off (1 s, 2 s ...) instead of doubling every call's requests", async () => {
    const { gw, mock, sent } = await loopback({ budget: { limit: 5 } });
    mock.inject({ match: "/api/pricing", status: 502, times: 3 });
    const call = () => gw.chat.completions.create({ ...hello, max_tokens: 100 }).catch((e) => e);
    await call(); // read 1 fails: the next call reads again at once
    await call(); // read 2 fails: the next read waits 1 s
    expect(await call()).toBeInstanceOf(BudgetExceededError); // no read
    expect(sent("/api/pricing")).toHaveLength(2);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1_001 });
    await call(); // read 3 fails: the next waits 2 s
    expect(sent("/api/pricing")).toHaveLength(3);
    vi.setSystemTime(Date.now() + 2_001);
    await call(); // read 4: the prices are back
    expect(sent("/api/pricing")).toHaveLength(4);
    expect(sent("/v1/chat/completions")).toHaveLength(1);
  });
});

describe("budget holes", () => {
  it("E2: extra_body is priced as sent: an output limit or n set there is in the worst case, and the budget refuses it", async () => {
    const { gw, sent } = await loopback({ budget: { limit: 0.05, currency: "CNY" } });
    const messages = [{ role: "user" as const, content: "write a novel" }];
    // gpt-4o-mini on the mock: 14 CNY per 1M completion tokens.
    const limit = await rejection(
      gw.chat.completions.create(
        { model: "gpt-4o-mini", messages, max_tokens: 10 },
        { extra_body: { max_tokens: 1_000_000 } },
      ),
    );
    expect(limit).toBeInstanceOf(BudgetExceededError);
    expect(limit.estimate).toBeGreaterThan(14);
    const n = await rejection(
      gw.chat.completions.create(
        { model: "gpt-4o-mini", messages, max_tokens: 100 },
        { extra_body: { n: 100 } },
      ),
    );
    expect(n).toBeInstanceOf(BudgetExceededError);
    expect(n.estimate).toBeGreaterThan(0.14);
    expect(sent("/v1/chat/completions")).toHaveLength(0);
    // Other extra fields pass, priced as the call would be without them.
    await gw.chat.completions.create(
      { model: "gpt-4o-mini", messages, max_tokens: 10 },
      { extra_body: { seed: 7 } },
    );
    expect(sent("/v1/chat/completions")).toHaveLength(1);
  });

  it("E2: a model in extra_body is a ValidationError before anything is sent, on any client", async () => {
    for (const options of [{ budget: { limit: 0.05 } }, {}]) {
      const { gw, sent } = await loopback(options);
      const error = await rejection(
        gw.chat.completions.create({ ...hello, max_tokens: 10 }, { extra_body: { model: "gpt-4o" } }),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toMatch(/extra_body\.model: sets the model of a billed call/);
      expect(sent("/v1/chat/completions")).toHaveLength(0);
    }
  });

  it("E13: a dashboard's HTML page (a wrong baseURL) bills nothing: the budget frees each reservation and names the baseURL every time", async () => {
    const undo = models.register("gpt-4o*", "coding-chat");
    try {
      const reasons: CostEvent[] = [];
      const { gw } = serving(
        () =>
          new Response("<!doctype html><html><head><title>New API</title></head><body></body></html>", {
            headers: { "content-type": "text/html; charset=utf-8" },
          }),
        { prices: "spec", budget: { limit: 0.05, currency: "CNY" }, onCost: (e) => reasons.push(e) },
      );
      for (let i = 0; i < 5; i++) {
        const error = await rejection(
          gw.chat.completions.create({ ...hello, model: "gpt-4o", max_tokens: 1000 }),
        );
        expect(error).toBeInstanceOf(MalformedResponseError);
        expect(error.message).toMatch(/HTML page \("New API"\), not the API/);
        expect(certainlyNotBilled(error)).toBe(true);
      }
      expect(gw.costs.unpriced).toBe(0);
      expect(reasons).toEqual([]);
    } finally {
      undo();
    }
  });

  it("E13: a request fetch refused to build (a header value it cannot encode) was never sent: not billed", () => {
    const refused = new APIConnectionError("Connection error", {
      cause: new TypeError(
        "Cannot convert argument to a ByteString because the character at index 19 has a value of 8203 which is greater than 255.",
      ),
    });
    expect(certainlyNotBilled(refused)).toBe(true);
    // A network failure after the request may have left is another TypeError: maybe billed.
    const lost = new APIConnectionError("Connection error", { cause: new TypeError("fetch failed") });
    expect(certainlyNotBilled(lost)).toBe(false);
  });
});

describe("gw.costs counts from the first call", () => {
  it("E4: a plain client's gw.costs counts the calls made before it was first read, priced by the gateway's prices", async () => {
    const { gw, mock } = await loopback();
    const video = { model: "vidA-2.5", prompt: "a boat", duration: 10 }; // 11 CNY on the mock
    await gw.videos.create(video);
    await gw.videos.create(video);
    // Read now: both counted, waiting for the prices that price them (none was read).
    expect(gw.costs.toJSON()).toMatchObject({ calls: 0, unpriced: 2, total: 0 });
    expect(gw.costs.reason).toMatch(/^2 calls: .*`await gw\.costs\.summary\(\)`/);
    expect(mock.requests.filter((r) => r.path.startsWith("/api/"))).toEqual([]);
    expect(await gw.costs.summary()).toMatchObject({
      total: 22,
      currency: "CNY",
      calls: 2,
      unpriced: 0,
      byModel: { "vidA-2.5": { total: 22, calls: 2 } },
    });
    await gw.videos.create(video);
    expect(gw.costs.toJSON()).toMatchObject({ total: 33, calls: 3, unpriced: 0 });
  });
});

describe("the balance keeps its currency", () => {
  /** The mock's billing routes (CNY, 730 left of 766.5), with /api/status answered by `status`. */
  async function balanceWith(status: { status?: number; body?: string; contentType?: string }) {
    const { gw, mock } = await loopback();
    mock.inject({ match: "/api/status", times: 1, ...status });
    return gw.account.balance();
  }

  it("E16: a failed /api/status read fails the balance, never relabels CNY as USD", async () => {
    await expect(balanceWith({ status: 500 })).rejects.toBeInstanceOf(InternalServerError);
    // A relay without the route answers in the billing routes' own unit.
    await expect(balanceWith({ status: 404 })).resolves.toMatchObject({ remaining: 730, currency: "USD" });
    // The status needs no quota_per_unit to say the unit.
    const noQuota = JSON.stringify({ success: true, data: { quota_display_type: "CNY" } });
    await expect(balanceWith({ body: noQuota })).resolves.toMatchObject({ remaining: 730, currency: "CNY" });
  });

  it("E16: a /api/status of another shape, or an expiry no Date can hold, is a MalformedResponseError (exported), not a private error", async () => {
    const refused = JSON.stringify({ success: false, message: "nope" });
    await expect(balanceWith({ body: refused })).rejects.toBeInstanceOf(MalformedResponseError);
    const odd = JSON.stringify({ success: true, data: { quota_display_type: "EUR" } });
    await expect(balanceWith({ body: odd })).rejects.toThrow(
      /quota_display_type "EUR" is none of USD, CNY, TOKENS, CUSTOM/,
    );
    const { gw, mock } = await loopback();
    mock.inject({
      match: "/v1/dashboard/billing/subscription",
      body: JSON.stringify({ hard_limit_usd: 766.5, access_until: 1e20 }),
    });
    await expect(gw.account.balance()).rejects.toThrow(
      /access_until: 100000000000000000000, not a number from 0 to/,
    );
  });
});
