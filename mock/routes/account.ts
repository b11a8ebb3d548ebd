/**
 * The relay's own routes beside the API (new-api, krismileji/new-api 116255f07): GET /api/status
 * and GET /api/pricing, public (router/api-router.go; /api/pricing's HeaderNavModuleAuth lets
 * anyone in unless the admin asks for a login or turns the page off, middleware/header_nav.go);
 * and, with the API key, GET /v1/models (router/relay-router.go, controller/model.go: ListModels)
 * and the OpenAI-style billing routes GET /v1/dashboard/billing/subscription and /usage, also
 * without the /v1 (router/dashboard.go, controller/billing.go).
 */
import type { MockContext, Route } from "../context.js";
import { json } from "../http.js";
import { GROUP_RATIO, PRICING, QUOTA_PER_UNIT, USD_EXCHANGE_RATE } from "../prices.js";

/** Paths answered without a key, as the relay's /api routes are. */
export const PUBLIC_API = /^\/api\/(status|pricing)$/;

/** The account of the mock's key, in quota (500,000 per USD): 100 USD left, 5 USD used. */
const ACCOUNT = { quota: 50_000_000, usedQuota: 2_500_000, expiresAt: 0, unlimited: false };

/** Quota in the display currency, CNY (controller/billing.go: quota / QuotaPerUnit * USDExchangeRate). */
const shown = (quota: number) => (quota / QUOTA_PER_UNIT) * USD_EXCHANGE_RATE;

/** controller/misc.go: GetStatus, the fields that say how quota is shown (and a few of the rest). */
function status(): Response {
  return json({
    success: true,
    message: "",
    data: {
      version: "v0.0.0-mock",
      system_name: "genway mock gateway",
      start_time: 1_760_000_000,
      quota_per_unit: QUOTA_PER_UNIT,
      display_in_currency: true,
      quota_display_type: "CNY",
      custom_currency_symbol: "¤",
      custom_currency_exchange_rate: 1,
      usd_exchange_rate: USD_EXCHANGE_RATE,
      price: 7.3,
      enable_task: true,
      enable_drawing: true,
      self_use_mode_enabled: false,
      setup: true,
    },
  });
}

/** controller/pricing.go: GetPricing, as an anonymous caller sees it (the API key is no dashboard login). */
function pricing(context: MockContext): Response {
  const mode = context.state.options.pricing ?? "public";
  if (mode === "off") return json({ success: false, message: "pricing is disabled" }, 403);
  if (mode === "login") {
    // middleware/auth.go: an sk- key is no dashboard token (writeDashboardAuthError, ErrAuthTokenInvalid).
    return json(
      { success: false, code: "AUTH_UNAUTHORIZED", message: "Unauthorized, invalid access token" },
      401,
    );
  }
  const endpoints: Record<string, { path: string; method: string }> = {
    openai: { path: "/v1/chat/completions", method: "POST" },
    anthropic: { path: "/v1/messages", method: "POST" },
    gemini: { path: "/v1beta/models/{model}:generateContent", method: "POST" },
    "image-generation": { path: "/v1/images/generations", method: "POST" },
  };
  return json({
    success: true,
    data: PRICING,
    vendors: [],
    group_ratio: GROUP_RATIO,
    usable_group: Object.fromEntries(Object.keys(GROUP_RATIO).map((g) => [g, `${g} group`])),
    supported_endpoint: endpoints,
    auto_groups: [],
    pricing_version: "a42d372ccf0b5dd13ecf71203521f9d2",
  });
}

/** controller/model.go: ListModels (the OpenAI shape; relaykit/dto/pricing.go: OpenAIModels). */
function models(): Response {
  return json({
    success: true,
    object: "list",
    data: PRICING.map((entry) => ({
      id: entry.model_name,
      object: "model",
      created: 1_626_777_600,
      owned_by: entry.owner_by,
      supported_endpoint_types: entry.supported_endpoint_types,
    })),
  });
}

/** The key's account as the options set it. */
function account(context: MockContext) {
  return { ...ACCOUNT, ...context.state.options.account };
}

/** controller/billing.go: GetSubscription (controller/channel-billing.go: OpenAISubscriptionResponse). */
function subscription(context: MockContext): Response {
  const { quota, usedQuota, expiresAt, unlimited } = account(context);
  // An unlimited key reports 100,000,000 whatever the display currency.
  const amount = unlimited ? 100_000_000 : shown(quota + usedQuota);
  return json({
    object: "billing_subscription",
    has_payment_method: true,
    soft_limit_usd: amount,
    hard_limit_usd: amount,
    system_hard_limit_usd: amount,
    // A key that never expires stores -1; the route reports it as 0 (controller/billing.go).
    access_until: Math.max(expiresAt, 0),
  });
}

/** controller/billing.go: GetUsage: what was used, in hundredths of the display unit. */
function usage(context: MockContext): Response {
  return json({ object: "list", total_usage: shown(account(context).usedQuota) * 100 });
}

export const accountRoutes: Route[] = [
  { method: "GET", pattern: /^\/api\/status$/, handle: status },
  {
    method: "GET",
    pattern: /^\/api\/pricing$/,
    handle: (context) =>
      context.state.options.pricing === "none"
        ? context.fail({
            status: 404,
            message: `Invalid URL (GET ${context.path})`,
            type: "invalid_request_error",
          })
        : pricing(context),
  },
  { method: "GET", pattern: /^\/v1\/models$/, handle: models },
  { method: "GET", pattern: /^(\/v1)?\/dashboard\/billing\/subscription$/, handle: subscription },
  { method: "GET", pattern: /^(\/v1)?\/dashboard\/billing\/usage$/, handle: usage },
];
