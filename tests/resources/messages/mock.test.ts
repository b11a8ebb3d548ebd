/** The mock's /v1/messages route speaks the Anthropic framing and envelope. */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../../mock/index.js";
import { namedEvents, rawBody } from "../../support/index.js";

const mock = createMockGateway();
const messages = [{ role: "user", content: "hi" }];
const events = namedEvents;

describe("mock /v1/messages framing", () => {
  it("named events with LF framing in upstream order, the event name repeated as data.type, no [DONE]", async () => {
    const { contentType, text } = await rawBody(mock, "/v1/messages", {
      model: "claude-sonnet-4-5",
      messages,
      stream: true,
    });
    expect(contentType).toBe("text/event-stream");
    expect(text).not.toContain("\r");
    expect(text).not.toContain("[DONE]");
    const list = events(text);
    for (const { event, data } of list) expect(data.type).toBe(event);
    const names = list.map((e) => e.event);
    expect(names.slice(0, 4)).toEqual([
      "message_start",
      "content_block_start",
      "ping",
      "content_block_delta",
    ]);
    expect(names.slice(-3)).toEqual(["content_block_stop", "message_delta", "message_stop"]);
    expect(list[0]!.data.message).toMatchObject({
      content: [],
      stop_reason: null,
      usage: { output_tokens: 1 },
    });
    expect(list.at(-2)!.data).toMatchObject({
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: expect.any(Number) },
    });
  });

  it("thinking and tool use when asked", async () => {
    const { text } = await rawBody(mock, "/v1/messages", {
      model: "claude-sonnet-4-5",
      max_tokens: 4096,
      messages,
      stream: true,
      thinking: { type: "enabled", budget_tokens: 1024 },
      tools: [{ name: "lookup", input_schema: { type: "object", properties: { q: { type: "string" } } } }],
    });
    const starts = events(text)
      .filter((e) => e.event === "content_block_start")
      .map((e) => e.data.content_block.type);
    expect(starts).toEqual(["thinking", "text", "tool_use"]);
    const deltaTypes = new Set(
      events(text).flatMap((e) => (e.event === "content_block_delta" ? [e.data.delta.type] : [])),
    );
    expect([...deltaTypes].sort()).toEqual([
      "input_json_delta",
      "signature_delta",
      "text_delta",
      "thinking_delta",
    ]);
  });

  it("x-api-key alone authenticates", async () => {
    const response = await mock.handle(
      new Request("http://mock.local/v1/messages", {
        method: "POST",
        headers: { "x-api-key": mock.apiKey, "content-type": "application/json" },
        body: JSON.stringify({ model: "claude-sonnet-4-5", messages }),
      }),
    );
    expect(response.status).toBe(200);
  });

  it("errors use the Anthropic envelope; a mid-stream failure is an `error` event", async () => {
    const bad = await rawBody(mock, "/v1/messages", { model: "claude-sonnet-4-5", messages, temperature: 2 });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({
      type: "error",
      error: { type: "invalid_request_error", code: 221306 },
    });
    const { text } = await rawBody(mock, "/v1/messages", {
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: "[error]" }],
      stream: true,
    });
    expect(
      text.endsWith(
        'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"The upstream model is overloaded, please retry later"}}\n\n',
      ),
    ).toBe(true);
  });
});
