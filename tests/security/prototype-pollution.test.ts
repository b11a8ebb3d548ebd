/**
 * A hostile gateway sends stream events whose array positions are "__proto__" or "constructor".
 * Assembling them must never write onto a shared prototype: an entry whose
 * index is not a small non-negative integer is ignored, the stream still ends normally.
 */
import { afterEach, describe, expect, it } from "vitest";
import { drain, polluted, unpollute } from "../reliability/hostile.js";

const BAD = ["__proto__", "constructor", "prototype", "toString", -1, 1.5, "0", 1e12];

afterEach(unpollute);

describe.each(BAD)("an index of %j", (index) => {
  it("chat completions: tool calls and choices are assembled without pollution", async () => {
    const final = (await drain("chat", [
      {
        id: "c1",
        object: "chat.completion.chunk",
        created: 1,
        model: "gpt-4o",
        choices: [
          {
            index: 0,
            delta: {
              role: "assistant",
              tool_calls: [
                { index, id: "polluted", type: "function", function: { name: "polluted", arguments: "{}" } },
              ],
            },
          },
        ],
      },
      { id: "c1", choices: [{ index, delta: { content: "polluted" } }] },
      { id: "c1", choices: [{ index: 0, delta: { content: "ok" }, finish_reason: "stop" }] },
    ])) as { choices: Array<{ message: { content: string | null; tool_calls?: unknown[] } }> };
    expect(polluted()).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(final.choices).toHaveLength(1);
    expect(final.choices[0]!.message.content).toBe("ok");
    expect(final.choices[0]!.message.tool_calls ?? []).toEqual([]);
  });

  it("responses: output, content, annotation and summary positions", async () => {
    const response = {
      id: "r1",
      object: "response",
      created_at: 1,
      status: "in_progress",
      model: "gpt-5",
      output: [],
    };
    const final = (await drain("responses", [
      { type: "response.created", response },
      { type: "response.output_item.added", output_index: index, item: { type: "message", polluted: true } },
      {
        type: "response.output_item.added",
        output_index: 0,
        item: { type: "message", role: "assistant", content: [] },
      },
      {
        type: "response.content_part.added",
        output_index: 0,
        content_index: index,
        part: { type: "output_text", text: "" },
      },
      {
        type: "response.content_part.added",
        output_index: 0,
        content_index: 0,
        part: { type: "output_text", text: "" },
      },
      { type: "response.output_text.delta", output_index: index, content_index: 0, delta: "polluted" },
      { type: "response.output_text.delta", output_index: 0, content_index: index, delta: "polluted" },
      { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: "ok" },
      {
        type: "response.output_text.annotation.added",
        output_index: 0,
        content_index: 0,
        annotation_index: index,
        annotation: { polluted: true },
      },
      { type: "response.function_call_arguments.delta", output_index: index, delta: "polluted" },
      {
        type: "response.reasoning_summary_text.delta",
        output_index: 0,
        summary_index: index,
        delta: "polluted",
      },
      { type: "response.completed", response: { ...response, status: "completed", output: [] } },
    ])) as { output: unknown[]; output_text: string };
    expect(polluted()).toEqual([]);
    expect(final.output).toHaveLength(1);
    expect(final.output_text).toBe("ok");
  });

  it("native: candidates and their fields", async () => {
    const final = (await drain("native", [
      { candidates: [{ index, content: { role: "model", parts: [{ text: "polluted" }] }, polluted: true }] },
      JSON.parse(
        '{"__proto__": {"polluted": true}, "candidates": [{"index": 0, "__proto__": {"polluted": true}, "content": {"role": "model", "parts": [{"text": "ok"}]}}]}',
      ),
      { candidates: [{ index: 0, content: { role: "model", parts: [] }, finishReason: "STOP" }] },
    ])) as { candidates: Array<{ content: { parts: Array<{ text: string }> }; polluted?: unknown }> };
    expect(polluted()).toEqual([]);
    expect(final.candidates).toHaveLength(1);
    expect(final.candidates[0]!.content.parts).toEqual([{ text: "ok" }]);
    expect(Object.getPrototypeOf(final)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(final.candidates[0])).toBe(Object.prototype);
    expect(final.candidates[0]!.polluted).toBeUndefined();
  });

  it("messages: content block positions", async () => {
    const final = (await drain("messages", [
      {
        type: "message_start",
        message: {
          id: "m1",
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-5",
          content: [],
          usage: { input_tokens: 1, output_tokens: 0 },
        },
      },
      { type: "content_block_start", index, content_block: { type: "text", text: "polluted" } },
      { type: "content_block_delta", index, delta: { type: "text_delta", text: "polluted" } },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "ok" } },
      { type: "content_block_stop", index },
      { type: "content_block_stop", index: 0 },
      {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens: 1 },
      },
      { type: "message_stop" },
    ])) as { content: unknown[] };
    expect(polluted()).toEqual([]);
    expect(Object.getPrototypeOf(final.content)).toBe(Array.prototype);
    expect(final.content).toEqual([{ type: "text", text: "ok" }]);
  });
});
