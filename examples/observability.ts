/**
 * Observability: a middleware that logs each attempt (it sees the key redacted) and each task wait,
 * and genway/otel recording spans into the OpenTelemetry SDK's in-memory exporter: a chat call with
 * its tokens and cost, a stream whose span ends with the stream, and a video task wait with its
 * progress events and its polls as child spans. Runs against the built-in mock gateway unless
 * GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/observability.ts   (in your project)
 *   npm run build && npx tsx examples/observability.ts   (in genway's repository)
 */
// expect: chat.completions.create attempt 1: POST /v1/chat/completions -> 200 (authorization: Bearer [redacted])
// expect: waiting for video
// expect: waited for video
// expect: MiddlewareError: Middleware 1 of 1 threw: chat is closed today
// expect: span: chat gpt-4o-mini [CLIENT] tokens
// expect: out, cost 0.
// expect: span: chat gpt-4o-mini [CLIENT] stream, tokens
// expect: span: wait video [INTERNAL] status succeeded
// expect:   event: genway.task.progress succeeded 100%
// expect: span: videos.retrieve [CLIENT] child of wait video
import { context, SpanKind, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import Genway, { type Middleware, MiddlewareError } from "genway";
import { otel } from "genway/otel";
import { createMockGateway } from "genway/testing";

// The application's OpenTelemetry setup: a provider, an exporter, and a context manager so that the
// polls of a wait become children of its span (Node: async hooks; other runtimes have their own).
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
trace.setGlobalTracerProvider(provider);
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

// A middleware of your own: it sees each attempt with the key redacted, and may carry an onWait hook.
const log: Middleware = async (request, next) => {
  const response = await next(request);
  const path = new URL(request.url).pathname;
  console.log(
    `${request.call.operation} attempt ${request.attempt}: ${request.method} ${path} -> ${response.status} (authorization: ${request.headers.get("authorization")})`,
  );
  return response;
};
log.onWait = async (wait, next) => {
  console.log(`waiting for ${wait.task.kind} ${wait.task.id}`);
  const snapshot = await next();
  console.log(`waited for ${wait.task.kind} ${wait.task.id}: ${snapshot.status}`);
  return snapshot;
};

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const connection = server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {};
const gw = new Genway({
  ...connection,
  // otel() first: its span covers every attempt, and the other middleware run inside it.
  middleware: [otel(), log],
});
// The gateway's prices, loaded first, so that every span carries its call's cost (docs/cost.md).
// The two reads go through the middleware too, as the operation `prices.load` (no span of their own).
await gw.prices.load();

const messages = [{ role: "user" as const, content: "Name one planet." }];
await gw.chat.completions.create({ model: "gpt-4o-mini", messages });

const stream = await gw.chat.completions.create({
  model: "gpt-4o-mini",
  messages,
  stream: true,
  stream_options: { include_usage: true },
});
for await (const _ of stream) {
  // The stream's span is still open here; it ends when the stream does.
}

const task = await gw.videos.create({ model: "vidA-2.5", prompt: "a lighthouse at dawn" });
await task.wait({ interval: server ? 10 : 2_000 });

// What a middleware throws of its own is a MiddlewareError: the call ends, nothing is sent or retried.
const closed = new Genway({
  ...connection,
  middleware: [
    async () => {
      throw new Error("chat is closed today");
    },
  ],
});
try {
  await closed.chat.completions.create({ model: "gpt-4o-mini", messages });
} catch (error) {
  if (error instanceof MiddlewareError) console.log(`MiddlewareError: ${error.message}`);
}

await provider.forceFlush();
const spans = exporter.getFinishedSpans();
const names = new Map(spans.map((span) => [span.spanContext().spanId, span.name]));
for (const span of spans) {
  const a = span.attributes;
  const parts = [`span: ${span.name} [${SpanKind[span.kind]}]`];
  if (a["gen_ai.request.stream"]) parts.push("stream,");
  if (a["gen_ai.usage.input_tokens"] !== undefined) {
    parts.push(`tokens ${a["gen_ai.usage.input_tokens"]} in / ${a["gen_ai.usage.output_tokens"]} out,`);
  }
  if (a["genway.cost.total"] !== undefined)
    parts.push(`cost ${a["genway.cost.total"]} ${a["genway.cost.currency"]}`);
  if (a["genway.task.status"] !== undefined) parts.push(`status ${a["genway.task.status"]}`);
  const parent = span.parentSpanContext && names.get(span.parentSpanContext.spanId);
  if (parent) parts.push(`child of ${parent}`);
  console.log(parts.join(" "));
  for (const event of span.events) {
    const e = event.attributes ?? {};
    console.log(
      `  event: ${event.name} ${e["genway.task.status"] ?? ""} ${e["genway.task.progress"] ?? ""}%`,
    );
  }
}

await provider.shutdown();
await server?.close();
