import { lookupCode } from "../src/index.js";
import type { MockGatewayOptions } from "./state.js";

/**
 * The error bodies each family of routes really uses (as the relays' captures show): OpenAI-style on the
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
 * `fail_to_fetch_task` (relay/relay_task.go RelayTaskSubmit), and any 429 gets the same Chinese message
 * and no Retry-After of its own (controller/relay.go respondTaskError).
 */
function taskError(error: MockError): unknown {
  const code = typeof error.code === "string" ? error.code : "fail_to_fetch_task";
  const message = error.status === 429 ? SATURATED : error.message;
  return { code, message, data: null };
}

/** "The current group's upstream load is saturated, please try again later." */
const SATURATED = "当前分组上游负载已饱和，请稍后再试";

/**
 * The HTTP status and the message the gateway pairs with one of its codes: genway's public code
 * table (`lookupCode`, the spec's system, service and vidgen codes), read as any user could read it.
 * A code the table does not know travels with 400.
 */
export function answerForCode(code: number | string): { status: number; message: string } {
  const known = lookupCode(Number(code));
  return { status: known?.status ?? 400, message: known?.meaning ?? `Gateway error ${code}` };
}
