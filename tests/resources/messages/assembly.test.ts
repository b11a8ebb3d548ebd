/**
 * The Messages assembler, one row per declared event type and per delta type (the tables are typed
 * over MessageStreamEvent["type"] and ContentBlockDelta["type"], so a new one without a row does not
 * compile), and the rule for a delta with no target: it starts a block of the delta's kind.
 */
import { describe, expect, it } from "vitest";
import type { ContentBlockDelta, MessageStreamEvent } from "../../../src/index.js";
import { assemble, checkRow, type Row } from "../../support/index.js";

const start = {
  type: "message_start",
  message: {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "m",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 9, output_tokens: 1 },
  },
};
const block = (content_block: object) => [start, { type: "content_block_start", index: 0, content_block }];
const text = block({ type: "text", text: "" });
const thinking = block({ type: "thinking", thinking: "", signature: "" });
const tool = block({ type: "tool_use", id: "toolu_1", name: "f", input: {} });
const delta = (delta: object) => ({ type: "content_block_delta", index: 0, delta });

const EVENTS: Record<MessageStreamEvent["type"], Row> = {
  message_start: { event: start, after: { id: "msg_1", model: "m", usage: { input_tokens: 9 } } },
  content_block_start: { before: [start], event: text[1]!, after: { content: [{ type: "text", text: "" }] } },
  content_block_delta: {
    before: text,
    event: delta({ type: "text_delta", text: "Hi" }),
    after: { content: [{ text: "Hi" }] },
  },
  content_block_stop: {
    before: [...tool, delta({ type: "input_json_delta", partial_json: '{"a":' })],
    event: { type: "content_block_stop", index: 0 },
    // A snapshot of a block still open already reads its JSON so far the way the stop does (input
    // when it parses, else partial_json): the stop only makes that final and frees the raw text.
    after: "unchanged",
  },
  message_delta: {
    before: [start],
    event: {
      type: "message_delta",
      delta: {
        stop_reason: "refusal",
        stop_sequence: null,
        stop_details: { type: "refusal", category: "cyber", explanation: null },
        container: { id: "c_1", expires_at: "2026-01-01T00:00:00Z" },
      },
      usage: { output_tokens: 7 },
    },
    after: {
      stop_reason: "refusal",
      stop_details: { category: "cyber" },
      container: { id: "c_1" },
      usage: { input_tokens: 9, output_tokens: 7 },
    },
  },
  // The format's end: the stream's ending sees it; the message has nothing to take from it.
  message_stop: { before: [start], event: { type: "message_stop" }, after: "unchanged" },
};

const DELTAS: Record<ContentBlockDelta["type"], Row> = {
  text_delta: {
    before: text,
    event: delta({ type: "text_delta", text: "Hi" }),
    after: { content: [{ type: "text", text: "Hi" }] },
  },
  thinking_delta: {
    before: thinking,
    event: delta({ type: "thinking_delta", thinking: "Hm" }),
    after: { content: [{ type: "thinking", thinking: "Hm" }] },
  },
  signature_delta: {
    before: thinking,
    event: delta({ type: "signature_delta", signature: "sig" }),
    after: { content: [{ type: "thinking", signature: "sig" }] },
  },
  input_json_delta: {
    before: tool,
    event: delta({ type: "input_json_delta", partial_json: '{"a"' }),
    // A block still streaming keeps its JSON raw in a snapshot: nothing paid for is lost.
    after: { content: [{ type: "tool_use", partial_json: '{"a"' }] },
  },
  citations_delta: {
    before: text,
    event: delta({
      type: "citations_delta",
      citation: { type: "web_search_result_location", url: "https://x" },
    }),
    after: { content: [{ citations: [{ url: "https://x" }] }] },
  },
};

describe("the Messages assembler: a row per event type", () => {
  it.each(Object.entries(EVENTS))("%s", (_, row) => checkRow("messages", row));
});

describe("the Messages assembler: a row per delta type", () => {
  it.each(Object.entries(DELTAS))("%s", (_, row) => checkRow("messages", row));
});

describe("a delta with no target starts a block of its kind, so its text is kept", () => {
  it.each([
    ["text_delta", { type: "text_delta", text: "Hi" }, { type: "text", text: "Hi" }],
    [
      "citations_delta",
      { type: "citations_delta", citation: { url: "https://x" } },
      { type: "text", citations: [{ url: "https://x" }] },
    ],
    [
      "thinking_delta",
      { type: "thinking_delta", thinking: "Hm" },
      { type: "thinking", thinking: "Hm", signature: "" },
    ],
    [
      "signature_delta",
      { type: "signature_delta", signature: "sig" },
      { type: "thinking", signature: "sig" },
    ],
    [
      "input_json_delta",
      { type: "input_json_delta", partial_json: '{"a"' },
      { type: "tool_use", id: "", name: "", partial_json: '{"a"' },
    ],
  ])("%s at an index whose block never started", async (_, value, expected) => {
    const { snapshot } = await assemble("messages", [
      start,
      { type: "content_block_delta", index: 1, delta: value },
    ]);
    expect(snapshot.content[0]).toBeUndefined();
    expect(snapshot.content[1]).toMatchObject(expected);
  });

  it("a position that is no slot is ignored; an undeclared event or delta reaches the iteration only", async () => {
    const events = [
      start,
      { type: "content_block_delta", index: -1, delta: { type: "text_delta", text: "a" } },
      { type: "content_block_delta", index: "__proto__", delta: { type: "text_delta", text: "b" } },
      { type: "content_block_delta", index: 0, delta: { type: "compaction_delta", content: "c" } },
      { type: "message_summary", index: 0 },
    ];
    const { yielded, snapshot } = await assemble("messages", events);
    expect(yielded).toEqual(events);
    expect(snapshot.content).toEqual([]);
  });
});
