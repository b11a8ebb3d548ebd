/**
 * The gateway's account routes: gw.models, the models the gateway serves to this key (GET
 * /v1/models, new-api controller/model.go: ListModels), and gw.account, the key's balance, from the OpenAI-style billing routes new-api keeps
 * (controller/billing.go): GET /v1/dashboard/billing/subscription gives the whole allowance
 * (`hard_limit_usd`: used + left, or 100,000,000 for an unlimited key; `access_until`: the key's
 * expiry, 0 for never) and GET /v1/dashboard/billing/usage what was used (`total_usage`, in
 * hundredths). Despite the `_usd` names, both are in the relay's display unit (USD, CNY, or quota
 * for TOKENS), which GET /api/status names (controller/misc.go: quota_display_type).
 */
import { APIError, MalformedResponseError } from "../../core/errors/index.js";
import type { ClientContext, Currency, PagePromise, RequestOptions } from "../../core/http/index.js";
import { isHtmlPage, pageOf } from "../../core/http/index.js";
import type { Balance, Model } from "./results.js";

/** What an unlimited key reports as its allowance, whatever the display unit (controller/billing.go). */
const UNLIMITED = 100_000_000;

const round = (x: number) => Math.round(x * 1e8) / 1e8;

/** The most an amount of the billing routes is believed to be (quota, the largest unit, included). */
const MOST = 1e15;

/** The latest `access_until` a Date can hold (seconds): beyond it, no expiry can be told. */
const LATEST = 8.64e12;

/** A number of a billing route's answer, checked: finite, from 0 to `most`; else a MalformedResponseError naming it. */
function amount(body: unknown, field: string, route: string, most = MOST): number {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== "number" || !(value >= 0 && value <= most)) {
    throw new MalformedResponseError(
      `GET ${route} answered ${field}: ${typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : String(value)}, not a number from 0 to ${most}.`,
      { body },
    );
  }
  return value;
}

/**
 * Whether a failed read of /api/status says the relay has no such route (a 404, or its dashboard's
 * page): its billing routes are then in their own unit, USD. Any other failure (a 5xx, a timeout)
 * fails the balance: a balance never changes currency because a read failed.
 */
function noStatusRoute(error: unknown): boolean {
  return isHtmlPage(error) || (error instanceof APIError && error.status === 404);
}

/** `gw.account`: what the key may still spend. */
export class Account {
  constructor(private readonly client: ClientContext) {}

  /**
   * The key's balance in the gateway's display unit: `{ total, used, remaining, currency,
   * expiresAt }` (`total` and `remaining` null for a key without a limit). Three GETs at once.
   */
  async balance(options?: RequestOptions): Promise<Balance> {
    const get = (path: string) =>
      this.client.transport.json<unknown>({ method: "GET", path, policy: "idempotent" }, options);
    const [subscription, usage, currency] = await Promise.all([
      get("/v1/dashboard/billing/subscription"),
      get("/v1/dashboard/billing/usage"),
      // A relay without /api/status is read in the routes' own unit, USD.
      get("/api/status").then(
        async (body): Promise<Currency> => {
          // The relay's status is read by the pricing code: loaded here, when a balance is asked for.
          const { balanceCurrency } = await import("../../money/gateway.js");
          return balanceCurrency(body);
        },
        (error: unknown): Currency => {
          if (noStatusRoute(error)) return "USD";
          throw error;
        },
      ),
    ]);
    const route = "/v1/dashboard/billing/subscription";
    const limit = amount(subscription, "hard_limit_usd", route);
    const used = round(amount(usage, "total_usage", "/v1/dashboard/billing/usage") / 100);
    const unlimited = limit === UNLIMITED;
    const until = (subscription as { access_until?: unknown }).access_until;
    return {
      total: unlimited ? null : limit,
      used,
      remaining: unlimited ? null : round(limit - used),
      currency,
      expiresAt:
        until === undefined || until === null
          ? null
          : expiry(amount(subscription, "access_until", route, LATEST)),
    };
  }
}

/** The key's expiry from `access_until` (unix seconds; 0: never). */
function expiry(seconds: number): Date | null {
  return seconds > 0 ? new Date(seconds * 1000) : null;
}

/** The `data` list of `{ success: true, data: [...], object: "list" }` (new-api) or `{ object: "list", data }` (OpenAI). */
function modelsOf(body: unknown): Model[] {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) {
    throw new MalformedResponseError("GET /v1/models answered without a `data` list of models.", { body });
  }
  return data.filter((m): m is Model => typeof (m as Model | undefined)?.id === "string");
}

/** `gw.models`: the model list of the gateway. */
export class Models {
  constructor(private readonly client: ClientContext) {}

  /**
   * GET /v1/models: the models this key may use. Await it for the page (`.data`), or iterate it:
   * `for await (const model of gw.models.list())`. Prices are `gw.prices` (docs/models.md).
   */
  list(options?: RequestOptions): PagePromise<Model> {
    return pageOf(
      this.client.transport.json({ method: "GET", path: "/v1/models", policy: "idempotent" }, options),
      modelsOf,
    );
  }
}
