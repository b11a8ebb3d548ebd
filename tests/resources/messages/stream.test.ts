/** Messages streams: every event type, text/thinking/tool input assembled, usage, snapshot, error events. */
import { describe, expect, it } from "vitest";
import {
  APITimeoutError,
  APIUserAbortError,
  MessageStream,
  type MessageStreamEvent,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  type ToolUseBlock,
} from "../../../src/index.js";
import { collect, fixture, mockForFile, rejection, replay } from "../../support/index.js";

const h = mockForFile();
const slow = mockForFile({ streamDelayMs: 15 });

const here = new URL(".", import.meta.url);
const user = (content: string) => [{ role: "user" as const, content }];
const weather = {
  name: "get_weather",
  input_schema: {
    type: "object" as const,
    properties: { location: { type: "string" }, unit: { type: "string", enum: ["c", "f"] } },
  },
};

describe("messages streaming", () => {
  it("yields the format's events in order (ping skipped) and assembles the message", async () => {
    const stream = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 256,
      messages: user("Hi there"),
      stream: true,
    });
    expect(stream).toBeInstanceOf(MessageStream);
    expect(h.sent("/v1/messages").at(-1)!.body.stream).toBe(true);
    const events: MessageStreamEvent[] = await collect(stream);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe("message_start");
    expect(types.slice(1, 3)).toEqual(["content_block_start", "content_block_delta"]);
    expect(types.slice(-4)).toEqual([
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(types).not.toContain("ping");
    const message = await stream.finalMessage();
    expect(message.content).toEqual([
      { type: "text", text: 'Hello from the genway mock gateway! You said: "Hi there".' },
    ]);
    expect(message.stop_reason).toBe("end_turn");
    // Input tokens come from message_start, output tokens from message_delta.
    const start = events[0] as Extract<MessageStreamEvent, { type: "message_start" }>;
    const delta = events.at(-2) as Extract<MessageStreamEvent, { type: "message_delta" }>;
    expect(message.usage.input_tokens).toBe(start.message.usage.input_tokens);
    expect(message.usage.output_tokens).toBe(delta.usage.output_tokens);
    expect(message.usage.output_tokens).toBeGreaterThan(1);
  });

  it("text() yields the text deltas only; finalText() joins the text blocks", async () => {
    const stream = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 2048 },
      messages: user("Hi"),
      stream: true,
    });
    const pieces = await collect(stream.text());
    expect(pieces.join("")).toBe('Hello from the genway mock gateway! You said: "Hi".');
    expect(pieces.join("")).not.toContain("The user wrote"); // thinking stays out
    expect(await stream.finalText()).toBe(pieces.join(""));
  });

  it("thinking deltas and the signature are assembled into the thinking block", async () => {
    const stream = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 1024 },
      messages: user("Ponder"),
      stream: true,
    });
    const events = await collect(stream);
    expect(
      events.filter((e) => e.type === "content_block_delta" && e.delta.type === "thinking_delta").length,
    ).toBeGreaterThan(3);
    const message = await stream.finalMessage();
    expect(message.content[0]).toEqual({
      type: "thinking",
      thinking: 'The user wrote "Ponder". A short, friendly answer that echoes it will do.',
      signature: expect.stringMatching(/^sig_/),
    });
    expect(message.content[1]!.type).toBe("text");
  });

  it("tool input JSON split across input_json_delta events is parsed into input", async () => {
    const stream = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      tools: [weather],
      messages: user("Weather in Paris?"),
      stream: true,
    });
    const events = await collect(stream);
    const fragments = events.filter(
      (e) => e.type === "content_block_delta" && e.delta.type === "input_json_delta",
    );
    expect(fragments.length).toBeGreaterThan(3);
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe("tool_use");
    const use = message.content[1] as ToolUseBlock;
    expect(use).toEqual({
      type: "tool_use",
      id: expect.stringMatching(/^toolu_/),
      name: "get_weather",
      input: { location: "sample location", unit: "c" },
    });
    expect(use).not.toHaveProperty("partial_json");
  });

  it("toReadableStream() forwards the events as JSON lines; tee() gives two readers", async () => {
    const stream = await h.gw.messages.create({
      model: "claude-sonnet-4-6",
      messages: user("pipe"),
      stream: true,
    });
    const lines = (await new Response(stream.toReadableStream()).text()).trim().split("\n");
    expect(JSON.parse(lines[0]!).type).toBe("message_start");
    expect(JSON.parse(lines.at(-1)!).type).toBe("message_stop");
    const [a, b] = (
      await h.gw.messages.create({ model: "claude-sonnet-4-6", messages: user("tee"), stream: true })
    ).tee();
    const [first, second] = await Promise.all([a.finalText(), b.finalText()]);
    expect(first).toBe(second);
    expect(first).toContain('"tee"');
  });

  it("snapshot() after abort keeps the text so far", async () => {
    const stream = await slow.gw.messages.create({
      model: "claude-sonnet-4-5",
      messages: user("one two three"),
      stream: true,
    });
    let text = "";
    const error = await rejection(
      (async () => {
        for await (const event of stream) {
          if (event.type === "content_block_delta" && event.delta.type === "text_delta")
            text += event.delta.text;
          if (text.length > 12) stream.abort();
        }
      })(),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    const snapshot = stream.snapshot();
    expect(snapshot.content[0]).toEqual({ type: "text", text });
    expect(snapshot.stop_reason).toBeNull();
    expect(snapshot.id).toMatch(/^msg_/);
  });

  it("snapshot() of a tool call cut off mid-JSON keeps the raw JSON in partial_json", async () => {
    // message_start, block start, ping, 5 text deltas, block stop, tool start, "" and 2 fragments: then a stall.
    h.mock.inject({ match: "/v1/messages", stallAfter: 13 });
    const stream = await h.gw.messages.create(
      { model: "claude-sonnet-4-5", tools: [weather], messages: user("Weather?"), stream: true },
      { idleTimeout: 150 },
    );
    const error = await rejection(stream.finalMessage());
    expect(error).toBeInstanceOf(APITimeoutError);
    const use = stream.snapshot().content[1] as ToolUseBlock;
    expect(use.name).toBe("get_weather");
    expect(use.partial_json).toBe('{"location":"s');
    expect(use.input).toEqual({});
  });

  describe("an error event inside the 200 stream is the same typed error as over HTTP", () => {
    it.each([
      ["[error]", ServiceUnavailableError, "overloaded_error"],
      ["[error:rate_limit]", RateLimitError, "rate_limit_error"],
      ["[error:quota]", PermissionDeniedError, "permission_error"],
    ] as const)("%s", async (prompt, ErrorClass, type) => {
      const stream = await h.gw.messages.create({
        model: "claude-sonnet-4-5",
        messages: user(prompt),
        stream: true,
      });
      const inStream = await rejection(stream.finalMessage());
      expect(inStream).toBeInstanceOf(ErrorClass);
      expect(inStream.type).toBe(type);
      expect(stream.snapshot().content[0]).toEqual({ type: "text", text: "Hello from the" });
      const overHttp = await rejection(
        h.gw.messages.create({ model: "claude-sonnet-4-5", messages: user(prompt) }),
      );
      expect(overHttp.constructor).toBe(inStream.constructor);
      expect(overHttp.type).toBe(inStream.type);
    });
  });

  describe("upstream captures", () => {
    const open = (name: string) =>
      replay(fixture(here, name)).messages.create({
        model: "claude-opus-4-1",
        messages: user("x"),
        stream: true,
      });

    it("a text stream", async () => {
      const message = await (await open("anthropic-messages-stream.txt")).finalMessage();
      expect(message.content).toEqual([{ type: "text", text: "Hello there!" }]);
      expect(message.usage).toMatchObject({ input_tokens: 11, output_tokens: 6 });
      expect(message.stop_reason).toBe("end_turn");
    });

    it("a tool-use stream (first input_json_delta empty)", async () => {
      const message = await (await open("anthropic-tool-stream.txt")).finalMessage();
      expect(message.content[0]).toEqual({
        type: "text",
        text: "I'll check the current weather in Paris for you.",
      });
      expect(message.content[1]).toEqual({
        type: "tool_use",
        id: "toolu_01NRLabsLyVHZPKxbKvkfSMn",
        name: "get_weather",
        input: { location: "Paris" },
      });
      expect(message.usage).toMatchObject({
        input_tokens: 377,
        output_tokens: 65,
        cache_read_input_tokens: 0,
      });
    });

    it("a thinking stream (signature_delta, cumulative usage in message_delta)", async () => {
      const stream = await open("anthropic-thinking-stream.txt");
      const message = await stream.finalMessage();
      expect(message.content[0]).toMatchObject({
        type: "thinking",
        thinking: "The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185",
        signature: expect.stringMatching(/^EvQBCkYI/),
      });
      expect(message.content[1]).toEqual({ type: "text", text: "925 ÷ 5 = 185" });
      expect(message.usage).toMatchObject({ input_tokens: 69, output_tokens: 53 });
    });

    it("an error event", async () => {
      const error = await rejection((await open("anthropic-error-event.txt")).finalMessage());
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error.message).toContain("Overloaded");
    });
  });
});
