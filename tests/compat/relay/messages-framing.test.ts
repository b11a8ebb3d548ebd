/**
 * How new-api writes /v1/messages streams: every event ends in three newlines,
 * and a failing stream ends with the error as bare JSON on the open stream (no `event:`/`data:`,
 * no newline). The mock's `relayStreams.threeNewlines` and `bareErrorTail` write those bytes
 * (recorded in ./fixtures); genway reads the first as the upstream's framing and throws the typed
 * error the second names, with the partial output kept.
 */
import { describe, expect, it } from "vitest";
import Genway, {
  APIConnectionError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
} from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";
import { expectRecorded, REQUESTS, relayFixture, relayWire, replaying } from "./wire.js";

const hi = (content = "hi") => ({
  model: "claude-sonnet-4-6",
  max_tokens: 64,
  messages: [{ role: "user" as const, content }],
  stream: true as const,
});

describe("relay: Messages events ending in three newlines", () => {
  it("the mock writes new-api's bytes, and they assemble as the upstream's framing does", async () => {
    expectRecorded(
      "messages-three-newlines.sse",
      await relayWire({ threeNewlines: true }, "/v1/messages", REQUESTS.messages("hi")),
    );
    const relayed = await replaying("messages-three-newlines.sse").messages.create(hi());
    const { gw } = await loopback();
    const upstream = await gw.messages.create(hi());
    const [a, b] = [await relayed.finalMessage(), await upstream.finalMessage()];
    expect(a).toEqual(b);
    expect(a.stop_reason).toBe("end_turn");
  });
});

describe("relay: a failing Messages stream ends in bare JSON", () => {
  it("the mock writes new-api's bytes: three-newline events, then the JSON with no framing and no newline", async () => {
    const wire = await relayWire(
      { threeNewlines: true, bareErrorTail: true },
      "/v1/messages",
      REQUESTS.messages("hi [error]"),
    );
    expectRecorded("messages-error-tail.sse", wire);
    expect(
      wire.endsWith(
        '\n\n\n{"error":{"type":"overloaded_error","message":"The upstream model is overloaded, please retry later"},"type":"error"}',
      ),
    ).toBe(true);
  });

  it("throws the overloaded error it names (ServiceUnavailableError), not APIConnectionError; snapshot() keeps the text", async () => {
    const { gw } = await loopback({}, { relayStreams: { threeNewlines: true, bareErrorTail: true } });
    const stream = await gw.messages.create(hi("hi [error]"));
    const error = await thrown(() => stream.finalMessage());
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect(error).toMatchObject({ type: "overloaded_error", requestId: expect.any(String) });
    expect(error.message).toContain("overloaded");
    expect(stream.snapshot().content).toEqual([{ type: "text", text: "Hello from the" }]);
  });

  it("plain iteration throws it too, after every event before it", async () => {
    const stream = await replaying("messages-error-tail.sse").messages.create(hi("hi [error]"));
    let deltas = 0;
    const error = await thrown(async () => {
      for await (const event of stream) if (event.type === "content_block_delta") deltas++;
    });
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(deltas).toBe(3);
  });

  const events = relayFixture("messages-cut.sse").body;
  const bare = (tail: string) => {
    const gw = new Genway({
      apiKey: "sk-relay-replay",
      baseURL: "http://relay.invalid",
      maxRetries: 0,
      logLevel: "off",
      // The tail in two network chunks: a line is read whole whichever way it was cut.
      fetch: async () => {
        const encoder = new TextEncoder();
        const pieces = [events, tail.slice(0, 9), tail.slice(9)];
        const body = new ReadableStream<Uint8Array>({
          pull: (controller) => {
            const piece = pieces.shift();
            if (piece === undefined) controller.close();
            else controller.enqueue(encoder.encode(piece));
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      },
    });
    return gw.messages.create(hi()).then((stream) => thrown(() => stream.finalMessage()));
  };

  it.each([
    [
      "Anthropic's envelope, keys in either order",
      '{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}',
      RateLimitError,
    ],
    [
      "OpenAI's envelope",
      '{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}',
      PermissionDeniedError,
    ],
    [
      "a gateway code",
      '{"error":{"message":"Request count limit exceeded","type":"new_api_error","code":10012}}',
      RateLimitError,
    ],
    [
      "after one more blank line",
      '\n{"error":{"type":"overloaded_error","message":"Overloaded"},"type":"error"}',
      ServiceUnavailableError,
    ],
  ])(
    "any error envelope the decoder knows, written bare, throws its typed error: %s",
    async (_, tail, type) => {
      const error = await bare(tail);
      expect(error).toBeInstanceOf(type);
    },
  );

  it("bare JSON that is no error envelope is ignored, as the SSE grammar ignores an unknown line", async () => {
    const error = await bare('{"note":"not an error"}');
    expect(error.name).toBe("IncompleteStreamError"); // the cut body, its bare line skipped
  });
});
