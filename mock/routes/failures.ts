/**
 * Errors on demand, by prompt: a user message containing `[error]` (or `[error:rate_limit]`,
 * `[error:server]`, `[error:quota]`) makes a chat route fail. A streamed call fails mid-stream
 * (after a few deltas, inside the 200, in the format's own error event); a plain call answers with
 * the same error as an HTTP status. Each format spells the failure as its upstream does, so the SDK
 * can be checked to throw the same typed error both ways.
 */
import type { MockError } from "../envelopes.js";

export type MockFailure = "overloaded" | "rate_limit" | "server" | "quota";

interface Spelling {
  message: string;
  /** OpenAI chat and Responses. */
  openai: { status: number; type: string; code: string };
  /** Anthropic Messages error type. */
  anthropic: { status: number; type: string };
  /** google.rpc status of the native format. */
  google: { status: number; name: string };
}

const SPELLINGS: Record<MockFailure, Spelling> = {
  overloaded: {
    message: "The upstream model is overloaded, please retry later",
    openai: { status: 503, type: "server_error", code: "server_error" },
    anthropic: { status: 529, type: "overloaded_error" },
    google: { status: 503, name: "UNAVAILABLE" },
  },
  rate_limit: {
    message: "Rate limit reached for requests",
    openai: { status: 429, type: "requests", code: "rate_limit_exceeded" },
    anthropic: { status: 429, type: "rate_limit_error" },
    google: { status: 429, name: "RESOURCE_EXHAUSTED" },
  },
  server: {
    message: "The upstream model had an internal error",
    openai: { status: 500, type: "server_error", code: "server_error" },
    anthropic: { status: 500, type: "api_error" },
    google: { status: 500, name: "INTERNAL" },
  },
  quota: {
    message: "You exceeded your current quota, please check your plan and billing details",
    openai: { status: 429, type: "insufficient_quota", code: "insufficient_quota" },
    anthropic: { status: 403, type: "permission_error" },
    google: { status: 429, name: "RESOURCE_EXHAUSTED" },
  },
};

const KINDS = Object.keys(SPELLINGS) as MockFailure[];

/** The failure a prompt asks for, if any. An unknown kind (`[error:nope]`) means the default, overloaded. */
export function requestedFailure(prompt: string): MockFailure | undefined {
  const match = /\[error(?::(\w+))?\]/i.exec(prompt);
  if (!match) return undefined;
  const kind = match[1]?.toLowerCase() as MockFailure | undefined;
  return kind && KINDS.includes(kind) ? kind : "overloaded";
}

/** Deltas a stream sends before it fails, so that tests can see a partial snapshot survive. */
export const DELTAS_BEFORE_FAILURE = 3;

/** The HTTP error of a non-streamed call, in the route's envelope. */
export function httpFailure(kind: MockFailure, format: "openai" | "anthropic" | "google"): MockError {
  const spelling = SPELLINGS[kind];
  const { message } = spelling;
  if (format === "anthropic") return { message, ...spelling.anthropic };
  // new-api relays native errors in the OpenAI envelope; the google status name is its type.
  if (format === "google") return { message, status: spelling.google.status, type: spelling.google.name };
  return { message, ...spelling.openai };
}

/** The error chunk of an OpenAI chat stream: `data: {"error": {...}}`. */
export function openaiErrorChunk(kind: MockFailure) {
  const { message, openai } = SPELLINGS[kind];
  return { error: { message, type: openai.type, code: openai.code, param: null } };
}

/** The `error` event of a Responses stream (the response.failed that follows is built by the route). */
export function responsesErrorEvent(kind: MockFailure, sequence: number) {
  const { message, openai } = SPELLINGS[kind];
  return {
    type: "error",
    sequence_number: sequence,
    error: { type: openai.type, code: openai.code, message, param: null },
  };
}

/** The `error` event of a Messages stream. */
export function anthropicErrorEvent(kind: MockFailure) {
  const { message, anthropic } = SPELLINGS[kind];
  return { type: "error", error: { type: anthropic.type, message } };
}

/** An error chunk of a native stream: `{error: {code, message, status}}`. */
export function googleErrorChunk(kind: MockFailure) {
  const { message, google } = SPELLINGS[kind];
  return { error: { code: google.status, message, status: google.name } };
}
