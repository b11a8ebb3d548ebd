/**
 * genway/otel: OpenTelemetry spans from genway's middleware. One CLIENT span per operation (every
 * retry and fallback of one call is an event on it, not a span of its own), named and attributed
 * by the GenAI semantic conventions, ended when the call is over: a stream's span ends with the
 * stream. Each task wait is a span too, with an event per progress change, and the polls made
 * during it are its children when a context manager is registered (docs/observability.md).
 *
 * Only `@opentelemetry/api` is used (an optional peer dependency): the spans go to whatever SDK the
 * application registers, and the entry runs wherever the library does.
 */
import {
  type Attributes,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { version } from "../../package.json";
import {
  type CallInfo,
  type CallOutcome,
  type Middleware,
  type MiddlewareNext,
  type MiddlewareRequest,
  PRICES_READ,
  type TaskWait,
} from "../core/http/middleware.js";
import { normalizeUsage, type TokenUsage } from "../core/http/usage.js";
import type { TaskSnapshot } from "../core/tasks/index.js";

/** Options of {@link otel}. */
export interface OtelOptions {
  /** The tracer to start spans on. Default: `trace.getTracer("genway", version)` (the global provider's). */
  tracer?: Tracer | undefined;
}

/** The operations the GenAI conventions call `chat`; any other that names a model is `generate_content`. */
const CHAT_OPERATIONS = new Set(["chat.completions.create", "messages.create", "responses.create"]);

/** `gen_ai.provider.name`: every model is reached through the gateway, whoever serves it. */
const PROVIDER = "genway";

/** What the middleware keeps of one call while it runs: its span and what its attempts showed. */
interface CallSpan {
  span: Span;
  /** The span's context: later attempts (and the fetch under them) run inside it. */
  context: ReturnType<typeof context.active>;
  /** The model the latest attempt asked for: an attempt with another one is a fallback. */
  model: string | undefined;
  retries: number;
  fallbacks: number;
  /** The HTTP status of the latest attempt's response, or the error it threw. */
  status: number | undefined;
  thrown: unknown;
}

/** An event noted for a call whose span has not started yet (a price read before its first attempt). */
interface EarlyEvent {
  name: string;
  attributes: Attributes;
  time: number;
}

/**
 * A middleware that records each genway call as an OpenTelemetry span, and each task wait as a span
 * with progress events. Put it first in `middleware` to see every attempt as sent. The reads of
 * the gateway's prices a call needs are events of its span (`genway.prices.read`), never spans of
 * their own; those no call needed (`await gw.prices.load()`) are not recorded.
 */
export function otel(options: OtelOptions = {}): Middleware {
  const tracer = options.tracer ?? trace.getTracer("genway", version);
  const calls = new WeakMap<CallInfo, CallSpan>();
  const early = new WeakMap<CallInfo, EarlyEvent[]>();

  /** Adds an event to a call's span, or keeps it until that span starts. */
  const note = (call: CallInfo, event: EarlyEvent) => {
    const state = calls.get(call);
    if (state) state.span.addEvent(event.name, event.attributes, event.time);
    else early.set(call, [...(early.get(call) ?? []), event]);
  };

  /** A price read: passed on as it is (headers and auth apply), noted on the span of the call it was made for. */
  const priceRead = async (request: MiddlewareRequest, next: MiddlewareNext): Promise<Response> => {
    const { parent } = request.call;
    const path = new URL(request.url).pathname;
    const event = (outcome: Attributes) =>
      parent &&
      note(parent, {
        name: "genway.prices.read",
        attributes: { "url.path": path, ...outcome },
        time: Date.now(),
      });
    try {
      const response = await next(request);
      event({ "http.response.status_code": response.status });
      return response;
    } catch (error) {
      event({ "error.type": errorType(error) ?? "_OTHER" });
      throw error;
    }
  };

  const start = (request: MiddlewareRequest): CallSpan => {
    const { call } = request;
    const operation = operationName(call);
    const span = tracer.startSpan(
      call.model === undefined ? operation : `${operation} ${call.model}`,
      { kind: SpanKind.CLIENT, attributes: startAttributes(request, operation) },
      context.active(),
    );
    const state: CallSpan = {
      span,
      context: trace.setSpan(context.active(), span),
      model: request.model,
      retries: 0,
      fallbacks: 0,
      status: undefined,
      thrown: undefined,
    };
    calls.set(call, state);
    for (const event of early.get(call) ?? []) span.addEvent(event.name, event.attributes, event.time);
    early.delete(call);
    void call.done.then((outcome) => end(state, outcome));
    return state;
  };

  const middleware: Middleware = async (request, next) => {
    if (request.call.operation === PRICES_READ) return priceRead(request, next);
    let state = calls.get(request.call);
    if (state) again(state, request);
    else state = start(request);
    const current = state;
    try {
      const response = await context.with(current.context, () => next(request));
      current.status = response.status;
      current.thrown = undefined;
      return response;
    } catch (error) {
      current.status = undefined;
      current.thrown = error;
      throw error;
    }
  };

  middleware.onWait = (wait, next) => waitSpan(tracer, wait, next);
  return middleware;
}

/** A later attempt of a call: a retry (same model) or a fallback (the next model), as an event. */
function again(state: CallSpan, request: MiddlewareRequest): void {
  const fallback = request.model !== state.model;
  if (fallback) state.fallbacks++;
  else state.retries++;
  state.model = request.model;
  state.span.addEvent(fallback ? "genway.fallback" : "genway.retry", {
    "genway.attempt": request.attempt,
    ...defined("gen_ai.request.model", request.model),
    ...(state.status !== undefined
      ? { "http.response.status_code": state.status }
      : defined("error.type", errorType(state.thrown))),
  });
}

/** Ends the call's span with what its outcome says. */
function end(state: CallSpan, outcome: CallOutcome): void {
  const { span } = state;
  span.setAttributes({
    ...defined("gen_ai.response.model", outcome.model),
    ...usageAttributes(outcome.usage),
    ...(outcome.cost
      ? { "genway.cost.total": outcome.cost.total, "genway.cost.currency": outcome.cost.currency }
      : defined("genway.cost.reason", outcome.costReason)),
    "genway.attempts": outcome.attempts,
    "genway.retries": state.retries,
    "genway.fallbacks": state.fallbacks,
    ...defined("genway.request_id", outcome.requestId),
    ...defined("http.response.status_code", statusOf(outcome.error) ?? state.status),
  });
  if (outcome.error !== undefined) failed(span, outcome.error);
  span.end();
}

/** One wait's span: progress changes are its events, and the polls run inside its context. */
async function waitSpan(
  tracer: Tracer,
  wait: TaskWait,
  next: () => Promise<TaskSnapshot<unknown>>,
): Promise<TaskSnapshot<unknown>> {
  const { kind, id } = wait.task;
  const span = tracer.startSpan(
    `wait ${kind}`,
    { kind: SpanKind.INTERNAL, attributes: { "genway.task.kind": kind, "genway.task.id": id } },
    context.active(),
  );
  wait.onProgress((snapshot) => {
    span.addEvent("genway.task.progress", {
      "genway.task.status": snapshot.status,
      ...defined("genway.task.progress", snapshot.progress),
    });
  });
  try {
    const snapshot = await context.with(trace.setSpan(context.active(), span), next);
    span.setAttribute("genway.task.status", snapshot.status);
    return snapshot;
  } catch (error) {
    const status = (error as { snapshot?: TaskSnapshot<unknown> } | null)?.snapshot?.status;
    if (status !== undefined) span.setAttribute("genway.task.status", status);
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** `gen_ai.operation.name`: a convention's value where one applies, else genway's operation name. */
function operationName(call: CallInfo): string {
  if (CHAT_OPERATIONS.has(call.operation)) return "chat";
  return call.model === undefined ? call.operation : "generate_content";
}

function startAttributes(request: MiddlewareRequest, operation: string): Attributes {
  const url = new URL(request.url);
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  return {
    "gen_ai.operation.name": operation,
    "gen_ai.provider.name": PROVIDER,
    ...defined("gen_ai.request.model", request.call.model),
    // The conventions set it only on a streaming request.
    ...(request.call.stream ? { "gen_ai.request.stream": true } : {}),
    "genway.operation": request.call.operation,
    "http.request.method": request.method,
    "server.address": url.hostname,
    "server.port": port,
  };
}

/** Token counts by the conventions: input includes cached tokens (read and written). */
function usageAttributes(usage: unknown): Attributes {
  if (typeof usage !== "object" || usage === null) return {};
  let tokens: ReturnType<typeof normalizeUsage>;
  try {
    tokens = normalizeUsage(usage as TokenUsage);
  } catch {
    return {}; // A usage object the price table cannot read is left out, not guessed.
  }
  return {
    "gen_ai.usage.input_tokens": tokens.prompt + tokens.cacheHit + tokens.cacheWrite,
    "gen_ai.usage.output_tokens": tokens.completion,
    ...(tokens.cacheHit > 0 ? { "gen_ai.usage.cache_read.input_tokens": tokens.cacheHit } : {}),
    ...(tokens.cacheWrite > 0 ? { "gen_ai.usage.cache_creation.input_tokens": tokens.cacheWrite } : {}),
  };
}

/** Error status, `error.type` and, for a gateway error, its code. */
function failed(span: Span, error: unknown): void {
  const code = codeOf(error);
  span.setAttributes({
    "error.type": errorType(error) ?? "_OTHER",
    ...defined("genway.error.code", code),
  });
  span.setStatus({ code: SpanStatusCode.ERROR, message: statusMessage(error) });
}

/**
 * The span's status message: what failed, from the error's structured fields only (its class, the
 * HTTP status, the gateway's code, the request id), never its text. An error's message may quote
 * the prompt (a gateway's content-policy refusal does, and so may a middleware's or a task's
 * failure reason); spans record no prompt and no completion.
 */
function statusMessage(error: unknown): string {
  const status = statusOf(error);
  const code = codeOf(error);
  const requestId = token((error as { requestId?: unknown } | null)?.requestId);
  const details = [
    ...(status !== undefined ? [`status ${status}`] : []),
    ...(code !== undefined ? [`code ${code}`] : []),
    ...(requestId !== undefined ? [`request id ${requestId}`] : []),
  ];
  const name = error instanceof Error ? (token(error.name) ?? "Error") : "_OTHER";
  return details.length ? `${name} (${details.join(", ")})` : name;
}

/**
 * `error.type`: the gateway's code where it sent one (low cardinality, and what the conventions ask
 * for first), else the error's class name.
 */
function errorType(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return codeOf(error) ?? (error instanceof Error ? (token(error.name) ?? "_OTHER") : "_OTHER");
}

/** The gateway's code of an error, when it is one (a word, not text a hostile gateway wrote there). */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" ? String(code) : token(code);
}

/** `value` when it is an identifier-like word (a code, a class name, a request id), else undefined. */
function token(value: unknown): string | undefined {
  return typeof value === "string" && /^[\w.:-]{1,128}$/.test(value) ? value : undefined;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/** `{ [key]: value }`, or nothing when the value is undefined (an attribute is never set to undefined). */
function defined(key: string, value: string | number | undefined): Attributes {
  return value === undefined ? {} : { [key]: value };
}
