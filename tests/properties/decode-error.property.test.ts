/**
 * Properties of the one error decoder: whatever the gateway (or a proxy in front of it) answers, the
 * caller gets an APIError of the class the code table, the upstream type or the HTTP status says,
 * and the decoder itself never throws.
 */
import { inspect } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lookupCode, SERVICE_CODES, SYSTEM_CODES, VIDGEN_CODES } from "../../src/core/errors/codes.js";
import { decodeError, errorFromBody } from "../../src/core/errors/decode-error.js";
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  isGenwayError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  UnprocessableEntityError,
  UpstreamTimeoutError,
} from "../../src/core/errors/errors.js";
import { unicodeText } from "./support.js";

const RUNS = { numRuns: 500 };

const KNOWN_CODES = [SYSTEM_CODES, SERVICE_CODES, VIDGEN_CODES].flatMap((table) =>
  Object.keys(table).map(Number),
);

/** HTTP statuses an error can travel with, plus the 2xx of an error inside a 200 body or stream. */
const errorStatus = fc.oneof(
  fc.constantFrom(400, 401, 403, 404, 408, 409, 413, 422, 429, 500, 501, 502, 503, 504, 529),
  fc.integer({ min: 400, max: 599 }),
);
const anyStatus = fc.option(fc.oneof(errorStatus, fc.constant(200)), { nil: undefined });
const message = fc.oneof(
  unicodeText(60),
  fc.constantFrom("retry later", "card restricted", "银行卡 频繁", "phone number", "Rate limit", ""),
);

/** A known code spelled as each envelope spells it. */
function envelopes(code: number, msg: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.record({
      error: fc.record({
        message: fc.constant(msg),
        type: fc.constantFrom("new_api_error", "invalid_request_error", "server_error", "upstream_error"),
        param: fc.constantFrom("", "model", null),
        code: fc.constantFrom(code, String(code)),
      }),
    }),
    fc.constant({ type: "error", error: { type: "api_error", message: msg, code } }),
    fc.constant({ code, message: msg, request_id: "req-v", data: null }), // vidgen
    fc.constant({ code: String(code), message: msg, data: null }), // musicgen
    fc.constant({ code, msg }), // bare system envelope
    fc.constant({ type: "error", code, message: msg, sequence_number: 3 }), // Responses stream event
    fc.constant([{ error: { code, message: msg, status: "UNKNOWN" } }]), // Gemini array stream
    fc.constant(code), // a bare code
    // A bare code sent as text: only the gateway's 5-6 digit codes are read that way.
    ...(code >= 10_000 ? [fc.constant(String(code))] : []),
    fc.constant(JSON.stringify({ error: { message: msg, code } })), // JSON sent as text/plain
  );
}

/** The status table of DESIGN.md ("Errors"), for bodies that carry no code or type we know. */
function classForStatus(status: number): typeof APIError {
  if (status === 400 || status === 413) return BadRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 422) return UnprocessableEntityError;
  if (status === 429) return RateLimitError;
  if (status === 503 || status === 529) return ServiceUnavailableError;
  if (status === 504) return UpstreamTimeoutError;
  if (status >= 500) return InternalServerError;
  return APIError;
}

/** Upstream error types with a documented meaning (Anthropic types, google.rpc status names). */
const TYPED: Array<[string, typeof APIError]> = [
  ["authentication_error", AuthenticationError],
  ["permission_error", PermissionDeniedError],
  ["not_found_error", NotFoundError],
  ["rate_limit_error", RateLimitError],
  ["overloaded_error", ServiceUnavailableError],
  ["api_error", InternalServerError],
  ["UNAUTHENTICATED", AuthenticationError],
  ["PERMISSION_DENIED", PermissionDeniedError],
  ["NOT_FOUND", NotFoundError],
  ["RESOURCE_EXHAUSTED", RateLimitError],
  ["UNAVAILABLE", ServiceUnavailableError],
  ["INVALID_ARGUMENT", BadRequestError],
  ["DEADLINE_EXCEEDED", UpstreamTimeoutError],
  ["INTERNAL", InternalServerError],
];
const TYPED_NAMES = new Set(TYPED.map(([name]) => name));

/** Checks every face of an error a caller or a logger may touch. */
function exercise(error: APIError): void {
  expect(error).toBeInstanceOf(APIError);
  expect(isGenwayError(error)).toBe(true);
  expect(typeof error.message).toBe("string");
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.message.length).toBeLessThan(2000);
  if (error.status !== undefined) {
    expect(Number.isInteger(error.status)).toBe(true);
    expect(error.status >= 100 && error.status <= 599).toBe(true);
    expect(error.status >= 200 && error.status < 300).toBe(false);
  }
  expect(typeof error.retryable).toBe("boolean");
  expect(typeof String(error)).toBe("string");
  expect(typeof inspect(error, { depth: 8 })).toBe("string");
}

describe("decodeError never throws", () => {
  const hostile = fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
    maxDepth: 4,
  });

  it("on any value, status, headers and request id", () => {
    const headers = fc
      .dictionary(
        fc.constantFrom("retry-after", "retry-after-ms", "x-request-id", "request-id", "content-type"),
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.integer().map(String),
          fc.date().map((d) => d.toUTCString()),
        ),
      )
      .map((entries) => {
        try {
          return new Headers(entries);
        } catch {
          return new Headers();
        }
      });
    fc.assert(
      fc.property(
        hostile,
        fc.oneof(anyStatus, fc.anything() as fc.Arbitrary<number | undefined>),
        fc.option(headers, { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (body, status, h, requestId) => {
          exercise(decodeError({ body, status, headers: h, requestId }));
          const found = errorFromBody(body, status, h);
          if (found !== undefined) exercise(found);
        },
      ),
      RUNS,
    );
  });

  it("on any JSON value, and JSON, HTML and plain text sent as text; toJSON round-trips", () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    const body = fc.oneof(
      json,
      json.map((v) => JSON.stringify(v)),
      unicodeText(200).map((t) => `<html><head><title>${t}</title></head><body><h1>${t}</h1></body></html>`),
      unicodeText(200),
      fc.string({ unit: "binary", maxLength: 3000 }),
    );
    fc.assert(
      fc.property(body, anyStatus, (b, status) => {
        const error = decodeError({ body: b, status });
        exercise(error);
        const parsed = JSON.parse(JSON.stringify(error));
        expect(parsed.name).toBe(error.name);
        expect(parsed.message).toBe(error.message);
      }),
      RUNS,
    );
  });

  it("on objects whose getters throw", () => {
    const trap = () =>
      new Proxy(
        {},
        {
          get: () => {
            throw new Error("boom");
          },
          ownKeys: () => {
            throw new Error("boom");
          },
          has: () => {
            throw new Error("boom");
          },
        },
      );
    // Built inside the property: fast-check itself must not touch the traps.
    const shapes = [() => trap(), () => ({ error: trap() }), () => [trap()], () => ({ code: trap() })];
    fc.assert(
      fc.property(anyStatus, fc.nat({ max: shapes.length - 1 }), (status, which) => {
        const body = shapes[which]!();
        expect(decodeError({ body, status })).toBeInstanceOf(APIError);
        expect(() => errorFromBody(body, status)).not.toThrow();
      }),
    );
  });
});

describe("the class follows the code table in every envelope", () => {
  const known = fc
    .record({ code: fc.constantFrom(...KNOWN_CODES), msg: message, status: anyStatus })
    .chain(({ code, msg, status }) => envelopes(code, msg).map((body) => ({ code, status, body })));

  it("a known code decides the class, the code and whether a retry can help", () => {
    fc.assert(
      fc.property(known, ({ code, status, body }) => {
        const error = decodeError({ body, status });
        const info = lookupCode(code)!;
        exercise(error);
        expect(error.constructor).toBe(info.error);
        expect(error.code).toBe(code);
        expect(error.retryable).toBe(info.retryable);
        expect(error.status).toBe(status !== undefined && status >= 300 ? status : undefined);
      }),
      RUNS,
    );
  });

  it("inside a 200 body, errorFromBody recognises the envelope (bare codes: only gateway-shaped ones)", () => {
    fc.assert(
      fc.property(known, ({ code, body }) => {
        // Text is never mistaken for a JSON body; a Gemini array is the native family's to unwrap.
        if (typeof body === "string" || Array.isArray(body)) return;
        const found = errorFromBody(body, 200);
        if (typeof body === "number" && !(code >= 10_000)) {
          expect(found).toBeUndefined(); // a bare 1000 in a 200 body is data, not an error
          return;
        }
        expect(found?.constructor).toBe(lookupCode(code)!.error);
      }),
      RUNS,
    );
  });
});

describe("without a known code, the type or else the status decides", () => {
  const unknownCode = fc.oneof(
    fc.constant(""),
    fc.constant(undefined),
    fc.integer({ min: 600, max: 999_999 }).filter((n) => lookupCode(n) === undefined),
    fc
      .stringMatching(/^[a-z_]{3,20}$/)
      .filter(
        (s) =>
          !TYPED_NAMES.has(s) &&
          !/^(server_error|invalid_api_key|insufficient_|rate_limit|task_not|request_too_large|success|succeed|ok)/.test(
            s,
          ),
      ),
  );

  it("a documented upstream type decides the class whatever the status", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TYPED),
        errorStatus,
        message,
        unknownCode,
        ([type, Class], status, msg, code) => {
          const bodies = [
            { type: "error", error: { type, message: msg } },
            { error: { code: status, message: msg, status: type } },
            { error: { message: msg, type, code } },
          ];
          for (const body of bodies) expect(decodeError({ body, status }).constructor).toBe(Class);
        },
      ),
      RUNS,
    );
  });

  it("an unknown code and type fall back to the HTTP status table", () => {
    fc.assert(
      fc.property(errorStatus, message, unknownCode, (status, msg, code) => {
        const bodies: unknown[] = [
          { error: { message: msg, type: "new_api_error", param: "", code } },
          { code, message: msg },
          msg,
          "",
          undefined,
          `<html><title>${msg}</title></html>`,
        ];
        for (const body of bodies) {
          const error = decodeError({ body, status });
          expect(error.constructor).toBe(classForStatus(status));
          expect(error.status).toBe(status);
        }
      }),
      RUNS,
    );
  });
});
