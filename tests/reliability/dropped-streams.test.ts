/**
 * D22 (adversarial review 3): a stream whose iterator is dropped mid-way (never read to its end, no
 * `break`, no `abort()`): once it is garbage, its request is closed AND its call ends: the span
 * ends, onCost fires, and the budget's reservation is settled on what the stream delivered.
 * Garbage collection is forced in-process (`--expose-gc` set through v8, `gc` taken from a vm
 * context), as tests/reliability/clocks.test.ts does.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, describe, expect, it } from "vitest";
import type { CostEvent, GenwayOptions } from "../../src/index.js";
import { otel } from "../../src/otel/index.js";
import { loopback, place } from "../support/index.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
afterAll(() => provider.shutdown());

/** Collects until `done()` holds (finalization callbacks run after a GC, on a later turn). */
async function collectUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 40 && !done(); i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("D22: a stream dropped mid-way", () => {
  it("D22: after GC its request is closed, its span ends, onCost fires and its reservation is settled", async () => {
    place("gpt-4o", "coding-chat");
    const events: CostEvent[] = [];
    const options: GenwayOptions = {
      budget: { limit: 0.1, currency: "CNY" },
      onCost: (event) => events.push(event),
      middleware: [otel({ tracer: provider.getTracer("d22") })],
      // Priced by the spec's table (gpt-4o placed above): no price load, so the spans are the streams'.
      prices: "spec",
    };
    // A slow stream: the drop comes long before its end.
    const { gw, mock } = await loopback(options, { streamDelayMs: 50 });
    const signals: AbortSignal[] = [];
    const params = { model: "gpt-4o", messages: [{ role: "user" as const, content: "x" }], max_tokens: 1000 };
    for (let i = 0; i < 3; i++) {
      await (async () => {
        const stream = await gw.chat.completions.create({ ...params, stream: true });
        signals.push(stream.controller.signal);
        const iterator = stream[Symbol.asyncIterator]();
        await iterator.next();
        await iterator.next(); // e.g. a handler that returned early on an exception
      })();
    }
    await collectUntil(() => events.length === 3 && signals.every((s) => s.aborted));
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(exporter.getFinishedSpans()).toHaveLength(3);
    expect(events).toHaveLength(3);
    // Priced at what each delivered (two chunks), not kept at the worst case of 1000 tokens.
    for (const event of events) expect(event.cost?.total).toBeLessThan(0.001);
    // The budget is free again but for what the three delivered: a call whose worst case is 0.077
    // (5500 tokens at 14 CNY per 1M) fits; with three worst cases of 0.014 still held, it would not.
    const spent = events.reduce((sum, event) => sum + event.cost!.total, 0);
    expect(gw.costs.total).toBeCloseTo(spent, 10);
    await gw.chat.completions.create({ ...params, max_tokens: 5500 });
    expect(mock.requests).toHaveLength(4);
  });

  it("D22: a tee() whose branches are both dropped settles once, through the stream they share", async () => {
    const events: CostEvent[] = [];
    const { gw } = await loopback({ onCost: (event) => events.push(event) }, { streamDelayMs: 50 });
    let signal: AbortSignal | undefined;
    await (async () => {
      const stream = await gw.chat.completions.create({
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "x" }],
        stream: true,
      });
      signal = stream.controller.signal;
      const [a] = stream.tee();
      await a[Symbol.asyncIterator]().next();
    })();
    await collectUntil(() => events.length === 1 && signal!.aborted);
    expect(signal!.aborted).toBe(true);
    expect(events).toHaveLength(1);
  });
});
