/**
 * The one place that turns whatever the gateway answered into a typed error. Callers branch on the
 * class (what went wrong), never on the envelope (who relayed it): OpenAI/new-api `{error:{...}}`,
 * Anthropic `{type:'error',error}`, native `{error:{code,status}}`, vidgen `{code:int,message}`,
 * musicgen `{code:'...',message,data:null}`, bare system/service codes, stream error events,
 * HTML pages and empty bodies.
 *
 * Class precedence: a gateway/vidgen numeric code (it is the most specific), then a known upstream
 * type or string code, then the HTTP status. Decisions the status table below encodes:
 * 408 stays a plain retryable APIError (the server timed out waiting for *us*); 504 is an
 * UpstreamTimeoutError (the gateway's upstream timed out, the same meaning as 221301); 413 is a
 * BadRequestError like Anthropic's request_too_large; 529 is overloaded = ServiceUnavailableError;
 * 501 is not retryable (new-api's api_not_implemented will not appear by waiting).
 *
 * Some relay codes say the failure cannot heal, whatever the status: see {@link cannotHeal}.
 */

import { baseURLAdvice } from "../shared/base-url.js";
import { clip, redact } from "../shared/redact.js";
import { requestIdFrom } from "../shared/request-id.js";
import { parseRetryAfter } from "../shared/retry-after.js";
import { type APIErrorClass, type CodeInfo, isGatewayCode, lookupCode, matchVariant } from "./codes.js";
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  UnprocessableEntityError,
  UpstreamTimeoutError,
} from "./errors.js";
import { claudeRefusal, RELAY_REFUSALS } from "./relay-refusals.js";

/** What `decodeError` reads: an answer's status, its parsed body, its headers. */
export interface DecodeErrorInput {
  /** HTTP status. A 2xx status (an error inside a 200 body or stream) is not reported as the error's status. */
  status?: number | undefined;
  body: unknown;
  headers?: Headers | undefined;
  /** Wins over anything found in headers or body. */
  requestId?: string | undefined;
  /**
   * The gateway URL the answer came from (the transport's requests, not result downloads): a 404
   * that shows no gateway route there (see `unrouted` in this file) names it and says what baseURL should be.
   */
  gatewayURL?: string | undefined;
}

/** Upstream error types and string codes that say more than the HTTP status does. */
const HINTS = new Map<string, APIErrorClass>([
  // Anthropic error types.
  ["authentication_error", AuthenticationError],
  ["permission_error", PermissionDeniedError],
  ["not_found_error", NotFoundError],
  ["rate_limit_error", RateLimitError],
  ["request_too_large", BadRequestError],
  ["overloaded_error", ServiceUnavailableError],
  ["api_error", InternalServerError],
  // OpenAI, new-api and musicgen codes. An exhausted quota or balance is a permission problem that
  // waiting cannot fix, even though OpenAI sends it as 429 (new-api itself uses 403).
  ["server_error", InternalServerError],
  ["invalid_api_key", AuthenticationError],
  ["insufficient_quota", PermissionDeniedError],
  ["insufficient_user_quota", PermissionDeniedError],
  ["rate_limit_exceeded", RateLimitError],
  ["task_not_exist", NotFoundError],
  // google.rpc status names (native format).
  ["INVALID_ARGUMENT", BadRequestError],
  ["FAILED_PRECONDITION", BadRequestError],
  ["OUT_OF_RANGE", BadRequestError],
  ["UNAUTHENTICATED", AuthenticationError],
  ["PERMISSION_DENIED", PermissionDeniedError],
  ["NOT_FOUND", NotFoundError],
  ["ALREADY_EXISTS", ConflictError],
  ["ABORTED", ConflictError],
  ["RESOURCE_EXHAUSTED", RateLimitError],
  ["INTERNAL", InternalServerError],
  ["UNAVAILABLE", ServiceUnavailableError],
  ["DEADLINE_EXCEEDED", UpstreamTimeoutError],
]);

const RETRYABLE = new Set<APIErrorClass>([
  RateLimitError,
  InternalServerError,
  ServiceUnavailableError,
  UpstreamTimeoutError,
  ConflictError,
]);

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  529: "Overloaded",
};

const MESSAGE_MAX = 1000;
const TEXT_MAX = 500;

function statusClass(status: number): APIErrorClass | undefined {
  if (status === 400 || status === 413) return BadRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 422) return UnprocessableEntityError;
  if (status === 429) return RateLimitError;
  if (status === 503 || status === 529) return ServiceUnavailableError;
  if (status === 504) return UpstreamTimeoutError;
  return status >= 500 ? InternalServerError : undefined;
}

/**
 * The relays' own error types: new-api's (middleware/utils.go abortWithOpenAiMessage, controller/
 * relay.go RelayNotImplemented) and one-api's (middleware/utils.go abortWithMessage).
 */
const RELAY_TYPES = new Set(["new_api_error", "one_api_error"]);

/**
 * "No channel serves this model", as new-api words it in each of its languages (i18n/locales/*.yaml
 * `distributor.no_available_channel` and `distributor.get_channel_failed`) and as one-api words it
 * ("当前分组 %s 下对于模型 %s 无可用渠道", sent without a code).
 */
const NO_CHANNEL =
  /no available channel for model|failed to get available channel for model|无可用渠道|可用渠道失败|無可用管道|可用管道失敗/i;

/**
 * The relay refusal an envelope states (see relay-refusals.ts), only in the envelopes func Relay
 * writes, `{error: {...}}`: the task relay's flat `{code, message}` names its own codes (an
 * `invalid_request` there is the HTTP status's to class). The OpenAI envelope says it by its code.
 * The Claude envelope (/v1/messages) has none (relaykit/types/error.go ToClaudeError): its type is
 * the code of an error new-api raised in the OpenAI shape, or `new_api_error` for one it raised
 * itself, whose words then tell a refusal from a failure an upstream caused.
 */
function relayRefusal(code: number | string | undefined, f: Fields, body: unknown): string | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  if (typeof code === "string") return RELAY_REFUSALS.has(code) ? code : undefined;
  if (code !== undefined || !f.type) return undefined;
  if (RELAY_REFUSALS.has(f.type)) return f.type;
  return RELAY_TYPES.has(f.type) && f.message ? claudeRefusal(f.message) : undefined;
}

/**
 * Codes that no retry can fix, thrown at once whatever the status says:
 * - `model_not_found`: no channel serves the model in the key's group (new-api answers 503,
 *   middleware/distributor.go, Distribute); a channel does not come back in a second. A model
 *   fallback still takes it (core/http/fallback.ts);
 * - `task_failed`: the upstream refused the task in a 200 (relay/channel/task/kling/adaptor.go, TaskAdaptor.DoResponse);
 * - `fail_to_fetch_task` with a 4xx: the upstream refused the submission with that status
 *   (relay/relay_task.go, RelayTaskSubmit). new-api has already retried a 429 over its channels
 *   (controller/relay.go shouldRetryTaskRelay) and rewrites its message (respondTaskError),
 *   so whether Kling meant a rate limit (1302, 1303) or an account in arrears (1100-1102, 1304,
 *   also 429) cannot be told; waiting does not fix arrears.
 */
function cannotHeal(code: number | string | undefined, status: number | undefined): boolean {
  if (code === "model_not_found" || code === "task_failed") return true;
  return code === "fail_to_fetch_task" && status !== undefined && status >= 400 && status < 500;
}

const statusRetryable = (s: number) => s === 408 || s === 409 || s === 429 || (s >= 500 && s !== 501);

/** What an envelope says, whatever its shape. */
interface Fields {
  message?: string | undefined;
  code?: unknown;
  type?: string | undefined;
  param?: string | undefined;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function read(body: unknown): Fields {
  if (typeof body === "number") return { code: body };
  if (typeof body === "string") return readText(body);
  // Gemini's non-SSE stream is a JSON array; an error arrives as its first element.
  if (Array.isArray(body)) return isRecord(body[0]) ? read(body[0]) : {};
  if (!isRecord(body)) return {};
  const e = body.error;
  if (isRecord(e)) {
    // OpenAI/new-api, Anthropic, native (its `status` string is the type) and stream events wrapping one.
    return { message: str(e.message), code: e.code, type: str(e.type) ?? str(e.status), param: str(e.param) };
  }
  // Flat: vidgen, musicgen, bare {code,msg}, the Responses stream event {type:'error',code,message}.
  return {
    message: str(body.message) ?? str(body.msg) ?? str(e) ?? str(body.detail),
    code: body.code,
    type: body.type === "error" ? undefined : str(body.type),
    param: str(body.param),
  };
}

function readText(raw: string): Fields {
  const text = raw.trim();
  if (/^\d{5,6}$/.test(text)) return { code: Number(text) }; // a bare code sent as text
  if (!text) return {};
  // HTML error pages (proxies, CDNs): the <title> says it best, else the text without tags. Only the
  // head is scanned: we keep 500 characters, and the tag regexes must stay fast on hostile input.
  // Keys go first: collapsing whitespace could bring half a key cut at 4000 into the message.
  const head = redact(text).slice(0, 4000);
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(head)?.[1]?.trim();
  const flat = title || (/<\/?[a-z!][^>]*>/i.test(head) ? head.replace(/<[^>]*>/g, " ") : head);
  return { message: truncate(flat.replace(/\s+/g, " ").trim(), TEXT_MAX) };
}

/** A text body that is really JSON (wrong content-type, SSE data line) is decoded as JSON. */
function parseLoose(body: unknown): unknown {
  if (typeof body !== "string" || body.length > 1_000_000) return body;
  const text = body.trim();
  if (text[0] !== "{" && text[0] !== "[") return body;
  try {
    return JSON.parse(text);
  } catch {
    return body;
  }
}

/** Numeric strings become numbers (so `err.code === 10012` works); success markers and blanks vanish. */
function normalizeCode(raw: unknown): number | string | undefined {
  if (typeof raw === "number") return Number.isFinite(raw) && raw !== 0 && raw !== 200 ? raw : undefined;
  if (typeof raw !== "string") return undefined;
  const text = raw.trim();
  if (/^-?\d{1,9}$/.test(text)) return normalizeCode(Number(text));
  return text && !SUCCESS.test(text) ? text : undefined;
}

const SUCCESS = /^(?:success|succeed(?:ed)?|ok|0|200)$/i;

const truncate = (s: string, max: number) => clip(s, max, "…");

function compose(
  status: number | undefined,
  f: Fields,
  code: number | string | undefined,
  meaning: string | undefined,
  empty: boolean,
): string {
  const server = f.message?.trim() ? truncate(f.message.trim(), MESSAGE_MAX) : undefined;
  const fallback = empty ? "(no body)" : "(unrecognized error body)";
  const main =
    server ??
    meaning ??
    f.type ??
    (typeof code === "string" ? code : undefined) ??
    (status ? `${REASONS[status] ?? "Error"} ${fallback}` : `Unknown error ${fallback}`);
  let suffix = "";
  if (code !== undefined && code !== status) {
    const explain =
      // The code's meaning only when the message does not already say it (relays append
      // "(request id: ...)" to the gateway's own words, so compare by inclusion).
      meaning && !main.toLowerCase().includes(meaning.toLowerCase()) ? `: ${meaning}` : "";
    if (explain || !main.includes(String(code))) suffix = ` (code ${code}${explain})`;
  }
  return `${status ? `${status} ` : ""}${main}${suffix}`;
}

/** Turns any error answer into the matching APIError subclass. Never throws, whatever the input. */
export function decodeError(input: DecodeErrorInput): APIError {
  try {
    return decode(input);
  } catch {
    const status = validStatus(input?.status);
    return new APIError(`${status ? `${status} ` : ""}Request failed (the error body could not be read)`, {
      status,
      retryable: status !== undefined && statusRetryable(status),
    });
  }
}

const validStatus = (s: unknown) =>
  typeof s === "number" && Number.isInteger(s) && s >= 100 && s <= 599 ? s : undefined;

function decode(input: DecodeErrorInput): APIError {
  const body = parseLoose(input.body);
  const headers = input.headers;
  const f = read(body);
  // one-api says "no channel" in Chinese and without a code; it means what new-api's code says.
  let code =
    normalizeCode(f.code) ??
    (f.type && RELAY_TYPES.has(f.type) && f.message && NO_CHANNEL.test(f.message)
      ? "model_not_found"
      : undefined);
  const http = validStatus(input.status);
  // An error inside a 2xx body or stream has no error status of its own unless the body gives one
  // (the native format's error.code is the HTTP status).
  const bodyStatus = typeof code === "number" && code >= 400 && code <= 599 ? code : undefined;
  const status = http !== undefined && (http < 200 || http >= 300) ? http : bodyStatus;

  const refusal = relayRefusal(code, f, body);
  if (refusal !== undefined) code = refusal;
  const known: CodeInfo | undefined = typeof code === "number" ? lookupCode(code) : undefined;
  const variant = known ? matchVariant(code as number, f.message) : undefined;
  const meaning = known && (variant ? `${known.meaning}: ${variant.meaning}` : known.meaning);
  const hint =
    (typeof code === "string" ? HINTS.get(code) : undefined) ?? (f.type ? HINTS.get(f.type) : undefined);
  // invalid_request_error covers 400, 404 and more on OpenAI routes; only without a status is it a 400.
  const weak = status === undefined && f.type === "invalid_request_error" ? BadRequestError : undefined;
  const Class =
    (refusal === undefined ? undefined : BadRequestError) ??
    known?.error ??
    hint ??
    weak ??
    (status !== undefined ? statusClass(status) : undefined) ??
    APIError;
  const retryable =
    refusal !== undefined || cannotHeal(code, status)
      ? false
      : known
        ? known.retryable
        : hint || status === undefined
          ? RETRYABLE.has(Class)
          : statusRetryable(status);

  const empty = body === undefined || body === null || (typeof body === "string" && !body.trim());
  let message = compose(status, f, code, meaning, empty);
  if (http === 404 && input.gatewayURL && unrouted(f, code))
    message += `. ${baseURLAdvice(input.gatewayURL)}`;
  return new Class(message, {
    status,
    code,
    type: f.type,
    param: f.param,
    requestId: str(input.requestId) ?? requestIdFrom(headers, body),
    retryAfterMs: parseRetryAfter(headers),
    retryable,
    body,
    headers,
  });
}

/**
 * Whether a 404 says "no such route here" (a wrong baseURL) rather than naming a missing model or
 * task: new-api's answer to an unrouted path ("Invalid URL (POST /v1/v1/chat/completions)", type
 * invalid_request_error, empty code: controller/relay.go RelayNotFound, router/web-router.go
 * NoRoute), or a body that is no gateway envelope at all (an HTML page, plain text, an empty body,
 * `{"detail":"Not Found"}`). An envelope with a code or a specific type (`model_not_found`,
 * `task_not_exist`, `NOT_FOUND`, `not_found_error`, vidgen 1203) came from the gateway itself:
 * baseURL reached it, and the answer names what is missing.
 */
function unrouted(f: Fields, code: number | string | undefined): boolean {
  if (f.message?.startsWith("Invalid URL (")) return true;
  return code === undefined && (f.type === undefined || f.type === "invalid_request_error");
}

/**
 * The error a 2xx body really is, or undefined for ordinary data. The transport calls this on
 * every 2xx JSON body, so the success path is a few property reads and no allocation.
 */
export function errorFromBody(body: unknown, status?: number, headers?: Headers): APIError | undefined {
  return isErrorEnvelope(body) ? decodeError({ status, body, headers }) : undefined;
}

/**
 * Whether a body is an error envelope rather than data. A resource that merely carries an `error`
 * field (a failed Responses object, a failed video task) or a failed task status is data: the
 * request itself worked, and the task layer reports the failure.
 */
function isErrorEnvelope(body: unknown): boolean {
  try {
    if (typeof body === "number") return isGatewayCode(body);
    if (typeof body !== "object" || body === null) return false;
    const b = body as Record<string, unknown>;
    if (b.type === "error") return true;
    const e = b.error;
    if (typeof e === "object" && e !== null) return !("id" in b || "object" in b || "task_id" in b);
    const c = b.code;
    if (c === undefined || c === null) return false;
    const said = typeof b.message === "string" || typeof b.msg === "string";
    if (typeof c === "number") return c !== 0 && c !== 200 && (said || isGatewayCode(c));
    return typeof c === "string" && said && c !== "" && !SUCCESS.test(c);
  } catch {
    return false; // a hostile getter is not an envelope
  }
}
