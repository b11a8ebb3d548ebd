/**
 * genway/otel with the real OpenTelemetry SDK: a TracerProvider exporting to the SDK's in-memory
 * exporter, and the async-hooks context manager a Node application registers. Every span checked
 * here is one the SDK finished and exported, against the mock gateway on loopback.
 */
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FAIL_MARKER } from "../../mock/tasks.js";
import { type GenwayOptions, type Middleware, models, TaskFailedError } from "../../src/index.js";
import { otel } from "../../src/otel/index.js";
import { hello, loopback, rejection } from "../support/index.js";

const KEY = "sk-otel-test-key-0123456789";
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const tracer = provider.getTracer("genway-otel-test");
const contexts = new AsyncLocalStorageContextManager();

beforeAll(() => {
  context.setGlobalContextManager(contexts.enable());
});
afterAll(async () => {
  context.disable();
  await provider.shutdown();
});
afterEach(() => exporter.reset());

/** A loopback mock whose key is KEY, and a client tracing into the in-memory exporter. */
function traced(options: GenwayOptions = {}) {
  return loopback({ apiKey: KEY, middleware: [otel({ tracer })], ...options }, { apiKey: KEY });
}

/** The finished spans, once `count` of them are exported (a span ends when its call is over). */
async function spans(count: number): Promise<ReadableSpan[]> {
  await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(count));
  return exporter.getFinishedSpans();
}

/** The finished span named `name`, once it is exported. */
async function finishedSpan(name: string): Promise<ReadableSpan> {
  return vi.waitFor(() => {
    const span = exporter.getFinishedSpans().find((s) => s.name === name);
    if (!span) throw new Error(`no finished span named ${name}`);
    return span;
  });
}

/** Everything a span carries, as an exporter would serialize it. */
function everything(span: ReadableSpan): string {
  const { name, attributes, events, status } = span;
  return JSON.stringify({ name, attributes, events, status });
}

describe("genway/otel: one span per operation", () => {
  it("traces a chat call with the GenAI conventions' name, kind and attributes, its tokens and cost", async () => {
    const undo = models.register("gpt-4o-mini", "coding-chat");
    try {
      const { gw, server, sent } = await traced();
      const { data, cost, requestId } = await gw.chat.completions.create(hello).withResponse();
      // Reading the cost loaded the gateway's prices: two GETs, no span of their own.
      const [span] = await spans(1);
      expect([sent("/api/pricing").length, sent("/api/status").length]).toEqual([1, 1]);
      const port = Number(new URL(server.url).port);
      expect(span!.name).toBe("chat gpt-4o-mini");
      expect(span!.kind).toBe(SpanKind.CLIENT);
      expect(span!.status.code).toBe(SpanStatusCode.UNSET);
      expect(span!.attributes).toEqual({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "genway",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.response.model": "gpt-4o-mini",
        "gen_ai.usage.input_tokens": data.usage!.prompt_tokens,
        "gen_ai.usage.output_tokens": data.usage!.completion_tokens,
        "genway.operation": "chat.completions.create",
        "genway.cost.total": cost!.total,
        "genway.cost.currency": "CNY",
        "genway.attempts": 1,
        "genway.retries": 0,
        "genway.fallbacks": 0,
        "genway.request_id": requestId,
        "http.request.method": "POST",
        "http.response.status_code": 200,
        "server.address": "127.0.0.1",
        "server.port": port,
      });
      expect(cost!.total).toBeGreaterThan(0);
      expect(data.usage!.prompt_tokens).toBeGreaterThan(0);
      expect(everything(span!)).not.toContain(KEY);
    } finally {
      undo();
    }
  });

  it("one span per call: the price reads a budgeted call needs are events on its span, and middleware still sees them (headers and auth apply)", async () => {
    const seen: string[] = [];
    const counting: Middleware = async (request, next) => {
      seen.push(
        `${request.call.operation} ${new URL(request.url).pathname} ${request.headers.get("authorization")}`,
      );
      return next(request);
    };
    const { gw } = await traced({ budget: { limit: 10 }, middleware: [otel({ tracer }), counting] });
    await gw.chat.completions.create({ ...hello, max_tokens: 16 });
    const [span] = await spans(1);
    expect(span!.name).toBe("chat gpt-4o-mini");
    expect(
      span!.events.map((e) => [
        e.name,
        e.attributes?.["url.path"],
        e.attributes?.["http.response.status_code"],
      ]),
    ).toEqual([
      ["genway.prices.read", "/api/pricing", 200],
      ["genway.prices.read", "/api/status", 200],
    ]);
    expect(span!.attributes["genway.cost.currency"]).toBe("CNY");
    expect(seen.sort()).toEqual([
      "chat.completions.create /v1/chat/completions Bearer [redacted]",
      "prices.load /api/pricing Bearer [redacted]",
      "prices.load /api/status Bearer [redacted]",
    ]);
    // Prices no call needed (read by the user) make no span either.
    await gw.prices.load({ refresh: true });
    expect(exporter.getFinishedSpans()).toHaveLength(1);
  });

  it("names the reason instead of a cost when the model is not in the catalog", async () => {
    // By the spec's table: no price load, so the call's span is the only one.
    const { gw } = await traced({ prices: "spec" });
    const { costReason } = await gw.chat.completions
      .create({ ...hello, model: "not-in-the-catalog-1" })
      .withResponse();
    const [span] = await spans(1);
    expect(span!.attributes["genway.cost.reason"]).toBe(costReason);
    expect(costReason).toMatch(/not-in-the-catalog-1/);
    expect(span!.attributes).not.toHaveProperty("genway.cost.total");
  });

  it("ends a stream's span only when the stream ends, with the stream's usage", async () => {
    const { gw } = await traced();
    const stream = await gw.chat.completions.create({
      ...hello,
      stream: true,
      stream_options: { include_usage: true },
    });
    let events = 0;
    let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
    for await (const chunk of stream) {
      // The stream is still open: its span has not ended, so nothing is exported yet.
      expect(exporter.getFinishedSpans()).toHaveLength(0);
      events++;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(events).toBeGreaterThan(1);
    const [span] = await spans(1);
    expect(span!.name).toBe("chat gpt-4o-mini");
    expect(span!.attributes["gen_ai.request.stream"]).toBe(true);
    expect(span!.attributes["gen_ai.usage.input_tokens"]).toBe(usage!.prompt_tokens);
    expect(span!.attributes["gen_ai.usage.output_tokens"]).toBe(usage!.completion_tokens);
  });

  it("keeps one span for a retried call: the retry is an event, the retry count 1", async () => {
    const { gw, mock } = await traced({ maxRetries: 1 });
    mock.inject({ match: "/v1/chat/completions", status: 503 });
    await gw.chat.completions.create(hello);
    const [span] = await spans(1);
    expect(mock.requests).toHaveLength(2);
    expect(span!.attributes).toMatchObject({
      "genway.attempts": 2,
      "genway.retries": 1,
      "genway.fallbacks": 0,
      "http.response.status_code": 200,
    });
    expect(span!.events.map((e) => [e.name, e.attributes])).toEqual([
      [
        "genway.retry",
        { "genway.attempt": 2, "gen_ai.request.model": "gpt-4o-mini", "http.response.status_code": 503 },
      ],
    ]);
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("records a fallback: the response model is the fallback, the request model the primary", async () => {
    const { gw, mock } = await traced({ prices: "spec" });
    mock.inject({ match: "/v1/chat/completions", status: 503 });
    const { model } = await gw.chat.completions
      .create({ ...hello, model: ["gpt-4o", "gpt-4o-mini"] })
      .withResponse();
    expect(model).toBe("gpt-4o-mini");
    const [span] = await spans(1);
    expect(span!.name).toBe("chat gpt-4o");
    expect(span!.attributes).toMatchObject({
      "gen_ai.request.model": "gpt-4o",
      "gen_ai.response.model": "gpt-4o-mini",
      "genway.attempts": 2,
      "genway.retries": 0,
      "genway.fallbacks": 1,
    });
    expect(span!.events.map((e) => e.name)).toEqual(["genway.fallback"]);
    expect(span!.events[0]!.attributes).toMatchObject({ "gen_ai.request.model": "gpt-4o-mini" });
  });

  it("marks a failed call: error status, the gateway's code as error.type, the HTTP status", async () => {
    const { gw, mock } = await traced();
    mock.inject({ match: "/v1/chat/completions", code: 10011, message: "slow down" });
    const error = await rejection(gw.chat.completions.create(hello));
    const [span] = await spans(1);
    expect(span!.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: `RateLimitError (status 429, code 10011, request id ${error.requestId})`,
    });
    expect(span!.attributes).toMatchObject({
      "error.type": "10011",
      "genway.error.code": "10011",
      "http.response.status_code": error.status,
      "genway.cost.reason": "the call failed",
      "genway.request_id": error.requestId,
    });
    expect(error.status).toBe(429);
    expect(everything(span!)).not.toContain(KEY);
  });

  it("D23: records no prompt text that an error message quotes, from the gateway or a middleware", async () => {
    const prompt = "patient John Doe, DOB 1970-01-01";
    const echo: Middleware = async (request, next) => {
      const response = await next(request);
      const sent = JSON.parse(String(request.body)).messages[0].content;
      // The gateway refuses, quoting the prompt, as content-policy errors do.
      return Response.json(
        { error: { message: `Content policy: '${sent}' was flagged`, type: "invalid_request_error" } },
        { status: 400, headers: { "x-request-id": response.headers.get("x-request-id") ?? "r-1" } },
      );
    };
    const { gw } = await traced({ middleware: [otel({ tracer }), echo] });
    const refused = await rejection(
      gw.chat.completions.create({ ...hello, messages: [{ role: "user", content: prompt }] }),
    );
    expect(refused.message).toContain(prompt);
    const quoting: Middleware = () => {
      throw new Error(`refusing to send '${prompt}'`);
    };
    const { gw: guarded } = await traced({ middleware: [otel({ tracer }), quoting] });
    const thrown = await rejection(
      guarded.chat.completions.create({ ...hello, messages: [{ role: "user", content: prompt }] }),
    );
    expect(thrown.message).toContain(prompt);
    const [first, second] = await spans(2);
    for (const span of [first!, second!]) expect(everything(span)).not.toContain("John Doe");
    expect(first!.status.message).toBe(`BadRequestError (status 400, request id ${refused.requestId})`);
    expect(first!.attributes).toMatchObject({
      "error.type": "BadRequestError",
      "http.response.status_code": 400,
    });
    expect(second!.status.message).toBe("MiddlewareError");
  });

  it("never writes the key, whether the client sends it as Bearer or as x-api-key", async () => {
    const { gw } = await traced();
    await gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 16,
      messages: [{ role: "user", content: "hi" }],
    });
    await gw.chat.completions.create(hello);
    const finished = await spans(2);
    expect(finished.map((s) => s.name)).toEqual(["chat claude-sonnet-4-5", "chat gpt-4o-mini"]);
    for (const span of finished) expect(everything(span)).not.toContain(KEY);
  });

  it("starts the span under the caller's active span", async () => {
    const { gw } = await traced();
    const parent = tracer.startSpan("handle request");
    // The application's own span is active while it calls genway.
    await context.with(trace.setSpan(context.active(), parent), () => gw.chat.completions.create(hello));
    parent.end();
    const finished = await spans(2);
    const chat = finished.find((s) => s.name === "chat gpt-4o-mini")!;
    expect(chat.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(chat.spanContext().traceId).toBe(parent.spanContext().traceId);
  });
});

describe("genway/otel: task waits", () => {
  it("gives each wait a span with an event per progress change, the polls as its children", async () => {
    const { gw } = await traced();
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "a cat surfing at sunset" });
    const seen: number[] = [];
    const done = await task.wait({ interval: 1, onProgress: (s) => seen.push(s.progress ?? -1) });
    expect(done.status).toBe("succeeded");
    expect(seen.length).toBeGreaterThan(1);
    const wait = await finishedSpan("wait video");
    const finished = exporter.getFinishedSpans();
    expect(wait.kind).toBe(SpanKind.INTERNAL);
    expect(wait.attributes).toEqual({
      "genway.task.kind": "video",
      "genway.task.id": task.id,
      "genway.task.status": "succeeded",
    });
    // One event per change the caller's own onProgress saw, with the same values.
    expect(wait.events.map((e) => e.name)).toEqual(seen.map(() => "genway.task.progress"));
    expect(wait.events.map((e) => e.attributes?.["genway.task.progress"] ?? -1)).toEqual(seen);
    expect(wait.events.at(-1)!.attributes).toMatchObject({ "genway.task.status": "succeeded" });
    const polls = finished.filter((s) => s.name === "videos.retrieve");
    expect(polls.length).toBeGreaterThanOrEqual(seen.length);
    for (const poll of polls) {
      expect(poll.parentSpanContext?.spanId).toBe(wait.spanContext().spanId);
      expect(poll.attributes["gen_ai.operation.name"]).toBe("videos.retrieve");
    }
    const submit = finished.find((s) => s.name === "generate_content vidA-2.5")!;
    expect(submit.attributes["genway.operation"]).toBe("videos.create");
  });

  it("puts a batch query shared by two waits under the wait that opened the batch", async () => {
    const { gw } = await traced();
    const tasks = await Promise.all(
      ["rock", "jazz"].map((tags) =>
        gw.musicgen.submit.music({ prompt: "[Verse]\nla", title: tags, tags, mv: "chirp-v4" }),
      ),
    );
    await Promise.all(tasks.map((task) => task.wait({ interval: 1 })));
    const finished = exporter.getFinishedSpans();
    const waits = finished.filter((s) => s.name === "wait music");
    expect(waits.map((w) => w.attributes["genway.task.id"]).sort()).toEqual(tasks.map((t) => t.id).sort());
    const batches = finished.filter((s) => s.attributes["genway.operation"] === "musicgen.fetchMany");
    expect(batches.length).toBeGreaterThan(0);
    const waitIds = new Set(waits.map((w) => w.spanContext().spanId));
    for (const batch of batches) expect(waitIds.has(batch.parentSpanContext!.spanId)).toBe(true);
  });

  it("marks a failed wait with error status and the task's last status", async () => {
    const { gw } = await traced();
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: `a cat ${FAIL_MARKER}` });
    const error = await rejection(task.wait({ interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    const wait = await finishedSpan("wait video");
    // The failure reason is the gateway's text (it may quote the prompt): only the class is recorded.
    expect(wait.status).toEqual({ code: SpanStatusCode.ERROR, message: "TaskFailedError" });
    expect(wait.attributes).toMatchObject({
      "error.type": "TaskFailedError",
      "genway.task.status": "failed",
    });
  });
});
