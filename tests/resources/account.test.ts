/**
 * gw.models.list() and gw.account.balance(): on the mock, and against bodies as new-api sends them
 * (krismileji/new-api 116255f07: controller/model.go ListModels with relaykit/dto/pricing.go
 * OpenAIModels; controller/billing.go GetSubscription and GetUsage with
 * controller/channel-billing.go OpenAISubscriptionResponse and OpenAIUsageResponse).
 */
import { describe, expect, it } from "vitest";
import { AuthenticationError, GenwayError, type Model, Page } from "../../src/index.js";
import { loopback, rejection, serving } from "../support/index.js";

/** A relay answering the billing routes and /api/status with these bodies (null: a 404). */
function billing(bodies: { subscription: unknown; usage: unknown; status: unknown }) {
  return serving((url) => {
    const path = new URL(url).pathname;
    const body =
      path === "/v1/dashboard/billing/subscription"
        ? bodies.subscription
        : path === "/v1/dashboard/billing/usage"
          ? bodies.usage
          : path === "/api/status"
            ? bodies.status
            : null;
    return body === null
      ? Response.json(
          { error: { message: `Invalid URL (GET ${path})`, type: "invalid_request_error" } },
          { status: 404 },
        )
      : Response.json(body);
  });
}

const subscription = (amount: number, accessUntil = 0) => ({
  object: "billing_subscription",
  has_payment_method: true,
  soft_limit_usd: amount,
  hard_limit_usd: amount,
  system_hard_limit_usd: amount,
  access_until: accessUntil,
});
const status = (type: string) => ({
  success: true,
  message: "",
  data: { quota_per_unit: 500_000, quota_display_type: type, usd_exchange_rate: 7.3 },
});

describe("gw.models.list()", () => {
  it("lists the gateway's models as a page that is awaited or iterated, as openai-node's is", async () => {
    const { gw, sent } = await loopback();
    const page = await gw.models.list();
    expect(page).toBeInstanceOf(Page);
    expect(page.object).toBe("list");
    expect(page.data.find((m) => m.id === "gpt-4o-mini")).toEqual({
      id: "gpt-4o-mini",
      object: "model",
      created: 1_626_777_600,
      owned_by: "openai",
      supported_endpoint_types: ["openai"],
    });
    expect(page.hasNextPage()).toBe(false);
    await expect(page.getNextPage()).rejects.toThrow(GenwayError);

    const ids: string[] = [];
    for await (const model of gw.models.list()) ids.push(model.id);
    expect(ids).toEqual(page.data.map((m) => m.id));
    expect(ids).toEqual(expect.arrayContaining(["veo3", "claude-sonnet-4-5", "suno_music"]));
    // With the key, as a Bearer token; and no price load: listing is not asking for money.
    expect(sent("/v1/models")[0]!.headers.authorization).toMatch(/^Bearer /);
    expect(sent("/api/pricing")).toHaveLength(0);
  });

  it("reads new-api's body (success, object, data) and drops entries without an id; a wrong key is an AuthenticationError", async () => {
    const relay = serving(() =>
      Response.json({
        success: true,
        object: "list",
        data: [
          {
            id: "custom-model",
            object: "model",
            created: 1626777600,
            owned_by: "custom",
            supported_endpoint_types: null,
          },
          { object: "model" },
        ],
      }),
    ).gw;
    const page = await relay.models.list();
    expect(page.data.map((m: Model) => m.id)).toEqual(["custom-model"]);
    expect(await rejection(serving(() => Response.json({ data: "nope" })).gw.models.list())).toMatchObject({
      name: "MalformedResponseError",
    });

    const { gw } = await loopback({ apiKey: "sk-wrong" });
    expect(await rejection(gw.models.list())).toBeInstanceOf(AuthenticationError);
  });
});

describe("gw.account.balance()", () => {
  it("on the mock: total, used and remaining in the gateway's display unit, and no expiry", async () => {
    const { gw } = await loopback();
    // The mock's key: 100 USD left and 5 used, shown in CNY at 7.3.
    expect(await gw.account.balance()).toEqual({
      total: 766.5,
      used: 36.5,
      remaining: 730,
      currency: "CNY",
      expiresAt: null,
    });
    const { gw: expiring } = await loopback(
      {},
      { account: { quota: 1_000_000, usedQuota: 0, expiresAt: 1_900_000_000 } },
    );
    expect(await expiring.account.balance()).toEqual({
      total: 14.6,
      used: 0,
      remaining: 14.6,
      currency: "CNY",
      expiresAt: new Date(1_900_000_000_000),
    });
    const { gw: unlimited } = await loopback({}, { account: { unlimited: true } });
    expect(await unlimited.account.balance()).toMatchObject({ total: null, remaining: null, used: 36.5 });
  });

  it("reads new-api's bodies: `_usd` fields in the display unit, usage in hundredths, TOKENS as quota, no /api/status as USD", async () => {
    const usd = billing({
      subscription: subscription(25, 1_800_000_000),
      usage: { object: "list", total_usage: 512.5 },
      status: status("USD"),
    });
    expect(await usd.gw.account.balance()).toEqual({
      total: 25,
      used: 5.125,
      remaining: 19.875,
      currency: "USD",
      expiresAt: new Date(1_800_000_000_000),
    });
    const tokens = billing({
      subscription: subscription(12_500_000),
      usage: { object: "list", total_usage: 250_000_000 },
      status: status("TOKENS"),
    });
    expect(await tokens.gw.account.balance()).toMatchObject({
      total: 12_500_000,
      used: 2_500_000,
      currency: "quota",
    });
    const oneApi = billing({
      subscription: subscription(10),
      usage: { object: "list", total_usage: 100 },
      status: null,
    });
    expect(await oneApi.gw.account.balance()).toMatchObject({
      total: 10,
      used: 1,
      remaining: 9,
      currency: "USD",
    });
  });

  it("an error the relay answers with a 200 is its typed error; a body without the amounts is malformed", async () => {
    const failing = billing({
      subscription: { error: { message: "record not found", type: "upstream_error" } },
      usage: { object: "list", total_usage: 0 },
      status: status("USD"),
    });
    const error = await rejection(failing.gw.account.balance());
    expect(error).toBeInstanceOf(GenwayError);
    expect(error.message).toMatch(/record not found/);
    const empty = billing({
      subscription: { object: "billing_subscription" },
      usage: { total_usage: 0 },
      status: status("USD"),
    });
    expect(await rejection(empty.gw.account.balance())).toMatchObject({
      name: "MalformedResponseError",
      message: expect.stringMatching(/hard_limit_usd/),
    });
  });
});
