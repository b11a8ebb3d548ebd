/**
 * Bounded resources: a hostile or broken server cannot make the client buffer without limit.
 * One endless SSE line stops at MAX_EVENT_SIZE; an endless error body is read up to 64 KB.
 */
import { describe, expect, it } from "vitest";
import type { Connection } from "../../src/core/http/connection.js";
import { readSSE } from "../../src/core/streams/sse.js";
import { MAX_EVENT_SIZE } from "../../src/core/streams/sse-parser.js";
import Genway, { InternalServerError, MalformedResponseError } from "../../src/index.js";
import { hello, thrown } from "../support/index.js";

const CHUNK = 64 * 1024;

/** A body that never ends: `head` then `fill` forever, generated lazily; counts what was pulled. */
function endless(head: string, fill: string) {
  const encoder = new TextEncoder();
  const block = encoder.encode(fill.repeat(Math.ceil(CHUNK / fill.length)).slice(0, CHUNK));
  const meter = { pulled: 0, cancelled: false };
  let first = true;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const bytes = first ? encoder.encode(head) : block;
        first = false;
        meter.pulled += bytes.length;
        controller.enqueue(bytes);
      },
      cancel() {
        meter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, meter };
}

function clientAnswering(response: () => Response): Genway {
  return new Genway({
    apiKey: "sk-bounds-test",
    baseURL: "http://gw.test",
    maxRetries: 0,
    logLevel: "off",
    fetch: async () => response(),
  });
}

describe("a single SSE event is bounded", () => {
  const shapes = [
    { name: "one endless data line", head: "data: ", fill: "x" },
    {
      name: "endless data lines with no blank line",
      head: "",
      fill: "data: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n",
    },
    { name: "one endless event name", head: "event: ", fill: "y" },
    { name: "multi-byte characters, CR framing", head: "data: a\rdata: ", fill: "世界😀" },
  ];

  it.each(shapes)(
    "$name: MalformedResponseError, the body is cancelled and no more is pulled",
    async ({ head, fill }) => {
      const { body, meter } = endless(head, fill);
      const gw = clientAnswering(
        () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
      );
      const stream = await gw.chat.completions.create({ ...hello, stream: true });
      const error = await thrown(async () => {
        for await (const _ of stream) {
          // never reached: no event ever completes
        }
      });
      expect(error).toBeInstanceOf(MalformedResponseError);
      expect(error.message).toContain(String(MAX_EVENT_SIZE));
      expect(meter.cancelled).toBe(true);
      expect(stream.controller.signal.aborted).toBe(true);
      // The limit counts characters; a UTF-8 character is at most 4 bytes.
      expect(meter.pulled).toBeLessThan(4 * MAX_EVENT_SIZE + 2 * CHUNK);
      const pulled = meter.pulled;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(meter.pulled).toBe(pulled);
    },
  );

  it("an ASCII line stops within one chunk of the limit", async () => {
    const { body, meter } = endless("data: ", "x");
    const gw = clientAnswering(
      () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
    );
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    expect(await thrown(() => stream.finalCompletion())).toBeInstanceOf(MalformedResponseError);
    expect(meter.pulled).toBeGreaterThan(MAX_EVENT_SIZE);
    expect(meter.pulled).toBeLessThanOrEqual(MAX_EVENT_SIZE + CHUNK + 6);
  });

  it("readSSE takes a smaller limit, and events under it pass", async () => {
    const encoder = new TextEncoder();
    const ok = `data: ${"a".repeat(1000)}\n\n`;
    const big = `data: ${"b".repeat(5000)}\n\n`;
    const body = new Response(encoder.encode(ok + big)).body!;
    const seen: number[] = [];
    const error = await thrown(async () => {
      for await (const batch of readSSE(connectionOver(body), 4096))
        for (const m of batch) seen.push(m.data.length);
    });
    expect(seen).toEqual([1000]);
    expect(error).toBeInstanceOf(MalformedResponseError);
  });
});

describe("error bodies are read up to 64 KB", () => {
  it("a 50 MB error body is not read to its end, and the error is still typed", async () => {
    const total = 50 * 1024 * 1024;
    const encoder = new TextEncoder();
    const head = encoder.encode(
      `{"error":{"message":"disk full","type":"server_error","code":"server_error","detail":"`,
    );
    const block = encoder.encode("z".repeat(16 * 1024));
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= total) return controller.close();
          const bytes = pulled === 0 ? head : block;
          pulled += bytes.length;
          controller.enqueue(bytes);
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const gw = clientAnswering(
      () =>
        new Response(body, {
          status: 500,
          headers: { "content-type": "application/json", "x-request-id": "req-big" },
        }),
    );
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(500);
    expect(error.requestId).toBe("req-big");
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(64 * 1024 + 2 * block.length);
    expect(JSON.stringify(error).length).toBeLessThan(70 * 1024);
  });
});

function connectionOver(body: ReadableStream<Uint8Array>): Connection {
  const controller = new AbortController();
  return {
    response: new Response(body),
    url: "http://gateway.test/v1/chat/completions",
    requestId: undefined,
    controller,
    idleTimeout: Number.POSITIVE_INFINITY,
    abortReason: () => (controller.signal.aborted ? "user" : undefined),
    abort: () => controller.abort(),
    release: () => {},
  };
}

describe("the idle clock measures the server, not the caller", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("a consumer slower than idleTimeout does not time out a server that already sent everything", async () => {
    const frames = ["a", "b", "c"].map(
      (content) =>
        `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content }, finish_reason: content === "c" ? "stop" : null }] })}\n\n`,
    );
    const encoder = new TextEncoder();
    const gw = new Genway({
      apiKey: "sk-bounds-test",
      baseURL: "http://gw.test",
      maxRetries: 0,
      logLevel: "off",
      idleTimeout: 60,
      fetch: async () => {
        let i = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (i < frames.length) controller.enqueue(encoder.encode(frames[i++]!));
            else controller.close();
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      },
    });
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    let text = "";
    for await (const delta of stream.text()) {
      text += delta;
      await sleep(150);
    }
    expect(text).toBe("abc");
  });

  it("a JSON body that trickles in steadily is not cut by idleTimeout, only a silent one is", async () => {
    const encoder = new TextEncoder();
    const json = JSON.stringify({ id: "x", object: "chat.completion", created: 1, model: "m", choices: [] });
    const trickle = (gapMs: number) =>
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          await sleep(gapMs);
          const piece = json.slice(sent, sent + 8);
          sent += piece.length;
          if (piece) controller.enqueue(encoder.encode(piece));
          else controller.close();
        },
      });
    let sent = 0;
    const client = (gap: number) =>
      clientAnsweringWith(
        { idleTimeout: 80 },
        () => new Response(trickle(gap), { headers: { "content-type": "application/json" } }),
      );
    // ~10 pieces 20 ms apart: 200 ms in all, never 80 ms of silence.
    expect((await client(20).chat.completions.create(hello)).id).toBe("x");
    sent = 0;
    const error = await thrown(() => client(200).chat.completions.create(hello));
    expect(error.name).toBe("APITimeoutError");
    expect(error.phase).toBe("idle");
  });
});

function clientAnsweringWith(options: { idleTimeout: number }, response: () => Response): Genway {
  return new Genway({
    apiKey: "sk-bounds-test",
    baseURL: "http://gw.test",
    maxRetries: 0,
    logLevel: "off",
    ...options,
    fetch: async () => response(),
  });
}

describe("an abort is honoured even when the whole body is already buffered", () => {
  it("iteration stops at the next event with APIUserAbortError; snapshot keeps what was handed over", async () => {
    const frames = ["a", "b", "c", "d"]
      .map(
        (content) =>
          `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
      )
      .join("");
    // One chunk holds every event and the end of the body: nothing is left to read when the caller aborts.
    const gw = clientAnswering(
      () => new Response(`${frames}data: [DONE]\n\n`, { headers: { "content-type": "text/event-stream" } }),
    );
    const controller = new AbortController();
    const stream = await gw.chat.completions.create(
      { ...hello, stream: true },
      { signal: controller.signal },
    );
    let seen = 0;
    const error = await thrown(async () => {
      for await (const _ of stream) if (++seen === 2) controller.abort();
    });
    expect(error.name).toBe("APIUserAbortError");
    expect(seen).toBe(2);
    expect(stream.snapshot().choices[0]?.message.content).toBe("ab");
  });
});

describe("tee() branches release the request", () => {
  const body = ["a", "b", "c"]
    .map(
      (content) =>
        `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
    )
    .join("");

  it("closing one branch leaves the other readable; closing both closes the HTTP request", async () => {
    const gw = clientAnswering(
      () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
    );
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    const [left, right] = stream.tee();
    for await (const _ of left) break;
    expect(stream.controller.signal.aborted).toBe(false);
    let text = "";
    for await (const delta of right.text()) {
      text += delta;
      if (text === "ab") break;
    }
    expect(text).toBe("ab");
    expect(stream.controller.signal.aborted).toBe(true);
  });
});
