/**
 * Every clock covers everything a call awaits: an apiKey() that never settles,
 * an upload source that never yields, a batched poll nobody waits for, an idle timer left behind by a
 * dropped stream iterator.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { APITimeoutError, APIUserAbortError } from "../../src/index.js";
import { serving } from "../support/index.js";
import { openStream } from "./hostile.js";

const never = () => new Promise<string>(() => {});
const hello = { model: "gpt-4o", messages: [{ role: "user" as const, content: "hi" }] };
const ok = () =>
  new Response(JSON.stringify({ id: "c", object: "chat.completion", choices: [] }), {
    headers: { "content-type": "application/json" },
  });
/** A body source that never yields a chunk. */
const stalled = () => new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });

async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

describe("an async apiKey() that never settles", () => {
  it("is cut by timeout: APITimeoutError, nothing sent", async () => {
    const { gw, calls } = serving(ok, { apiKey: never, timeout: 100 });
    const error = await within(
      2000,
      gw.chat.completions.create(hello).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(calls).toHaveLength(0);
  });

  it("is cut by the signal: APIUserAbortError", async () => {
    const { gw } = serving(ok, { apiKey: never });
    const error = await within(
      2000,
      gw.chat.completions.create(hello, { signal: AbortSignal.timeout(50) }).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
  });
});

describe("an upload source that never yields", () => {
  it("images.edit honours the signal", async () => {
    const { gw, calls } = serving(ok);
    const error = await within(
      2000,
      gw.images
        .edit({ model: "imgedit-pro", prompt: "x", image: stalled() } as never, {
          signal: AbortSignal.timeout(50),
        })
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(calls).toHaveLength(0);
  });

  it("images.edit honours timeout", async () => {
    const { gw } = serving(ok, { timeout: 100 });
    const error = await within(
      2000,
      gw.images
        .edit({ model: "imgedit-pro", prompt: "x", image: stalled() } as never)
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(APITimeoutError);
  });

  it("musicgen.uploads.upload honours the signal and timeout", async () => {
    const { gw, calls } = serving(ok, { timeout: 100 });
    const byTimeout = await within(
      2000,
      gw.musicgen.uploads.upload(stalled(), { name: "a.mp3" }).catch((e: unknown) => e),
    );
    expect(byTimeout).toBeInstanceOf(APITimeoutError);
    const { gw: gw2 } = serving(ok);
    const bySignal = await within(
      2000,
      gw2.musicgen.uploads
        .upload(stalled(), { name: "a.mp3", signal: AbortSignal.timeout(50) })
        .catch((e: unknown) => e),
    );
    expect(bySignal).toBeInstanceOf(APIUserAbortError);
    expect(calls).toHaveLength(0);
  });
});

describe("a batched music poll", () => {
  it("is aborted once every waiter aborted", async () => {
    let batchSignal: AbortSignal | undefined;
    const { gw } = serving((_, init) => {
      batchSignal = init.signal ?? undefined;
      // Answers only when aborted, as a stuck gateway would.
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true });
      });
    });
    const a = new AbortController();
    const b = new AbortController();
    // A batched poll waits for its round up to half the interval: 20 ms here.
    const waits = [
      gw.musicgen.wait("a", { signal: a.signal, interval: 40 }),
      gw.musicgen.wait("b", { signal: b.signal, interval: 40 }),
    ].map((p) => p.catch((e: unknown) => e));
    await new Promise((r) => setTimeout(r, 60));
    expect(batchSignal).toBeDefined();
    a.abort();
    await new Promise((r) => setTimeout(r, 10));
    expect(batchSignal?.aborted).toBe(false); // b still waits on it
    b.abort();
    const errors = await within(2000, Promise.all(waits));
    for (const error of errors) expect(error).toBeInstanceOf(APIUserAbortError);
    await new Promise((r) => setTimeout(r, 10));
    expect(batchSignal?.aborted).toBe(true);
  });
});

describe("a stream iterator dropped without break", () => {
  it("leaves no ref'd timer behind", async () => {
    const before = timers();
    const { gw } = serving(oneChunkThenSilence);
    const stream = await openStream(gw, "chat");
    const iterator = (stream as unknown as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    await iterator.next();
    void iterator.next(); // pending on the silent body: the idle clock runs, then the iterator is dropped
    await new Promise((r) => setTimeout(r, 20));
    expect(timers()).toBeLessThanOrEqual(before);
  });
});

/** A chat stream that sends one chunk, then nothing, forever. */
function oneChunkThenSilence(): Response {
  const first = new TextEncoder().encode(
    'data: {"id":"c","choices":[{"index":0,"delta":{"content":"a"}}]}\n\n',
  );
  let sent = false;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return new Promise(() => {});
        sent = true;
        controller.enqueue(first);
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );
}

/** Ref'd timers keeping the process alive (unref'd ones are not listed). */
function timers(): number {
  return process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
}

describe("a stream dropped without break", () => {
  it("has its request closed once the stream is garbage", async () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const { gw, calls } = serving(oneChunkThenSilence);
    await (async () => {
      const stream = await openStream(gw, "chat");
      await (stream as unknown as AsyncIterable<unknown>)[Symbol.asyncIterator]().next();
    })();
    const signal = calls[0]!.init.signal!;
    for (let i = 0; i < 20 && !signal.aborted; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(signal.aborted).toBe(true);
  });
});

describe("0 is a clock of 0 ms, for every clock (docs/client.md: ms >= 0, or Infinity for no clock)", () => {
  const silent = () => new Promise<Response>(() => {});
  /** A stream that sends one chunk, then nothing. */
  const stalling = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start: (controller) =>
          controller.enqueue(
            new TextEncoder().encode(
              `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: "a" } }] })}\n\n`,
            ),
          ),
        pull: () => new Promise(() => {}),
      }),
      { headers: { "content-type": "text/event-stream" } },
    );

  it("E11: a call's timeout: 0 ends it at once with APITimeoutError (it was read as no clock)", async () => {
    const { gw, calls } = serving(silent);
    const error = await within(
      2000,
      gw.chat.completions.create(hello, { timeout: 0 }).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toMatchObject({ phase: "response", timeoutMs: 0 });
    expect(calls.length).toBeLessThanOrEqual(1);
  });

  it("E11: a client's timeout: 0 is the same clock", async () => {
    const { gw } = serving(silent, { timeout: 0 });
    const error = await within(
      2000,
      gw.chat.completions.create(hello).catch((e: unknown) => e),
    );
    expect(error).toMatchObject({ name: "APITimeoutError", phase: "response" });
  });

  it("E11: idleTimeout: 0 ends a stream that waits on the network (phase idle)", async () => {
    const { gw } = serving(stalling);
    const stream = await gw.chat.completions.create({ ...hello, stream: true }, { idleTimeout: 0 });
    const error = await within(
      2000,
      stream.finalContent().catch((e: unknown) => e),
    );
    expect(error).toMatchObject({ name: "APITimeoutError", phase: "idle" });
  });

  it("E11: Infinity is no clock: the call is still waiting when the caller aborts it", async () => {
    const { gw } = serving(silent, { timeout: Number.POSITIVE_INFINITY });
    const error = await within(
      2000,
      gw.chat.completions.create(hello, { signal: AbortSignal.timeout(100) }).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
  });
});
