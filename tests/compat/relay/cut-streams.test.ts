/**
 * An upstream cut mid-stream, as new-api relays it: the mock's
 * `relayStreams.cutAfter` writes the relay's bytes (recorded in ./fixtures with their source), and
 * genway proves completeness by each format's own end, never by `[DONE]` or the end of the body:
 * `final…()` rejects with IncompleteStreamError, `snapshot()` keeps every delta, plain iteration ends
 * quietly.
 */
import { describe, expect, it } from "vitest";
import { APIConnectionError, IncompleteStreamError } from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";
import { expectRecorded, REQUESTS, relayWire, replaying } from "./wire.js";

const hi = [{ role: "user" as const, content: "hi" }];

describe("relay: a chat stream cut upstream (last chunk, estimated usage chunk, [DONE])", () => {
  it("the mock writes new-api's bytes: no finish_reason, then `choices: []` with the estimate, then [DONE]", async () => {
    const wire = await relayWire({ cutAfter: 3 }, "/v1/chat/completions", REQUESTS.chat);
    expectRecorded("chat-cut.sse", wire);
    expect(wire).not.toContain('"finish_reason":"stop"');
    expect(
      wire.endsWith(
        '"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":3,"total_tokens":12,"prompt_tokens_details":{"cached_tokens":0,"text_tokens":0,"audio_tokens":0,"image_tokens":0},"completion_tokens_details":{"text_tokens":0,"audio_tokens":0,"image_tokens":0,"reasoning_tokens":0},"input_tokens":0,"output_tokens":0,"input_tokens_details":null,"claude_cache_creation_5_m_tokens":0,"claude_cache_creation_1_h_tokens":0}}\n\ndata: [DONE]\n\n',
      ),
    ).toBe(true);
  });

  it("finalCompletion() and finalContent() reject with IncompleteStreamError (not a connection error); snapshot() keeps the text and the relay's usage", async () => {
    const { gw } = await loopback({}, { relayStreams: { cutAfter: 3 } });
    const stream = await gw.chat.completions.create({ model: "gpt-4o-mini", messages: hi, stream: true });
    const error = await thrown(() => stream.finalCompletion());
    expect(error).toBeInstanceOf(IncompleteStreamError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect(error).toMatchObject({
      missing: "a finish_reason on every choice",
      requestId: expect.any(String),
    });
    expect(error.message).toMatch(/ended \(\[DONE\]\) before a finish_reason on every choice/);
    await expect(stream.finalContent()).rejects.toBe(error);
    const snapshot = stream.snapshot();
    expect(snapshot.choices[0]).toMatchObject({
      message: { content: "Hello from the" },
      finish_reason: null,
    });
    expect(snapshot.usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 3 });
  });

  it("a recorded cut body replayed: the same rejection, and plain iteration ends quietly with every chunk", async () => {
    const stream = await replaying("chat-cut.sse").chat.completions.create({
      model: "gpt-4o-mini",
      messages: hi,
      stream: true,
    });
    let chunks = 0;
    for await (const _ of stream) chunks++;
    expect(chunks).toBe(5); // the role chunk, three deltas, the usage chunk
    expect(await thrown(() => stream.finalCompletion())).toBeInstanceOf(IncompleteStreamError);
    expect(stream.snapshot().choices[0]?.message.content).toBe("Hello from the");
  });

  it("finalParsed() of a cut structured answer rejects with IncompleteStreamError too", async () => {
    const { gw } = await loopback({}, { relayStreams: { cutAfter: 4 } });
    const { z } = await import("zod");
    const { zodResponseFormat } = await import("../../../src/index.js");
    const stream = await gw.chat.completions.parse({
      model: "gpt-4o-mini",
      messages: hi,
      response_format: zodResponseFormat(z.object({ city: z.string() }), "place"),
      stream: true,
    });
    expect(await thrown(() => stream.finalParsed())).toBeInstanceOf(IncompleteStreamError);
    expect(stream.snapshot().choices[0]?.message.content?.length).toBeGreaterThan(0);
  });
});

describe("relay: a Messages stream cut upstream without an error (no message_delta, no message_stop)", () => {
  it("the mock writes new-api's bytes: the events so far, each ending in three newlines, then the end of the body", async () => {
    const wire = await relayWire(
      { cutAfter: 3, threeNewlines: true },
      "/v1/messages",
      REQUESTS.messages("hi"),
    );
    expectRecorded("messages-cut.sse", wire);
    expect(wire).not.toMatch(/message_delta|message_stop/);
  });

  it("finalMessage() rejects with IncompleteStreamError naming message_stop; snapshot() keeps the text", async () => {
    const { gw } = await loopback({}, { relayStreams: { cutAfter: 3, threeNewlines: true } });
    const stream = await gw.messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 64,
      messages: hi,
      stream: true,
    });
    const error = await thrown(() => stream.finalMessage());
    expect(error).toBeInstanceOf(IncompleteStreamError);
    expect(error).toMatchObject({ missing: "message_stop" });
    expect(stream.snapshot().content).toEqual([{ type: "text", text: "Hello from the" }]);
    await expect(stream.finalText()).rejects.toBe(error);
  });

  it("a recorded cut body replayed: plain iteration ends quietly, finalMessage() rejects", async () => {
    const stream = await replaying("messages-cut.sse").messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 64,
      messages: hi,
      stream: true,
    });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types).toEqual(["message_start", "content_block_start", ...Array(3).fill("content_block_delta")]);
    expect(await thrown(() => stream.finalMessage())).toBeInstanceOf(IncompleteStreamError);
  });
});

describe("relay: a Responses stream cut upstream (no response.completed)", () => {
  it("the mock writes new-api's bytes, and finalResponse() rejects with IncompleteStreamError", async () => {
    expectRecorded(
      "responses-cut.sse",
      await relayWire({ cutAfter: 3 }, "/v1/responses", REQUESTS.responses),
    );
    const { gw } = await loopback({}, { relayStreams: { cutAfter: 3 } });
    const stream = await gw.responses.create({ model: "gpt-5", input: "hi", stream: true });
    const error = await thrown(() => stream.finalResponse());
    expect(error).toBeInstanceOf(IncompleteStreamError);
    expect(error).toMatchObject({ missing: "response.completed" });
    expect(stream.snapshot().output_text).toBe("Hello from the");
    const replayed = await replaying("responses-cut.sse").responses.create({
      model: "gpt-5",
      input: "hi",
      stream: true,
    });
    expect(await thrown(() => replayed.finalText())).toBeInstanceOf(IncompleteStreamError);
  });
});

describe("relay: a native stream cut upstream (no finishReason)", () => {
  it("the mock writes new-api's bytes, and finalResponse() rejects with IncompleteStreamError", async () => {
    const path = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse";
    expectRecorded("native-cut.sse", await relayWire({ cutAfter: 2 }, path, REQUESTS.native));
    const { gw } = await loopback({}, { relayStreams: { cutAfter: 2 } });
    const stream = await gw.native.streamGenerateContent({ model: "gemini-2.5-flash", ...REQUESTS.native });
    const error = await thrown(() => stream.finalResponse());
    expect(error).toBeInstanceOf(IncompleteStreamError);
    expect(error).toMatchObject({ missing: "a finishReason on every candidate" });
    expect(stream.snapshot().candidates?.[0]?.content?.parts?.[0]?.text).toMatch(/^Hello from the genway/);
    const replayed = await replaying("native-cut.sse").native.streamGenerateContent({
      model: "gemini-2.5-flash",
      ...REQUESTS.native,
    });
    expect(await thrown(() => replayed.finalText())).toBeInstanceOf(IncompleteStreamError);
  });
});
