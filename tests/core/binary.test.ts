/** BinaryResponse over a scripted body: streaming, single use, the idle clock, aborts, envelopes in 2xx. */
import { describe, expect, it } from "vitest";
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  GenwayError,
  MalformedResponseError,
  RateLimitError,
} from "../../src/core/errors/errors.js";
import type { Connection } from "../../src/core/http/connection.js";
import { BinaryResponse } from "../../src/core/uploads/binary.js";
import Genway from "../../src/index.js";
import { thrown } from "../support/index.js";

type Step = Uint8Array | { wait: number } | "stall" | "fail";

const bytes = (...values: number[]) => Uint8Array.from(values);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Connection like the transport's: aborting it errors the body, as fetch does. */
function scripted(
  steps: Step[],
  init: { idleTimeout?: number; headers?: Record<string, string>; ignoresAbort?: boolean } = {},
) {
  const controller = new AbortController();
  let reason: "user" | "idle" | undefined;
  let released = 0;
  let pulls = 0;
  const queue = [...steps];
  let streamController!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        streamController = c;
      },
      async pull(c) {
        pulls++;
        for (;;) {
          const step = queue.shift();
          if (step === undefined) return c.close();
          if (step === "stall") return new Promise<void>(() => {});
          if (step === "fail") return c.error(new TypeError("terminated"));
          if (step instanceof Uint8Array) return c.enqueue(step);
          await sleep(step.wait);
        }
      },
    },
    { highWaterMark: 0 },
  );
  if (!init.ignoresAbort) {
    controller.signal.addEventListener("abort", () =>
      streamController.error(new DOMException("aborted", "AbortError")),
    );
  }
  const response = new Response(body, { headers: { "x-request-id": "req-1", ...init.headers } });
  const connection: Connection = {
    response,
    url: "http://gateway.test/v1/audio/speech",
    requestId: "req-1",
    controller,
    idleTimeout: init.idleTimeout ?? 1000,
    abortReason: () => reason ?? (controller.signal.aborted ? "user" : undefined),
    abort: (why) => {
      reason ??= why;
      controller.abort();
    },
    release: () => {
      released++;
    },
  };
  return { connection, controller, released: () => released, pulls: () => pulls };
}

async function collect(binary: BinaryResponse): Promise<number[][]> {
  const chunks: number[][] = [];
  for await (const chunk of binary) chunks.push([...chunk]);
  return chunks;
}

describe("BinaryResponse", () => {
  it("yields the chunks as they arrive and describes the body", async () => {
    const { connection, released } = scripted([bytes(1, 2), { wait: 20 }, bytes(3)], {
      headers: { "content-type": "audio/mpeg", "content-length": "3" },
    });
    const binary = await BinaryResponse.open(connection);
    expect(binary.contentType).toBe("audio/mpeg");
    expect(binary.contentLength).toBe(3);
    expect(binary.requestId).toBe("req-1");
    expect(binary.bodyUsed).toBe(false);
    expect(await collect(binary)).toEqual([[1, 2], [3]]);
    expect(binary.bodyUsed).toBe(true);
    expect(released()).toBe(1);
  });

  it("reads nothing until asked: no chunk is pulled ahead of the consumer", async () => {
    const { connection, pulls } = scripted([bytes(1), bytes(2)]);
    const binary = new BinaryResponse(connection);
    const reader = binary.body.getReader();
    await sleep(10);
    expect(pulls()).toBe(0);
    expect([...((await reader.read()).value ?? [])]).toEqual([1]);
    await sleep(10);
    expect(pulls()).toBe(1);
    reader.releaseLock();
  });

  it("exposes the bytes as a web ReadableStream", async () => {
    const { connection } = scripted([bytes(1), bytes(2, 3)]);
    const binary = new BinaryResponse(connection);
    expect(binary.body).toBeInstanceOf(ReadableStream);
    expect(binary.body).toBe(binary.body);
    expect([...new Uint8Array(await new Response(binary.body).arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it("buffers only when asked: arrayBuffer, bytes and a typed blob", async () => {
    const one = new BinaryResponse(scripted([bytes(1, 2), bytes(3)]).connection);
    expect([...new Uint8Array(await one.arrayBuffer())]).toEqual([1, 2, 3]);
    const two = new BinaryResponse(scripted([bytes(4, 5)]).connection);
    expect([...(await two.bytes())]).toEqual([4, 5]);
    const three = new BinaryResponse(
      scripted([bytes(6)], { headers: { "content-type": "image/png" } }).connection,
    );
    const blob = await three.blob();
    expect(blob.type).toBe("image/png");
    expect(blob.size).toBe(1);
  });

  it("streams its bytes once: a second read says so", async () => {
    const binary = new BinaryResponse(scripted([bytes(1)]).connection);
    await binary.arrayBuffer();
    for (const read of [() => binary.arrayBuffer(), () => binary.blob(), () => collect(binary)]) {
      const error = await thrown(read);
      expect(error).toBeInstanceOf(GenwayError);
      expect(error.message).toMatch(/already been read/);
    }
  });

  it("an empty or missing body is zero bytes", async () => {
    const { connection, released } = scripted([]);
    const none = new BinaryResponse({ ...connection, response: new Response(null) });
    expect(await collect(none)).toEqual([]);
    expect(released()).toBe(1);
  });

  it("fails a stalled body with APITimeoutError (idle) after idleTimeout", async () => {
    const { connection, controller } = scripted([bytes(1), "stall"], { idleTimeout: 80 });
    const binary = new BinaryResponse(connection);
    const seen: number[][] = [];
    const started = Date.now();
    const error = await thrown(async () => {
      for await (const chunk of binary) seen.push([...chunk]);
    });
    expect(seen).toEqual([[1]]);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.phase).toBe("idle");
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(controller.signal.aborted).toBe(true);
  });

  it("ends a stalled read even when the fetch ignores the abort signal (no silently short body)", async () => {
    const { connection } = scripted([bytes(1), "stall"], { idleTimeout: 60, ignoresAbort: true });
    const error = await thrown(() => new BinaryResponse(connection).arrayBuffer());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.phase).toBe("idle");
  });

  it("does not count a slow consumer's pauses against the server", async () => {
    const { connection } = scripted([bytes(1), bytes(2), bytes(3)], { idleTimeout: 40 });
    const binary = new BinaryResponse(connection);
    const seen: number[] = [];
    for await (const chunk of binary) {
      seen.push(...chunk);
      await sleep(120); // three idle windows between two reads
    }
    expect(seen).toEqual([1, 2, 3]);
  });

  it("starts the idle clock at the first read, not when the response arrived", async () => {
    const { connection } = scripted([bytes(1)], { idleTimeout: 30 });
    const binary = new BinaryResponse(connection);
    await sleep(100);
    expect([...(await binary.bytes())]).toEqual([1]);
  });

  it("break closes the HTTP request and releases the caller's signal", async () => {
    const { connection, controller, released } = scripted([bytes(1), bytes(2), "stall"]);
    const binary = new BinaryResponse(connection);
    for await (const chunk of binary) {
      expect([...chunk]).toEqual([1]);
      break;
    }
    expect(controller.signal.aborted).toBe(true);
    expect(released()).toBe(1);
  });

  it("abort() ends a pending read with APIUserAbortError", async () => {
    const { connection } = scripted([bytes(1), "stall"]);
    const binary = new BinaryResponse(connection);
    setTimeout(() => binary.abort(), 30);
    const error = await thrown(() => collect(binary));
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  it("a body cut off midway is an APIConnectionError, not a short file", async () => {
    const { connection } = scripted([bytes(1), "fail"]);
    const error = await thrown(() => new BinaryResponse(connection).arrayBuffer());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
  });
});

/** A client whose fetch answers every request with `body` under `contentType`, counting body pulls. */
function answering(body: Uint8Array, contentType: string) {
  let pulls = 0;
  const gw = new Genway({
    apiKey: "sk-binary-test",
    baseURL: "http://gw.test",
    maxRetries: 0,
    logLevel: "off",
    fetch: async () =>
      new Response(
        new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              pulls++;
              controller.enqueue(body);
              controller.close();
            },
          },
          { highWaterMark: 0 },
        ),
        { headers: { "content-type": contentType } },
      ),
  });
  return { gw, pulls: () => pulls };
}

const speech = { model: "tts-1", voice: "alloy", input: "hi" } as const;

describe("a 2xx JSON body where bytes were asked for (transport.connect)", () => {
  it("passes a binary body through, read no further than its first bytes (it is not empty)", async () => {
    const { gw, pulls } = answering(bytes(0xff, 0xfb), "audio/mpeg");
    const binary = await gw.audio.speech.create(speech);
    expect(pulls()).toBe(1);
    expect([...(await binary.bytes())]).toEqual([0xff, 0xfb]);
  });

  it("turns an error envelope in a 2xx JSON body into the typed error", async () => {
    const envelope = JSON.stringify({ error: { message: "Request count limit exceeded", code: 10012 } });
    const { gw } = answering(new TextEncoder().encode(envelope), "application/json");
    const error = await thrown(() => gw.audio.speech.create(speech));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.code).toBe(10012);
  });

  it("reports other JSON where bytes were expected as a MalformedResponseError", async () => {
    const { gw } = answering(
      new TextEncoder().encode('{"audio":"elsewhere"}'),
      "application/json; charset=utf-8",
    );
    const error = await thrown(() => gw.audio.speech.create(speech));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toMatch(/Expected a binary body/);
    expect(error.body).toContain("elsewhere");
  });
});
