/**
 * An empty binary answer is no answer. new-api reads a speech upstream's audio whole before it
 * writes; when that read breaks off it still answers 200 with the upstream's headers and no body
 * (Content-Length: 0), and bills the call (new-api 116255f07 relay/channel/openai/audio.go
 * OpenaiTTSHandler, relay/audio_handler.go). A 0-byte file is never a success, and never retried.
 */
import { describe, expect, it } from "vitest";
import { BinaryResponse, MalformedResponseError } from "../../../src/index.js";
import { loopback, serving, thrown } from "../../support/index.js";

const speech = { model: "tts-1", input: "Hello from genway.", voice: "alloy" } as const;

describe("an empty binary answer", () => {
  it("speech of 0 bytes (Content-Length: 0, as new-api sends it) rejects: no audio, may have been billed, sent once", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2 }, { emptySpeech: true });
    const error = await thrown(() => gw.audio.speech.create(speech));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error).toMatchObject({ status: 200, type: "empty_body", retryable: false });
    expect(error.message).toMatch(/no audio/);
    expect(error.message).toMatch(/may have been billed/);
    expect(error.requestId).toMatch(/^mock-req-/);
    expect(mock.requests).toHaveLength(1);
  });

  it("a chunked body that ends with no bytes (no Content-Length) is the same error", async () => {
    const { gw, calls } = serving(
      () =>
        new Response(new ReadableStream({ start: (controller) => controller.close() }), {
          headers: { "content-type": "audio/mpeg" },
        }),
      { maxRetries: 2 },
    );
    const error = await thrown(() => gw.audio.speech.create(speech));
    expect(error).toMatchObject({ name: "MalformedResponseError", type: "empty_body" });
    expect(calls).toHaveLength(1);
  });

  it("a downloaded file of 0 bytes is one too (an idempotent GET, still not retried: it would be as empty)", async () => {
    let n = 0;
    const { gw } = serving(
      () => {
        n++;
        return new Response(null, { headers: { "content-type": "image/png", "content-length": "0" } });
      },
      { maxRetries: 2 },
    );
    const error = await thrown(() => gw.images.download("http://files.test/x.png"));
    expect(error).toMatchObject({ name: "MalformedResponseError", type: "empty_body" });
    expect(error.message).toMatch(/no file/);
    expect(n).toBe(1);
  });

  it("audio that arrives is streamed whole, its first bytes included", async () => {
    const { gw } = await loopback({}, { speechBytes: 4096 });
    const audio = await gw.audio.speech.create(speech);
    expect(audio).toBeInstanceOf(BinaryResponse);
    const bytes = await audio.bytes();
    expect(bytes.length).toBeGreaterThan(3000);
    expect(String.fromCharCode(...bytes.subarray(0, 3))).toMatch(/ID3|\xff/);
  });
});
