import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { describeCode, matchVariant } from "../../src/core/errors/codes.js";
import { decodeError, errorFromBody } from "../../src/core/errors/decode-error.js";
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
} from "../../src/core/errors/errors.js";
import { registerSecret } from "../../src/core/shared/redact.js";
import { requestIdFrom } from "../../src/core/shared/request-id.js";
import { parseRetryAfter } from "../../src/core/shared/retry-after.js";

// Bodies copied verbatim from ../shared/upstream/ (file named in each test) so the suite stands alone.
const openaiError = {
  error: {
    message:
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    type: "invalid_request_error",
    param: "max_tokens",
    code: "unsupported_parameter",
  },
};
const anthropic400 = { type: "error", error: { type: "invalid_request_error", message: "Bad request" } };
const anthropicOverloaded = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
const geminiError = {
  error: {
    code: 404,
    details: [
      { "@type": "type.googleapis.com/google.rpc.DebugInfo", detail: "[ORIGINAL ERROR] generic::not_found" },
    ],
    message:
      "models/custom-gemini-2.0-flash is not found for API version v1beta, or is not supported for generateContent.",
    status: "NOT_FOUND",
  },
};
const responsesErrorEvent =
  '{"type":"error","sequence_number":2,"error":{"type":"insufficient_quota","code":"insufficient_quota","message":"You exceeded your current quota, please check your plan and billing details.","param":null}}';

const h = (init: Record<string, string>) => new Headers(init);

describe("decodeError: upstream fixtures", () => {
  it("OpenAI error (openai-error.json)", () => {
    const err = decodeError({ status: 400, body: openaiError, headers: h({ "x-request-id": "req_abc" }) });
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err).toMatchObject({
      status: 400,
      code: "unsupported_parameter",
      type: "invalid_request_error",
      param: "max_tokens",
      requestId: "req_abc",
      retryable: false,
    });
    expect(err.message).toBe(`400 ${openaiError.error.message} (code unsupported_parameter)`);
    expect(err.body).toEqual(openaiError);
  });

  it("Anthropic 400 and 529 (anthropic-error.json)", () => {
    const bad = decodeError({ status: 400, body: anthropic400, headers: h({ "request-id": "req_011" }) });
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad).toMatchObject({ type: "invalid_request_error", requestId: "req_011", retryable: false });
    expect(bad.message).toBe("400 Bad request");
    const busy = decodeError({ status: 529, body: anthropicOverloaded });
    expect(busy).toBeInstanceOf(ServiceUnavailableError);
    expect(busy).toMatchObject({ status: 529, type: "overloaded_error", retryable: true });
  });

  it.each([
    ["invalid_request_error", 400, BadRequestError, false],
    ["authentication_error", 401, AuthenticationError, false],
    ["permission_error", 403, PermissionDeniedError, false],
    ["not_found_error", 404, NotFoundError, false],
    ["request_too_large", 413, BadRequestError, false],
    ["rate_limit_error", 429, RateLimitError, true],
    ["api_error", 500, InternalServerError, true],
    ["overloaded_error", 529, ServiceUnavailableError, true],
  ] as const)("Anthropic %s (%i) -> class, with and without the status", (type, status, Class, retryable) => {
    const body = { type: "error", error: { type, message: "m" } };
    for (const s of [status, undefined, 200]) {
      const err = decodeError({ status: s, body });
      expect(err).toBeInstanceOf(Class);
      expect(err.retryable).toBe(retryable);
    }
  });

  it("Anthropic error event inside a 200 stream (anthropic-error-event.txt)", () => {
    const data = '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}';
    const err = decodeError({ status: 200, body: data });
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err).toMatchObject({
      status: undefined,
      type: "overloaded_error",
      retryable: true,
      message: "Overloaded",
    });
    expect(errorFromBody(JSON.parse(data), 200)).toBeInstanceOf(ServiceUnavailableError);
  });

  it("native error (gemini-error.json), also in a 200 stream and in a JSON-array stream", () => {
    for (const [status, body] of [
      [404, geminiError],
      [200, geminiError],
      [undefined, [geminiError]],
    ] as const) {
      const err = decodeError({ status, body });
      expect(err).toBeInstanceOf(NotFoundError);
      expect(err).toMatchObject({ status: 404, code: 404, type: "NOT_FOUND", retryable: false });
      expect(err.message).toBe(`404 ${geminiError.error.message}`);
    }
  });

  it("Responses stream error event (responses-stream-error.txt): quota is a permission problem", () => {
    const err = decodeError({ status: 200, body: responsesErrorEvent });
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err).toMatchObject({ status: undefined, code: "insufficient_quota", type: "insufficient_quota" });
    expect(err.retryable).toBe(false);
    expect(err.param).toBeUndefined();
  });

  it("flat OpenAI stream error events {type:'error', code, message, param}", () => {
    const rate = decodeError({
      body: { type: "error", code: "rate_limit_exceeded", message: "Slow down", param: null },
    });
    expect(rate).toBeInstanceOf(RateLimitError);
    expect(rate).toMatchObject({ code: "rate_limit_exceeded", type: undefined, retryable: true });
    const server = errorFromBody({ type: "error", code: "server_error", message: "boom" });
    expect(server).toBeInstanceOf(InternalServerError);
    expect(server?.retryable).toBe(true);
  });

  describe("new-api (newapi-errors.json)", () => {
    it("401 invalid token: request id from the message suffix", () => {
      const body = {
        error: {
          message: "Invalid token (request id: 2025010100000012345678abcdefgh)",
          type: "new_api_error",
          code: "",
        },
      };
      const err = decodeError({ status: 401, body });
      expect(err).toBeInstanceOf(AuthenticationError);
      expect(err).toMatchObject({
        code: undefined,
        type: "new_api_error",
        requestId: "2025010100000012345678abcdefgh",
        retryable: false,
      });
      expect(err.message).toBe("401 Invalid token (request id: 2025010100000012345678abcdefgh)");
    });

    it("503 model_not_found (no channel) is not retryable: a channel does not come back in a second", () => {
      const body = {
        error: {
          message:
            "No available channel for model xxx under group default (distributor) (request id: 20250101abc)",
          type: "new_api_error",
          code: "model_not_found",
        },
      };
      const err = decodeError({ status: 503, body });
      expect(err).toBeInstanceOf(ServiceUnavailableError);
      expect(err).toMatchObject({ code: "model_not_found", requestId: "20250101abc", retryable: false });
    });

    it("501 api_not_implemented is not retryable", () => {
      const body = {
        error: {
          message: "API not implemented",
          type: "new_api_error",
          param: "",
          code: "api_not_implemented",
        },
      };
      const err = decodeError({ status: 501, body });
      expect(err).toBeInstanceOf(InternalServerError);
      expect(err).toMatchObject({ code: "api_not_implemented", param: undefined, retryable: false });
    });

    it("404 invalid URL: the status beats the generic invalid_request_error", () => {
      const body = {
        error: { message: "Invalid URL (GET /v1/foo)", type: "invalid_request_error", param: "", code: "" },
      };
      expect(decodeError({ status: 404, body })).toBeInstanceOf(NotFoundError);
    });

    it("one-api 401 and the Claude-format relay error", () => {
      const one = decodeError({
        status: 401,
        body: { error: { message: "bad (request id: X1)", type: "one_api_error" } },
      });
      expect(one).toBeInstanceOf(AuthenticationError);
      expect(one.requestId).toBe("X1");
      const claude = {
        type: "error",
        error: { type: "new_api_error", message: "无效的令牌 (request id: Z9)" },
      };
      const err = decodeError({ status: 401, body: claude });
      expect(err).toBeInstanceOf(AuthenticationError);
      expect(err).toMatchObject({ type: "new_api_error", requestId: "Z9" });
    });
  });

  describe("musicgen task errors (suno-error.json)", () => {
    it("task_not_exist -> NotFoundError even at HTTP 400", () => {
      const err = decodeError({
        status: 400,
        body: { code: "task_not_exist", message: "task_not_exist", data: null },
      });
      expect(err).toBeInstanceOf(NotFoundError);
      expect(err).toMatchObject({ code: "task_not_exist", retryable: false, message: "400 task_not_exist" });
    });

    it("invalid_request -> BadRequestError; internal_error at 500 -> retryable", () => {
      const bad = decodeError({
        status: 400,
        body: { code: "invalid_request", message: "invalid action", data: null },
      });
      expect(bad).toBeInstanceOf(BadRequestError);
      expect(bad.message).toBe("400 invalid action (code invalid_request)");
      const internal = decodeError({
        status: 500,
        body: { code: "internal_error", message: "db down", data: null },
      });
      expect(internal).toBeInstanceOf(InternalServerError);
      expect(internal.retryable).toBe(true);
    });

    it("a 200 musicgen envelope with a failure code is an error", () => {
      const err = errorFromBody({ code: "task_not_exist", message: "task_not_exist", data: null }, 200);
      expect(err).toBeInstanceOf(NotFoundError);
      expect(err?.status).toBeUndefined();
    });
  });

  describe("vidgen envelopes (kling-*.json and the Kling code table)", () => {
    it("rate limit 1303 with request_id from the body", () => {
      const body = {
        code: 1303,
        message: "parallel task over resource pack limit",
        request_id: "Cji7cGctxFMA",
        data: null,
      };
      const err = decodeError({ status: 429, body });
      expect(err).toBeInstanceOf(RateLimitError);
      expect(err).toMatchObject({ code: 1303, requestId: "Cji7cGctxFMA", retryable: true });
      expect(err.message).toBe(
        "429 parallel task over resource pack limit (code 1303: Concurrency or QPS over the resource package limit)",
      );
    });

    it.each([
      [1000, AuthenticationError, false],
      [1102, PermissionDeniedError, false],
      [1103, PermissionDeniedError, false],
      [1201, BadRequestError, false],
      [1203, NotFoundError, false],
      [1301, BadRequestError, false],
      [1302, RateLimitError, true],
      [1304, PermissionDeniedError, false],
      [5000, InternalServerError, true],
      [5001, ServiceUnavailableError, true],
      [5002, UpstreamTimeoutError, true],
    ] as const)("code %i in a 200 body", (code, Class, retryable) => {
      const err = errorFromBody({ code, message: "x", request_id: "r1" }, 200);
      expect(err).toBeInstanceOf(Class);
      expect(err).toMatchObject({ code, requestId: "r1", retryable, status: undefined });
    });

    it("success envelopes, including a failed task, are not errors", () => {
      const ok = {
        code: 0,
        message: "SUCCEED",
        request_id: "r",
        data: { task_id: "1", task_status: "submitted" },
      };
      const failedTask = {
        code: 0,
        message: "SUCCEED",
        request_id: "00000000-0000-0000-0000-000000000000",
        data: { task_id: "822953089408827433", task_status: "failed", task_status_msg: "<reason>" },
      };
      const queryAsString = {
        code: "0",
        message: "string",
        request_id: "string",
        data: { task_status: "succeed" },
      };
      for (const body of [ok, failedTask, queryAsString]) expect(errorFromBody(body, 200)).toBeUndefined();
    });
  });
});

const SYSTEM: ReadonlyArray<readonly [number, new (...a: never[]) => APIError, boolean, string]> = [
  [10001, AuthenticationError, false, "Wrong request key"],
  [10002, PermissionDeniedError, false, "Key has no request permission"],
  [10003, AuthenticationError, false, "Key expired"],
  [10004, AuthenticationError, false, "Wrong OPENID"],
  [10005, AuthenticationError, false, "Application not reviewed in time, submit authentication"],
  [10007, AuthenticationError, false, "Unknown request source"],
  [10008, PermissionDeniedError, false, "Banned IP"],
  [10009, AuthenticationError, false, "Banned key"],
  [10011, RateLimitError, true, "Current IP exceeded request limit"],
  [10012, RateLimitError, true, "Request count limit exceeded"],
  [10013, RateLimitError, true, "Test key exceeded request limit"],
  [10014, InternalServerError, true, "Internal system error"],
  [10020, ServiceUnavailableError, true, "Interface under maintenance"],
  [10021, ServiceUnavailableError, false, "Interface disabled"],
];

describe("system codes", () => {
  it.each(SYSTEM)("%i -> class, retryable and meaning", (code, Class, retryable, meaning) => {
    for (const body of [
      { code, msg: "denied" },
      { code, message: "denied" },
      code,
      String(code),
      { code: String(code), message: "x" },
    ]) {
      const err = decodeError({ body });
      expect(err).toBeInstanceOf(Class);
      expect(err.code).toBe(code);
      expect(err.retryable).toBe(retryable);
      expect(err.message).toContain(meaning);
    }
    // The gateway code decides, whatever HTTP status carried it.
    expect(decodeError({ status: 500, body: { code, msg: "x" } })).toBeInstanceOf(Class);
    expect(decodeError({ status: 500, body: { code, msg: "x" } }).retryable).toBe(retryable);
    expect(errorFromBody({ code, msg: "x" }, 200)).toBeInstanceOf(Class);
    expect(errorFromBody(code, 200)).toBeInstanceOf(Class);
    const described = describeCode(code);
    expect(described).toMatchObject({ code, level: "system" });
    expect(described.meaning).toContain(meaning);
  });

  it("formats the message with status, server text, code and meaning", () => {
    const err = decodeError({ status: 429, body: { code: 10012, message: "Rate limit exceeded" } });
    expect(err.message).toBe("429 Rate limit exceeded (code 10012: Request count limit exceeded)");
    expect(decodeError({ body: 10011 }).message).toBe("Current IP exceeded request limit (code 10011)");
    expect(decodeError({ body: { code: 10012, message: "Request count limit exceeded" } }).message).toBe(
      "Request count limit exceeded (code 10012)",
    );
  });

  it("codes inside an OpenAI-style envelope are honoured too", () => {
    const err = decodeError({
      status: 400,
      body: { error: { message: "key expired", type: "x", code: "10003" } },
    });
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err.code).toBe(10003);
  });

  it("an unlisted system code falls back to the HTTP status", () => {
    const err = decodeError({ status: 429, body: { code: 10006, msg: "?" } });
    expect(err).toBeInstanceOf(RateLimitError);
    expect(describeCode(10006)).toMatchObject({ level: "system" });
  });
});

describe("service codes", () => {
  it("221301 data source timeout", () => {
    const err = decodeError({ body: { code: 221301, message: "timeout" } });
    expect(err).toBeInstanceOf(UpstreamTimeoutError);
    expect(err).toMatchObject({ code: 221301, retryable: true });
    expect(err.message).toBe("timeout (code 221301: Data source timeout)");
    expect(describeCode(221301)).toEqual({
      code: 221301,
      level: "service",
      module: "213",
      specific: "01",
      meaning: "Data source timeout",
    });
  });

  it.each([
    ["Authentication failed, please retry later", "retry_later"],
    ["认证失败，请稍后重试", "retry_later"],
    ["Card restricted after 3 consecutive failures today, it recovers the next day", "card_restricted"],
    ["当日连续多次认证失败，卡已被限制，次日恢复", "card_restricted"],
    ["Authentication failed", undefined],
  ])("221303 %s -> %s", (message, variant) => {
    const err = decodeError({ status: 200, body: { code: 221303, message } });
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err.retryable).toBe(false);
    expect(matchVariant(221303, message)?.id).toBe(variant);
    expect(describeCode(221303, message).variant?.id).toBe(variant);
    if (variant)
      expect(err.message).toContain(`Authentication failed: ${matchVariant(221303, message)?.meaning}`);
  });

  it.each([
    ["Name format is wrong", "name", "Name format wrong"],
    ["姓名格式错误", "name", "Name format wrong"],
    ["Phone number format wrong", "phone", "Phone number format wrong"],
    ["手机号格式错误", "phone", "Phone number format wrong"],
    ["ID number format wrong", "id_number", "ID number format wrong"],
    ["身份证号格式错误", "id_number", "ID number format wrong"],
    ["Bank card number format wrong", "bank_card", "Bank card number format wrong"],
    ["银行卡号格式错误", "bank_card", "Bank card number format wrong"],
    [
      "Requests for the same bank card are too frequent",
      "too_frequent",
      "Requests for the same bank card too frequent",
    ],
    ["同一银行卡请求过于频繁", "too_frequent", "Requests for the same bank card too frequent"],
    ["参数错误", undefined, undefined],
  ])("221306 %s -> %s", (message, variant, meaning) => {
    const err = decodeError({ status: 400, body: { code: 221306, message } });
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err).toMatchObject({ code: 221306, retryable: false });
    expect(matchVariant(221306, message)?.id).toBe(variant);
    expect(err.message).toBe(`400 ${message} (code 221306: Parameter error${meaning ? `: ${meaning}` : ""})`);
  });

  it("describes any number by its digit structure", () => {
    expect(describeCode(200201)).toMatchObject({ level: "service", module: "002", specific: "01" });
    expect(describeCode(123456)).toMatchObject({ level: "system", module: "234", specific: "56" });
    expect(describeCode(221306)).toMatchObject({
      level: "service",
      module: "213",
      specific: "06",
      meaning: "Parameter error",
    });
    expect(describeCode(1301)).toMatchObject({ level: "vidgen", meaning: "Content safety policy triggered" });
    for (const n of [42, 404, 999999, -10001, Number.NaN, 1.5]) expect(describeCode(n).level).toBe("unknown");
    expect(matchVariant(10001, "name")).toBeUndefined();
  });
});

describe("HTTP status fallback", () => {
  it.each([
    [400, BadRequestError, false],
    [401, AuthenticationError, false],
    [403, PermissionDeniedError, false],
    [404, NotFoundError, false],
    [408, APIError, true],
    [409, ConflictError, true],
    [413, BadRequestError, false],
    [418, APIError, false],
    [422, UnprocessableEntityError, false],
    [429, RateLimitError, true],
    [500, InternalServerError, true],
    [501, InternalServerError, false],
    [502, InternalServerError, true],
    [503, ServiceUnavailableError, true],
    [504, UpstreamTimeoutError, true],
    [529, ServiceUnavailableError, true],
  ] as const)("%i", (status, Class, retryable) => {
    const err = decodeError({ status, body: "" });
    expect(err).toBeInstanceOf(Class);
    if (Class === APIError) expect(err.constructor).toBe(APIError);
    expect(err).toMatchObject({ status, retryable });
  });

  it("says what it got when there is no usable body", () => {
    expect(decodeError({ status: 502, body: "" }).message).toBe("502 Bad Gateway (no body)");
    expect(decodeError({ status: 502, body: { foo: 1 } }).message).toBe(
      "502 Bad Gateway (unrecognized error body)",
    );
    expect(decodeError({ body: undefined }).message).toBe("Unknown error (no body)");
  });

  it("reads text and HTML bodies, truncated", () => {
    const html = "<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1><hr>nginx</body></html>";
    expect(decodeError({ status: 502, body: html }).message).toBe("502 502 Bad Gateway");
    const untitled = decodeError({
      status: 500,
      body: "<html><body><p>Upstream   exploded</p></body></html>",
    });
    expect(untitled.message).toBe("500 Upstream exploded");
    const long = decodeError({ status: 500, body: "x".repeat(5_000_000) });
    expect(long.message.length).toBeLessThanOrEqual(505);
    expect(decodeError({ status: 500, body: "upstream connect error" }).message).toBe(
      "500 upstream connect error",
    );
  });

  it("carries retry-after and headers", () => {
    const headers = h({ "retry-after": "3" });
    const err = decodeError({ status: 429, body: { error: { message: "slow", type: "requests" } }, headers });
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfterMs).toBe(3000);
    expect(err.headers).toBe(headers);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  it.each([
    [{ "retry-after": "2" }, 2000],
    [{ "retry-after": "1.5" }, 1500],
    [{ "retry-after": " 0 " }, 0],
    [{ "retry-after-ms": "250" }, 250],
    [{ "retry-after-ms": "12.2" }, 13],
    [{ "retry-after-ms": "250", "retry-after": "9" }, 250],
    [{ "retry-after-ms": "soon", "retry-after": "9" }, 9000],
    [{ "retry-after": "Wed, 01 Jan 2025 00:00:30 GMT" }, 30_000],
    [{ "retry-after": "Tue, 31 Dec 2024 23:59:00 GMT" }, undefined],
    [{ "retry-after": "-1" }, undefined],
    [{ "retry-after-ms": "-5" }, undefined],
    [{ "retry-after": "soon" }, undefined],
    [{ "retry-after": "12abc" }, undefined],
    [{ "retry-after": "1e3" }, undefined],
    [{ "retry-after": "" }, undefined],
    [{}, undefined],
  ])("%j -> %s", (init, expected) => {
    expect(parseRetryAfter(h(init as Record<string, string>), now)).toBe(expected);
  });

  it("tolerates missing or non-Headers input", () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter({} as Headers)).toBeUndefined();
  });
});

describe("requestIdFrom", () => {
  it.each(["x-oneapi-request-id", "x-request-id", "request-id", "x-requestid", "x-amzn-requestid"])(
    "header %s",
    (name) => {
      expect(requestIdFrom(h({ [name]: "id-1" }))).toBe("id-1");
    },
  );

  it("prefers the gateway's own id, ignores cf-ray, then looks in the body", () => {
    expect(requestIdFrom(h({ "x-request-id": "upstream", "x-oneapi-request-id": "gateway" }))).toBe(
      "gateway",
    );
    expect(requestIdFrom(h({ "cf-ray": "8f1a2b3c4d-SJC" }))).toBeUndefined();
    expect(requestIdFrom(h({ "cf-ray": "x" }), { request_id: "vid-1", message: "m (request id: no)" })).toBe(
      "vid-1",
    );
    expect(requestIdFrom(undefined, { code: "x", message: "oops (request id: M1)" })).toBe("M1");
    expect(
      requestIdFrom(undefined, { error: { message: "a (request id: inner) (request id: outer)" } }),
    ).toBe("outer");
    expect(requestIdFrom(undefined, "plain text (request id: T-1.2_3)")).toBe("T-1.2_3");
    expect(requestIdFrom(undefined, { error: { message: "<msg> (request id: ...)" } })).toBeUndefined();
    expect(requestIdFrom(undefined, null)).toBeUndefined();
  });

  it("an explicit requestId wins in decodeError", () => {
    const err = decodeError({
      status: 500,
      body: { request_id: "b" },
      headers: h({ "x-request-id": "h" }),
      requestId: "given",
    });
    expect(err.requestId).toBe("given");
  });
});

describe("the key never leaks", () => {
  const key = "sk-test-SECRET-123456";
  const bearer = "sk-other-TOKEN-999";
  registerSecret(key);

  it.each([
    [
      "OpenAI",
      {
        error: {
          message: `Incorrect API key provided: ${key}. Sent Authorization: Bearer ${bearer}`,
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      },
    ],
    [
      "Anthropic",
      {
        type: "error",
        error: { type: "authentication_error", message: `bad x-api-key ${key}; Bearer ${bearer}` },
      },
    ],
    ["text", `<html><title>denied ${key} Bearer ${bearer}</title></html>`],
    ["vidgen", { code: 1002, message: `Authorization Bearer ${bearer} invalid for ${key}`, request_id: "r" }],
  ])("%s body", (_name, body) => {
    const err = decodeError({ status: 401, body, headers: h({ authorization: `Bearer ${key}` }) });
    expect(err).toBeInstanceOf(AuthenticationError);
    for (const text of [
      err.message,
      JSON.stringify(err),
      inspect(err),
      inspect(err, { depth: 10, showHidden: true }),
      String(err.stack),
    ]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(bearer);
    }
    expect(JSON.stringify(err)).toContain("[REDACTED]");
  });
});

describe("never throws", () => {
  const cyclic: Record<string, unknown> = { message: "loop" };
  cyclic.error = cyclic;
  const hostile = new Proxy(
    {},
    {
      get() {
        throw new Error("boom");
      },
      ownKeys() {
        throw new Error("boom");
      },
    },
  );
  const bodies: unknown[] = [
    null,
    undefined,
    [],
    [1, 2],
    [[{ error: "deep" }]],
    0,
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    Symbol("s"),
    () => 1,
    10n,
    cyclic,
    hostile,
    Object.create(null),
    { error: "just a string" },
    { error: { message: { nested: true }, code: { weird: 1 }, type: 42 } },
    { type: "constructor", error: { type: "toString", message: "x" } },
    { code: "__proto__", message: "x" },
    "{not json",
    "[1,2",
    "   ",
    `<${"a".repeat(100_000)}`,
    "<a".repeat(50_000),
    "9".repeat(400),
  ];

  it.each(bodies.map((body, i) => [i, body]))("body #%i", (_i, body) => {
    for (const status of [undefined, 200, 418, 500, -1, 1.5, Number.NaN]) {
      const err = decodeError({ status, body, headers: status === 500 ? ({} as Headers) : undefined });
      expect(err).toBeInstanceOf(APIError);
      expect(typeof err.message).toBe("string");
      expect(err.message.length).toBeLessThan(1100);
      expect(() => errorFromBody(body, status)).not.toThrow();
    }
  });

  it("bad input objects", () => {
    expect(decodeError(null as never)).toBeInstanceOf(APIError);
    expect(decodeError({ body: { code: 1 }, status: "x" as never })).toBeInstanceOf(APIError);
    expect(decodeError({ body: cyclic }).body).toMatchObject({ message: "loop", error: "[Circular]" });
  });
});

describe("errorFromBody", () => {
  it.each([
    ["chat completion", { id: "chatcmpl-1", object: "chat.completion", choices: [], usage: {} }],
    ["vidgen success", { code: 0, message: "SUCCEED", request_id: "r", data: {} }],
    ["musicgen submit", { code: "success", message: "", data: "task-id" }],
    [
      "musicgen failed task",
      { code: "success", message: "", data: { task_id: "t", status: "FAILURE", fail_reason: "x" } },
    ],
    ["v2 video failed task", { task_id: "t", status: "FAILURE", fail_reason: "policy", progress: "100%" }],
    [
      "failed Responses object",
      { id: "resp_1", object: "response", status: "failed", error: { code: "x", message: "y" } },
    ],
    ["flat video with error null", { task_id: "abcd", status: "succeeded", error: null }],
    ["flat video with error", { task_id: "abcd", status: "failed", error: { message: "bad" } }],
    ["code 200 ok", { code: 200, msg: "ok", data: [] }],
    ["SUCCESS upper", { code: "SUCCESS", message: "" }],
    ["code without a message", { code: "ABC123", name: "voucher" }],
    ["small number", 42],
    ["array", [{ error: { message: "x" } }]],
    ["string", "hello"],
    ["null", null],
    ["Gemini response", { candidates: [], usageMetadata: {}, modelVersion: "m" }],
  ])("%s -> undefined", (_name, body) => {
    expect(errorFromBody(body, 200)).toBeUndefined();
  });

  it.each([
    ["OpenAI", openaiError, BadRequestError],
    ["Anthropic", anthropicOverloaded, ServiceUnavailableError],
    ["native", geminiError, NotFoundError],
    ["vidgen", { code: 1201, message: "bad param", request_id: "r" }, BadRequestError],
    ["musicgen", { code: "invalid_request", message: "invalid_action", data: null }, APIError],
    ["bare system code", { code: 10011, msg: "slow down" }, RateLimitError],
    ["bare number", 10020, ServiceUnavailableError],
    ["numeric string code", { code: "10012", message: "x" }, RateLimitError],
    ["service code only", { code: 221306 }, BadRequestError],
  ])("%s -> error", (_name, body, Class) => {
    const err = errorFromBody(body, 200, h({ "x-request-id": "rid" }));
    expect(err).toBeInstanceOf(Class);
    expect(err?.requestId).toBe("rid");
  });
});

describe("messages say each thing once", () => {
  it("a relay's message that already names the code's meaning gets only the code", () => {
    const body = {
      error: { message: "Wrong request key (request id: r-1)", type: "new_api_error", code: 10001 },
    };
    expect(decodeError({ status: 401, body }).message).toBe(
      "401 Wrong request key (request id: r-1) (code 10001)",
    );
  });

  it("a message in other words still gets the meaning", () => {
    const body = { error: { message: "token invalid", code: 10001 } };
    expect(decodeError({ status: 401, body }).message).toBe(
      "401 token invalid (code 10001: Wrong request key)",
    );
  });
});
