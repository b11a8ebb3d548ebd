import type { MockGatewayOptions } from "./state.js";

/**
 * The error bodies each family of routes really uses (see shared/upstream): OpenAI-style on the
 * OpenAI/native/video routes (as new-api relays them), Anthropic on /v1/messages, the Kling-style
 * integer envelope on /vidgen, the new-api task envelope on /musicgen, and new-api's task error
 * (`task`) on /vidgen when new-api's task relay answers it (`vidgenRelay: "new-api"`).
 */
export type Envelope = "openai" | "anthropic" | "vidgen" | "musicgen" | "task";

/** An error for a route to answer with, in its family's envelope. */
export interface MockError {
  status: number;
  message: string;
  code?: number | string | undefined;
  /** Upstream error type, e.g. invalid_request_error. */
  type?: string | undefined;
  param?: string | undefined;
}

export function envelopeFor(path: string, options: MockGatewayOptions = {}): Envelope {
  if (path.startsWith("/v1/messages")) return "anthropic";
  if (path.startsWith("/vidgen/")) return options.vidgenRelay === "new-api" ? "task" : "vidgen";
  if (path.startsWith("/musicgen")) return "musicgen";
  return "openai";
}

const ANTHROPIC_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

export function errorBody(envelope: Envelope, error: MockError, requestId: string): unknown {
  const message = `${error.message} (request id: ${requestId})`;
  switch (envelope) {
    case "anthropic":
      return {
        type: "error",
        error: {
          type: error.type ?? ANTHROPIC_TYPES[error.status] ?? "api_error",
          message,
          code: error.code,
        },
      };
    case "vidgen":
      return {
        code: typeof error.code === "number" ? error.code : 1200,
        message,
        request_id: requestId,
        data: null,
      };
    case "musicgen":
      return { code: String(error.code ?? "invalid_request"), message, data: null };
    case "task":
      return taskError(error);
    default:
      return {
        error: {
          message,
          type: error.type ?? "new_api_error",
          param: error.param ?? "",
          code: error.code ?? "",
        },
      };
  }
}

/**
 * new-api's task error, `{code, message, data: null}` as respondTaskError writes it (no request id
 * in the message): an upstream answer it could not use keeps its status with code
 * `fail_to_fetch_task` (relay/relay_task.go 224-227), and any 429 gets the same Chinese message
 * and no Retry-After of its own (controller/relay.go 614-620).
 */
function taskError(error: MockError): unknown {
  const code = typeof error.code === "string" ? error.code : "fail_to_fetch_task";
  const message = error.status === 429 ? SATURATED : error.message;
  return { code, message, data: null };
}

/** "The current group's upstream load is saturated, please try again later." */
const SATURATED = "当前分组上游负载已饱和，请稍后再试";

/** HTTP status the gateway pairs with each system code. */
export function statusForCode(code: number | string): number {
  const n = Number(code);
  if ([10002, 10008].includes(n)) return 403;
  if (n >= 10001 && n <= 10009) return 401;
  if (n >= 10011 && n <= 10013) return 429;
  if (n === 10014) return 500;
  if (n === 10020 || n === 10021) return 503;
  if (n === 221301) return 504;
  return 400;
}

const SYSTEM_MESSAGES: Record<number, string> = {
  10001: "Wrong request key",
  10002: "Key has no request permission",
  10003: "Key expired",
  10004: "Wrong OPENID",
  10005: "Application not reviewed in time, submit authentication",
  10007: "Unknown request source",
  10008: "Banned IP",
  10009: "Banned key",
  10011: "Current IP exceeded request limit",
  10012: "Request count limit exceeded",
  10013: "Test key exceeded request limit",
  10014: "Internal system error",
  10020: "Interface under maintenance",
  10021: "Interface disabled",
  221301: "Data source timeout",
  221303: "Authentication failed, retry later",
  221306: "Parameter error",
};

export function messageForCode(code: number | string): string {
  return SYSTEM_MESSAGES[Number(code)] ?? `Gateway error ${code}`;
}
