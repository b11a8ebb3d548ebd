/** gw.audio.speech.create: bounds, the wire, and a body that streams (incrementally, under the idle clock). */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sniffMime } from "../../../src/core/uploads/sniff.js";
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  BadRequestError,
  BinaryResponse,
  InternalServerError,
  RateLimitError,
  SPEECH_FORMATS,
  SPEECH_VOICES,
  type SpeechCreateParams,
  ValidationError,
} from "../../../src/index.js";
import { saveToFile } from "../../../src/node/index.js";
import { loopback, thrown } from "../../support/index.js";

const PATH = "/v1/audio/speech";
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const base: SpeechCreateParams = { model: "tts-1", input: "Hello from genway.", voice: "alloy" };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "genway-speech-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("speech bounds, before the wire", () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ["no model", { model: undefined }, "model", "invalid_type"],
    ["no voice", { voice: undefined }, "voice", "invalid_type"],
    ["no input", { input: undefined }, "input", "invalid_type"],
    ["an empty input", { input: "" }, "input", "too_small"],
    ["4097 characters", { input: "x".repeat(4097) }, "input", "too_big"],
    ["speed 0.24", { speed: 0.24 }, "speed", "too_small"],
    ["speed 4.01", { speed: 4.01 }, "speed", "too_big"],
    ["speed as text", { speed: "fast" }, "speed", "invalid_type"],
    ["mp4 (not an audio format)", { response_format: "mp4" }, "response_format", "invalid_value"],
  ])("rejects %s", async (_, params, path, rule) => {
    const { mock, gw } = await loopback();
    const error = await thrown(() => gw.audio.speech.create({ ...base, ...params } as SpeechCreateParams));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([expect.objectContaining({ path, rule })]);
    expect(mock.requests).toHaveLength(0);
  });

  it("accepts the edges: 4096 characters, speed 0.25 and 4.0, every voice, both models", async () => {
    const { mock, gw } = await loopback({}, { speechBytes: 4096 });
    for (const [model, voice, speed] of [
      ["tts-1", "alloy", 0.25],
      ["tts-1-hd", "shimmer", 4],
    ] as const) {
      const audio = await gw.audio.speech.create({ model, voice, speed, input: "é".repeat(4096) });
      await audio.arrayBuffer();
    }
    for (const voice of SPEECH_VOICES) await (await gw.audio.speech.create({ ...base, voice })).arrayBuffer();
    expect(mock.requests).toHaveLength(2 + SPEECH_VOICES.length);
  });

  it("never refuses a model or a voice: newer ones are sent as given", async () => {
    const { mock, gw } = await loopback();
    for (const params of [
      { model: "gpt-4o-mini-tts", voice: "coral", instructions: "Speak cheerfully." },
      { model: "tts-2", voice: "bob" },
      { model: "tts-1-hd", voice: "marin" },
    ]) {
      await (await gw.audio.speech.create({ ...params, input: "Hi" })).arrayBuffer();
      expect(mock.requests.at(-1)!.body).toEqual({ ...params, input: "Hi" });
    }
  });
});

describe("the request", () => {
  it("posts the JSON body as given, with the key and an audio Accept", async () => {
    const { mock, gw } = await loopback();
    const audio = await gw.audio.speech.create({
      ...base,
      speed: 1.5,
      response_format: "opus",
      extra: 1,
    } as SpeechCreateParams);
    await audio.arrayBuffer();
    const [request] = mock.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe(PATH);
    expect(request!.headers.authorization).toBe(`Bearer ${mock.apiKey}`);
    expect(request!.headers.accept).toBe("audio/*");
    expect(request!.body).toEqual({ ...base, speed: 1.5, response_format: "opus", extra: 1 });
  });

  it("is a paid submission: never repeated after a bare 500, repeated after 10012", async () => {
    const { mock, gw } = await loopback({ maxRetries: 2 });
    mock.inject({ match: PATH, status: 500 });
    expect(await thrown(() => gw.audio.speech.create(base))).toBeInstanceOf(InternalServerError);
    expect(mock.requests).toHaveLength(1);
    mock.inject({ match: PATH, code: 10012, retryAfterMs: 10 });
    await (await gw.audio.speech.create(base)).arrayBuffer();
    expect(mock.requests).toHaveLength(3);
  });

  it("turns a JSON error envelope sent with 200 into the typed error", async () => {
    const { mock, gw } = await loopback();
    mock.inject({
      match: PATH,
      status: 200,
      body: JSON.stringify({ error: { message: "Request count limit exceeded", code: 10012 } }),
    });
    const error = await thrown(() => gw.audio.speech.create(base));
    expect(error).toBeInstanceOf(RateLimitError);
  });

  it("D33: the spec's 4096 characters are code points for the library, its price and the mock alike", async () => {
    // The spec's table prices speech per 10,000 characters (the gateway's per token: one a character).
    const { mock, gw } = await loopback({ prices: "spec" }, { speechBytes: 4096 });
    // 3000 emoji: 3000 characters, 6000 UTF-16 units, 12000 UTF-8 bytes.
    const input = "😀".repeat(3000);
    const { data, cost } = await gw.audio.speech.create({ ...base, input }).withResponse();
    await data.arrayBuffer();
    expect(mock.requests).toHaveLength(1);
    // Priced per 10,000 characters: 3000 of them, whatever their size in units or bytes.
    expect(cost!.lines).toEqual([expect.objectContaining({ quantity: 3000 })]);
    const long = await thrown(() => gw.audio.speech.create({ ...base, input: "😀".repeat(4097) }));
    expect(long.issues).toEqual([
      { path: "input", rule: "too_big", message: "must be at most 4096 characters" },
    ]);
    // The mock gateway counts the same way when the client sends without checking.
    const { gw: unchecked } = await loopback({ validation: "off" }, { speechBytes: 4096 });
    await (await unchecked.audio.speech.create({ ...base, input: "😀".repeat(4096) })).arrayBuffer();
    const refused = await thrown(() => unchecked.audio.speech.create({ ...base, input: "😀".repeat(4097) }));
    expect([refused.code, refused.param]).toEqual([221306, "input"]);
  });

  it("reports the mock's own checks (validation: 'off') as 221306", async () => {
    const { gw } = await loopback({ validation: "off" });
    const error = await thrown(() => gw.audio.speech.create({ ...base, speed: 9 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect([error.code, error.param]).toEqual([221306, "speed"]);
    const long = await thrown(() => gw.audio.speech.create({ ...base, input: "x".repeat(4097) }));
    expect([long.code, long.param]).toEqual([221306, "input"]);
    const format = await thrown(() =>
      gw.audio.speech.create({ ...base, response_format: "mp4" } as unknown as SpeechCreateParams),
    );
    expect([format.code, format.param]).toEqual([221306, "response_format"]);
  });
});

describe("the audio", () => {
  const MAGIC: Record<string, [string, (b: Uint8Array) => boolean]> = {
    mp3: ["audio/mpeg", (b) => sniffMime(b) === "audio/mpeg"],
    opus: [
      "audio/ogg",
      (b) => sniffMime(b) === "audio/ogg" && new TextDecoder().decode(b.subarray(28, 36)) === "OpusHead",
    ],
    aac: ["audio/aac", (b) => b[0] === 0xff && (b[1]! & 0xf6) === 0xf0],
    flac: ["audio/flac", (b) => sniffMime(b) === "audio/flac"],
    wav: ["audio/wav", (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WAVE"],
    pcm: ["audio/pcm", (b) => b.length % 2 === 0 && b[0] === 0 && b[1] === 0],
  };

  it.each(SPEECH_FORMATS)("is a %s file of about speechBytes, with its Content-Type", async (format) => {
    const { gw } = await loopback({}, { speechBytes: 100_000 });
    const audio = await gw.audio.speech.create({ ...base, response_format: format });
    expect(audio).toBeInstanceOf(BinaryResponse);
    const [type, valid] = MAGIC[format]!;
    expect(audio.contentType).toBe(type);
    const bytes = await audio.bytes();
    expect(valid(bytes)).toBe(true);
    expect(bytes.length).toBeLessThanOrEqual(100_000);
    expect(bytes.length).toBeGreaterThan(100_000 - 9_000); // whole frames: at most one short
  });

  it("defaults to mp3 and to the mock's 64 KiB", async () => {
    const { gw } = await loopback();
    const audio = await gw.audio.speech.create(base);
    expect(audio.contentType).toBe("audio/mpeg");
    expect((await audio.bytes()).length).toBeGreaterThan(64 * 1024 - 400);
  });

  it("arrives incrementally: the first chunk is here while the server has not finished sending", async () => {
    const { mock, gw } = await loopback({}, { speechBytes: 1024 * 1024 });
    // The server sends one chunk and then holds the rest back, connection open.
    mock.inject({ match: PATH, stallAfter: 1 });
    const audio = await gw.audio.speech.create(base);
    const iterator = audio[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    expect(sniffMime(first.value as Uint8Array)).toBe("audio/mpeg");
    expect((first.value as Uint8Array).length).toBeLessThan(1024 * 1024);
    await iterator.return?.(); // closing early closes the request
    expect(audio.controller.signal.aborted).toBe(true);
  });

  it("yields many chunks for a large body, the sum being the file", async () => {
    const { gw } = await loopback({}, { speechBytes: 1024 * 1024 });
    let chunks = 0;
    let total = 0;
    for await (const chunk of await gw.audio.speech.create(base)) {
      chunks++;
      total += chunk.length;
    }
    expect(chunks).toBeGreaterThan(10);
    expect(total).toBeGreaterThan(1024 * 1024 - 400);
  });

  it("fails a stalled stream with APITimeoutError (idle) instead of hanging", async () => {
    const { mock, gw } = await loopback({ idleTimeout: 100 }, { speechBytes: 512 * 1024 });
    mock.inject({ match: PATH, stallAfter: 2 });
    const audio = await gw.audio.speech.create(base);
    const error = await thrown(async () => {
      for await (const _ of audio) {
        // reading
      }
    });
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.phase).toBe("idle");
  });

  it("a per-call idleTimeout wins over the client's", async () => {
    const { mock, gw } = await loopback({ idleTimeout: 60_000 }, { speechBytes: 512 * 1024 });
    mock.inject({ match: PATH, stallAfter: 1 });
    const audio = await gw.audio.speech.create(base, { idleTimeout: 80 });
    expect(await thrown(() => audio.arrayBuffer())).toBeInstanceOf(APITimeoutError);
  });

  it("stops on the caller's signal mid-stream", async () => {
    const { mock, gw } = await loopback({}, { speechBytes: 512 * 1024 });
    mock.inject({ match: PATH, stallAfter: 1 });
    const controller = new AbortController();
    const audio = await gw.audio.speech.create(base, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect(await thrown(() => audio.arrayBuffer())).toBeInstanceOf(APIUserAbortError);
  });

  it("a connection cut midway is an APIConnectionError", async () => {
    const { mock, gw } = await loopback({}, { speechBytes: 512 * 1024 });
    mock.inject({ match: PATH, cutAfter: 2 });
    const error = await thrown(async () => (await gw.audio.speech.create(base)).arrayBuffer());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
  });
});

describe("saveToFile (genway/node) with a BinaryResponse", () => {
  it("pipes the audio to disk and counts the bytes", async () => {
    const { gw } = await loopback({}, { speechBytes: 3 * 1024 * 1024 });
    const path = join(dir, "hello.flac");
    const audio = await gw.audio.speech.create({ ...base, response_format: "flac" });
    const saved = await saveToFile(audio, path);
    expect(saved.bytes).toBe((await stat(path)).size);
    expect(saved.bytes).toBeGreaterThan(3 * 1024 * 1024 - 9_000);
    expect(sniffMime(await readFile(path))).toBe("audio/flac");
  });

  it("removes the partial file when the stream is cut, and rethrows the typed error", async () => {
    const { mock, gw } = await loopback({}, { speechBytes: 1024 * 1024 });
    mock.inject({ match: PATH, cutAfter: 3 });
    const path = join(dir, "cut.mp3");
    const error = await thrown(async () => saveToFile(await gw.audio.speech.create(base), path));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(await stat(path).catch(() => "gone")).toBe("gone");
  });
});
