/**
 * What the relay in front of the gateway (new-api, QuantumNous/new-api @116255f07) answers around
 * the routes: its dashboard page on a path it does not route, its 503 for a model no channel
 * serves, and its request id beside the upstream's. Each follows the relay's source, cited below.
 */
import type { MockState } from "./state.js";

/** new-api's own request id, set on every answer (common/constants.go RequestIdKey, middleware/request-id.go). */
const REQUEST_ID_HEADER = "x-oneapi-request-id";

/**
 * The dashboard's index page, as new-api serves it for a path it does not route (web/index.html,
 * built: the bundle under /assets).
 */
const DASHBOARD = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/png" href="/logo.png" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="google" content="notranslate" />
    <title>New API</title>
    <meta name="title" content="New API" />
    <meta name="description" content="Unified AI API gateway and admin dashboard." />
    <meta name="theme-color" content="#fff" />
    <script type="module" crossorigin src="/assets/index-mock.js"></script>
  </head>
  <body>
    <div id="root" translate="no" class="notranslate"></div>
  </body>
</html>
`;

/**
 * The answer to a request no route serves (router/web-router.go, SetWebRouter's NoRoute): under /v1, /api and
 * /assets the 404 of controller/relay.go RelayNotFound (no request id in its message), elsewhere
 * the dashboard with 200 text/html, unless `unroutedPaths: "not-found"` asks for the 404 everywhere.
 */
export function unrouted(method: string, path: string, state: MockState): Response {
  if (state.options.unroutedPaths !== "not-found" && !/^\/(?:v1|api|assets)/.test(path)) {
    return new Response(DASHBOARD, {
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    });
  }
  const error = {
    message: `Invalid URL (${method} ${path})`,
    type: "invalid_request_error",
    param: "",
    code: "",
  };
  return Response.json({ error }, { status: 404 });
}

/** The model a request names, where new-api's distributor looks for it (middleware/distributor.go getModelRequest). */
function modelOf(path: string, body: unknown): string | undefined {
  const native = /^\/v1beta\/models\/([^/:]+)/.exec(path)?.[1];
  if (native) return decodeURIComponent(native);
  const field = (name: string) =>
    typeof FormData !== "undefined" && body instanceof FormData
      ? body.get(name)
      : typeof body === "object" && body !== null
        ? (body as Record<string, unknown>)[name]
        : undefined;
  // The Kling routes name it model_name (middleware/kling_adapter.go reads both).
  const model = field("model") ?? field("model_name");
  return typeof model === "string" && model !== "" ? model : undefined;
}

/** "No available channel" in the language new-api picks from Accept-Language (middleware/i18n.go, i18n/locales). */
function noChannelMessage(model: string, group: string, acceptLanguage: string | null): string {
  const lang = (acceptLanguage ?? "").split(",")[0]!.trim().toLowerCase();
  if (lang.startsWith("zh-tw")) return `分組 ${group} 下模型 ${model} 無可用管道（distributor）`;
  if (lang.startsWith("zh")) return `分组 ${group} 下模型 ${model} 无可用渠道（distributor）`;
  return `No available channel for model ${model} under group ${group} (distributor)`;
}

/**
 * new-api's 503 for a model no channel serves, before any route runs (middleware/distributor.go
 * Distribute, abortWithOpenAiMessage: the OpenAI shape on every route, /v1/messages and the task routes
 * included), or undefined when the model is served. Only requests that name a model are checked.
 */
export function noChannel(
  request: Request,
  path: string,
  body: unknown,
  state: MockState,
  requestId: string,
) {
  const { noChannel: refused } = state.options;
  if (!refused || request.method !== "POST") return undefined;
  const model = modelOf(path, body);
  if (model === undefined || !(typeof refused === "function" ? refused(model) : refused.includes(model))) {
    return undefined;
  }
  const message = noChannelMessage(model, "default", request.headers.get("accept-language"));
  const error = {
    message: `${message} (request id: ${requestId})`,
    type: "new_api_error",
    code: "model_not_found",
  };
  return Response.json({ error }, { status: 503 });
}

/**
 * Stamps an answer with the relay's request id and, on a non-stream 2xx relayed from an upstream
 * (the /v1 routes), the upstream's own id too: new-api copies the upstream's headers
 * onto such answers but keeps its own X-Oneapi-Request-Id (service/http.go, ShouldCopyUpstreamHeader), so the two
 * differ, and only the relay's can be looked up by its operator. Streams and the relay's own
 * answers (errors, task routes) carry the relay's id alone.
 */
export function stampIds(response: Response, path: string, state: MockState, requestId: string): Response {
  response.headers.set(REQUEST_ID_HEADER, requestId);
  const relayed =
    state.options.upstreamRequestIds !== false &&
    response.ok &&
    path.startsWith("/v1/") &&
    !/event-stream/.test(response.headers.get("content-type") ?? "");
  // The Anthropic API names it request-id; OpenAI's is x-request-id.
  if (relayed) {
    const upstream = `req_upstream${requestId.slice(requestId.lastIndexOf("-") + 1)}`;
    response.headers.set(path.startsWith("/v1/messages") ? "request-id" : "x-request-id", upstream);
  }
  return response;
}

/** new-api's sensitive words as it ships them: the check on by default, one word (setting/sensitive.go). */
const SENSITIVE_WORDS: readonly string[] = ["test_sensitive"];

/** The largest token limit new-api takes (relay/helper/valid_request.go maxTokensLimit: MaxInt32 / 2). */
const MAX_TOKENS_LIMIT = 1_073_741_823;

/** The routes new-api serves with controller/relay.go func Relay (its own checks run there first). */
const RELAYED = /^\/v1\/(?:chat\/completions|messages|responses|images\/|audio\/)|^\/v1beta\/models\//;

type Body = Record<string, unknown>;

/**
 * Each format's token limits as new-api reads them (valid_request.go GetAndValidate*Request): the
 * request struct they decode into (its fields are `*uint`, relaykit/dto), and how new-api words a
 * limit past MAX_TOKENS_LIMIT. Native requests decode through a custom UnmarshalJSON (dto/gemini.go),
 * whose words differ: only their limit is refused here.
 */
const TOKEN_LIMITS: ReadonlyArray<{
  route: RegExp;
  struct?: string;
  fields: (body: Body) => Body;
  invalid: string;
}> = [
  {
    route: /^\/v1\/chat\/completions$/,
    struct: "GeneralOpenAIRequest",
    fields: (b) => ({ max_tokens: b.max_tokens, max_completion_tokens: b.max_completion_tokens }),
    invalid: "max_tokens is invalid",
  },
  {
    route: /^\/v1\/messages$/,
    struct: "ClaudeRequest",
    fields: (b) => ({ max_tokens: b.max_tokens, max_tokens_to_sample: b.max_tokens_to_sample }),
    invalid: "max_tokens is invalid",
  },
  {
    route: /^\/v1\/responses$/,
    struct: "OpenAIResponsesRequest",
    fields: (b) => ({ max_output_tokens: b.max_output_tokens }),
    invalid: "max_output_tokens is invalid",
  },
  {
    route: /^\/v1beta\/models\//,
    fields: (b) => ({ maxOutputTokens: (b.generationConfig as Body | undefined)?.maxOutputTokens }),
    invalid: "maxOutputTokens is invalid",
  },
];

/**
 * What Go's encoding/json says of `value` decoded into a `*uint` field (decode.go UnmarshalTypeError:
 * "json: cannot unmarshal number -1 into Go struct field ClaudeRequest.max_tokens of type uint"), or
 * undefined when it decodes (absent, null, or a whole number that fits).
 */
function notUint(struct: string, field: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 2 ** 64) return undefined;
  const what =
    typeof value === "number"
      ? `number ${JSON.stringify(value)}`
      : typeof value === "boolean"
        ? "bool"
        : Array.isArray(value)
          ? "array"
          : typeof value;
  return `json: cannot unmarshal ${what} into Go struct field ${struct}.${field} of type uint`;
}

/** new-api's `invalid_request` words for a request's token limits, or undefined when they pass. */
function tokenLimitRefusal(path: string, body: Body): string | undefined {
  for (const { route, struct, fields, invalid } of TOKEN_LIMITS) {
    if (!route.test(path)) continue;
    const limits = Object.entries(fields(body));
    // The body is decoded first: a value the field's type cannot hold fails the decode.
    for (const [field, value] of struct ? limits : []) {
      const problem = notUint(struct!, field, value);
      if (problem) return problem;
    }
    if (limits.some(([, n]) => typeof n === "number" && n > MAX_TOKENS_LIMIT)) return invalid;
  }
  return undefined;
}

/**
 * new-api's own refusals, made before any channel is tried (controller/relay.go func Relay): a
 * request it finds invalid (`invalid_request`: a token limit its request struct cannot decode, or
 * one past MAX_TOKENS_LIMIT) and a prompt holding a sensitive word (`sensitive_words_detected`; the
 * words are `sensitiveWords`, new-api's "test_sensitive" by default, [] for none), both HTTP 500
 * (relaykit/types/error.go NewError), in the route's envelope as the deferred writer of func Relay
 * renders it: the OpenAI error with the code, or on /v1/messages the Claude error, which has no code
 * (`ToClaudeError`: type `new_api_error` and the cause's words only). Undefined when the request passes.
 */
export function relayRefusal(
  request: Request,
  path: string,
  body: unknown,
  state: MockState,
  requestId: string,
): Response | undefined {
  if (request.method !== "POST" || !RELAYED.test(path) || typeof body !== "object" || body === null) {
    return undefined;
  }
  const fields = body as Body;
  const invalid = tokenLimitRefusal(path, fields);
  if (invalid) return refused(path, "invalid_request", invalid, requestId);
  const words = state.options.sensitiveWords ?? SENSITIVE_WORDS;
  // The prompt's text (the request's meta.CombineText), not the model's name; matched lower-cased.
  const text = JSON.stringify({ ...fields, model: undefined }).toLowerCase();
  if (words.some((word) => word !== "" && text.includes(word.toLowerCase()))) {
    // A NewAPIError without a cause: its message is its code (relaykit/types/error.go Error()).
    return refused(path, "sensitive_words_detected", "sensitive_words_detected", requestId);
  }
  return undefined;
}

/** One of new-api's own errors, with its request id appended (common.MessageWithRequestId), HTTP 500. */
function refused(path: string, code: string, message: string, requestId: string): Response {
  const text = `${message} (request id: ${requestId})`;
  if (path.startsWith("/v1/messages")) {
    return Response.json({ error: { type: "new_api_error", message: text }, type: "error" }, { status: 500 });
  }
  return Response.json({ error: { message: text, type: "new_api_error", param: "", code } }, { status: 500 });
}
