/**
 * The Responses assembler, one row per declared event type (the table is typed over
 * ResponseStreamEvent["type"], so a new event without a row does not compile), and the rule for a
 * delta with no target: it starts that target, so its text is kept.
 */
import { describe, expect, it } from "vitest";
import type { ResponseStreamEvent } from "../../../src/index.js";
import { assemble, checkRow, type Row } from "../../support/index.js";

const at = { output_index: 0, item_id: "msg_1" };
const inPart = { ...at, content_index: 0 };
const message = { type: "message", id: "msg_1", role: "assistant", status: "in_progress", content: [] };
const textPart = { type: "output_text", text: "", annotations: [] };
const call = {
  type: "function_call",
  id: "fc_1",
  call_id: "call_1",
  name: "f",
  arguments: "",
  status: "in_progress",
};
const search = { type: "web_search_call", id: "ws_1", status: "in_progress" };
const reasoning = { type: "reasoning", id: "rs_1", summary: [] };
const response = (status: string, output: object[] = []) => ({
  id: "resp_1",
  object: "response",
  created_at: 1,
  status,
  model: "m",
  output,
});
const withMessage = [{ type: "response.output_item.added", output_index: 0, item: message }];
const withText = [...withMessage, { type: "response.content_part.added", ...inPart, part: textPart }];
const withRefusal = [
  ...withMessage,
  { type: "response.content_part.added", ...inPart, part: { type: "refusal", refusal: "" } },
];
const withCall = [{ type: "response.output_item.added", output_index: 0, item: call }];
const withSearch = [{ type: "response.output_item.added", output_index: 0, item: search }];
const withReasoning = [{ type: "response.output_item.added", output_index: 0, item: reasoning }];
const inSummary = { output_index: 0, item_id: "rs_1", summary_index: 0 };

const ROWS: Record<ResponseStreamEvent["type"], Row> = {
  "response.created": {
    event: { type: "response.created", response: response("in_progress") },
    after: { id: "resp_1", status: "in_progress" },
  },
  "response.in_progress": {
    event: { type: "response.in_progress", response: response("in_progress") },
    after: { id: "resp_1" },
  },
  "response.queued": {
    event: { type: "response.queued", response: response("queued") },
    after: { status: "queued" },
  },
  "response.completed": {
    before: withMessage,
    event: {
      type: "response.completed",
      response: { ...response("completed"), usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 } },
    },
    // The output assembled is kept when the closing event's own is empty.
    after: { status: "completed", usage: { total_tokens: 3 }, output: [message] },
  },
  "response.incomplete": {
    event: {
      type: "response.incomplete",
      response: { ...response("incomplete"), incomplete_details: { reason: "max_output_tokens" } },
    },
    after: { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } },
  },
  "response.output_item.added": { event: withMessage[0]!, after: { output: [message] } },
  "response.output_item.done": {
    before: withMessage,
    event: { type: "response.output_item.done", output_index: 0, item: { ...message, status: "completed" } },
    after: { output: [{ status: "completed" }] },
  },
  "response.content_part.added": {
    before: withMessage,
    event: withText[1]!,
    after: { output: [{ content: [textPart] }] },
  },
  "response.content_part.done": {
    before: withText,
    event: { type: "response.content_part.done", ...inPart, part: { ...textPart, text: "Hi" } },
    after: { output_text: "Hi" },
  },
  "response.output_text.delta": {
    before: withText,
    event: { type: "response.output_text.delta", ...inPart, delta: "Hi" },
    after: { output_text: "Hi" },
  },
  "response.output_text.done": {
    before: withText,
    event: { type: "response.output_text.done", ...inPart, text: "Hello" },
    after: { output_text: "Hello" },
  },
  "response.output_text.annotation.added": {
    before: withText,
    event: {
      type: "response.output_text.annotation.added",
      ...inPart,
      annotation_index: 0,
      annotation: { type: "url_citation", url: "https://x" },
    },
    after: { output: [{ content: [{ annotations: [{ url: "https://x" }] }] }] },
  },
  "response.refusal.delta": {
    before: withRefusal,
    event: { type: "response.refusal.delta", ...inPart, delta: "No" },
    after: { output: [{ content: [{ refusal: "No" }] }] },
  },
  "response.refusal.done": {
    before: withRefusal,
    event: { type: "response.refusal.done", ...inPart, refusal: "No." },
    after: { output: [{ content: [{ refusal: "No." }] }] },
  },
  "response.function_call_arguments.delta": {
    before: withCall,
    event: {
      type: "response.function_call_arguments.delta",
      output_index: 0,
      item_id: "fc_1",
      delta: '{"a"',
    },
    after: { output: [{ arguments: '{"a"' }] },
  },
  "response.function_call_arguments.done": {
    before: withCall,
    event: {
      type: "response.function_call_arguments.done",
      output_index: 0,
      item_id: "fc_1",
      arguments: '{"a":1}',
    },
    after: { output: [{ arguments: '{"a":1}' }] },
  },
  "response.web_search_call.in_progress": {
    before: [{ type: "response.output_item.added", output_index: 0, item: { ...search, status: "queued" } }],
    event: { type: "response.web_search_call.in_progress", output_index: 0, item_id: "ws_1" },
    after: { output: [{ status: "in_progress" }] },
  },
  "response.web_search_call.searching": {
    before: withSearch,
    event: { type: "response.web_search_call.searching", output_index: 0, item_id: "ws_1" },
    after: { output: [{ status: "searching" }] },
  },
  "response.web_search_call.completed": {
    before: withSearch,
    event: { type: "response.web_search_call.completed", output_index: 0, item_id: "ws_1" },
    after: { output: [{ status: "completed" }] },
  },
  "response.reasoning_summary_part.added": {
    before: withReasoning,
    event: {
      type: "response.reasoning_summary_part.added",
      ...inSummary,
      part: { type: "summary_text", text: "" },
    },
    after: { output: [{ summary: [{ type: "summary_text", text: "" }] }] },
  },
  "response.reasoning_summary_part.done": {
    before: withReasoning,
    event: {
      type: "response.reasoning_summary_part.done",
      ...inSummary,
      part: { type: "summary_text", text: "Thought." },
    },
    after: { output: [{ summary: [{ text: "Thought." }] }] },
  },
  "response.reasoning_summary_text.delta": {
    before: withReasoning,
    event: { type: "response.reasoning_summary_text.delta", ...inSummary, delta: "Thou" },
    after: { output: [{ summary: [{ type: "summary_text", text: "Thou" }] }] },
  },
  "response.reasoning_summary_text.done": {
    before: [
      ...withReasoning,
      { type: "response.reasoning_summary_text.delta", ...inSummary, delta: "Thou" },
    ],
    event: { type: "response.reasoning_summary_text.done", ...inSummary, text: "Thought." },
    after: { output: [{ summary: [{ text: "Thought." }] }] },
  },
  "response.reasoning_text.delta": {
    before: withReasoning,
    event: {
      type: "response.reasoning_text.delta",
      output_index: 0,
      item_id: "rs_1",
      content_index: 0,
      delta: "Step",
    },
    after: { output: [{ content: [{ type: "reasoning_text", text: "Step" }] }] },
  },
  "response.reasoning_text.done": {
    before: withReasoning,
    event: {
      type: "response.reasoning_text.done",
      output_index: 0,
      item_id: "rs_1",
      content_index: 0,
      text: "Step one.",
    },
    after: { output: [{ content: [{ type: "reasoning_text", text: "Step one." }] }] },
  },
};

describe("the Responses assembler: a row per event type", () => {
  it.each(Object.entries(ROWS))("%s", (_, row) => checkRow("responses", row));
});

describe("a delta with no target starts it, so its text is kept", () => {
  it("new-api's chat-to-Responses conversion: text deltas with no content_part.added", async () => {
    // relaykit/relayconvert/internal/oai_chat/to_oai_responses_stream_resp.go at 116255f07: the
    // message item is added with no content, then output_text.delta at content_index 0.
    const { snapshot } = await assemble("responses", [
      ...withMessage,
      { type: "response.output_text.delta", ...inPart, delta: "Hel" },
      { type: "response.output_text.delta", ...inPart, delta: "lo" },
      { type: "response.output_text.done", ...inPart },
    ]);
    expect(snapshot.output).toEqual([
      { ...message, content: [{ type: "output_text", text: "Hello", annotations: [] }] },
    ]);
    expect(snapshot.output_text).toBe("Hello");
  });

  it.each([
    [
      "an output_text delta with no item",
      { type: "response.output_text.delta", ...inPart, delta: "Hi" },
      { type: "message", id: "msg_1", role: "assistant", content: [{ type: "output_text", text: "Hi" }] },
    ],
    [
      "a refusal delta with no item",
      { type: "response.refusal.delta", ...inPart, delta: "No" },
      { type: "message", content: [{ type: "refusal", refusal: "No" }] },
    ],
    [
      "function-call arguments with no item",
      { type: "response.function_call_arguments.delta", output_index: 0, item_id: "fc_1", delta: "{}" },
      { type: "function_call", id: "fc_1", arguments: "{}" },
    ],
    [
      "a reasoning summary with no item",
      {
        type: "response.reasoning_summary_text.delta",
        output_index: 0,
        item_id: "rs_1",
        summary_index: 0,
        delta: "Hm",
      },
      { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "Hm" }] },
    ],
    [
      "reasoning text with no item",
      {
        type: "response.reasoning_text.delta",
        output_index: 0,
        item_id: "rs_1",
        content_index: 0,
        delta: "Hm",
      },
      { type: "reasoning", content: [{ type: "reasoning_text", text: "Hm" }] },
    ],
  ])("%s", async (_, event, item) => {
    const { snapshot } = await assemble("responses", [event]);
    expect(snapshot.output).toMatchObject([item]);
  });

  it("a position that is no slot (negative, a string, past the bound) is ignored, not started", async () => {
    const { snapshot } = await assemble("responses", [
      { type: "response.output_text.delta", output_index: -1, content_index: 0, delta: "a" },
      { type: "response.output_text.delta", output_index: "__proto__", content_index: 0, delta: "b" },
      { type: "response.output_text.delta", output_index: 0, content_index: 1e9, delta: "c" },
    ]);
    expect(snapshot.output).toEqual([]);
  });

  it("an event the types do not declare reaches the iteration and changes nothing", async () => {
    const event = {
      type: "response.image_generation_call.partial_image",
      output_index: 0,
      partial_image_b64: "AA",
    };
    const { yielded, snapshot } = await assemble("responses", [event]);
    expect(yielded).toEqual([event]);
    expect(snapshot.output).toEqual([]);
  });
});
