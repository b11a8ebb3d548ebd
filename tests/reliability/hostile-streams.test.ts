/**
 * Valid JSON of the wrong shape inside a 200 stream: an event that is a string,
 * a number, an array or null is a MalformedResponseError naming the operation, with a bounded
 * excerpt; an object lacking the fields the format puts there (choices, delta, type) is ignored.
 * Never a raw TypeError from inside the SDK. `"error": null` in a normal chunk is no error.
 */
import { describe, expect, it } from "vitest";
import { GenwayError, MalformedResponseError } from "../../src/index.js";
import { drain, drainText, type Format } from "./hostile.js";

const OPERATION: Record<Format, string> = {
  chat: "chat.completions.create",
  messages: "messages.create",
  responses: "responses.create",
  native: "native.streamGenerateContent",
};

/** A valid, complete stream of each format, so that "ignored" is observable as a normal end. */
const TAIL: Record<Format, unknown[]> = {
  chat: [{ id: "c", choices: [{ index: 0, delta: { content: "ok" }, finish_reason: "stop" }] }],
  messages: [
    {
      type: "message_start",
      message: {
        id: "m",
        type: "message",
        role: "assistant",
        content: [],
        model: "x",
        usage: { input_tokens: 1, output_tokens: 1 },
      },
    },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "ok" } },
    { type: "message_stop" },
  ],
  responses: [
    {
      type: "response.output_item.added",
      output_index: 0,
      item: { type: "message", role: "assistant", content: [] },
    },
    {
      type: "response.content_part.added",
      output_index: 0,
      content_index: 0,
      part: { type: "output_text", text: "" },
    },
    { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: "ok" },
    {
      type: "response.completed",
      response: { id: "r", object: "response", status: "completed", output: [] },
    },
  ],
  native: [
    { candidates: [{ index: 0, content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP" }] },
  ],
};

const FORMATS = Object.keys(TAIL) as Format[];
const NOT_OBJECTS: Array<[string, string]> = [
  ["a string", '"just text"'],
  ["a number", "42"],
  ["an array", "[1,2,3]"],
  ["null", "null"],
  ["true", "true"],
  ["a long string", JSON.stringify("x".repeat(5000))],
];

describe.each(FORMATS)("%s stream", (format) => {
  it.each(NOT_OBJECTS)(
    "an event that is %s is a MalformedResponseError naming the operation",
    async (_, data) => {
      const error = await drain(format, [data, ...TAIL[format]]).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MalformedResponseError);
      const message = (error as Error).message;
      expect(message).toContain(OPERATION[format]);
      expect(message).toContain(data.slice(0, 10));
      expect(message.length).toBeLessThan(400);
    },
  );

  const partial: Record<Format, unknown[]> = {
    chat: [
      {},
      { choices: "abc" },
      { choices: 5 },
      {
        choices: [
          null,
          1,
          "x",
          { index: 0 },
          { index: 0, delta: "x" },
          { index: 0, delta: { content: 5, tool_calls: 7 } },
          { index: 0, delta: { tool_calls: [null, { index: 0, function: "x" }] } },
        ],
      },
      { id: "c", usage: null, choices: null },
    ],
    messages: [
      {},
      { type: 5 },
      { type: "message_start" },
      { type: "message_start", message: "x" },
      { type: "content_block_start", index: 0 },
      { type: "content_block_delta", index: 0 },
      { type: "content_block_delta", index: 0, delta: "x" },
      { type: "content_block_stop" },
      { type: "message_delta" },
      { type: "message_delta", delta: null, usage: 5 },
    ],
    responses: [
      {},
      { type: 5 },
      { type: "response.created" },
      { type: "response.created", response: "x" },
      { type: "response.in_progress", response: { output: "abc" } },
      { type: "response.output_item.added" },
      { type: "response.content_part.added", output_index: 0 },
      { type: "response.output_text.delta" },
      { type: "response.reasoning_summary_text.delta", output_index: 0, summary_index: 0 },
    ],
    native: [
      {},
      { candidates: "abc" },
      {
        candidates: [
          null,
          5,
          { content: "x" },
          { content: { parts: "abc" } },
          { content: { parts: [null, 5, { text: 5 }] } },
        ],
      },
      { candidates: null, usageMetadata: null },
    ],
  };

  it("objects lacking the format's fields are ignored: no TypeError, the stream ends normally", async () => {
    const events = [...partial[format], ...TAIL[format]];
    const result = await drain(format, events).catch((e: unknown) => e);
    expect(result).not.toBeInstanceOf(TypeError);
    expect(result instanceof Error ? result : undefined).toBeUndefined();
    expect(JSON.stringify(result)).toContain("ok");
  });

  it("text() over the same events yields only the text", async () => {
    expect(await drainText(format, [...partial[format], ...TAIL[format]])).toBe("ok");
  });

  it("each malformed object alone never escapes as a TypeError", async () => {
    for (const event of partial[format]) {
      const result = await drain(format, [event]).catch((e: unknown) => e);
      if (result instanceof Error) expect(result).toBeInstanceOf(GenwayError);
    }
  });
});

describe('"error": null inside a normal chunk', () => {
  it.each(["chat", "native"] as const)("%s: is not an error", async (format) => {
    const [first, ...rest] = TAIL[format] as Array<Record<string, unknown>>;
    const result = await drain(format, [{ ...first, error: null }, ...rest]);
    expect(JSON.stringify(result)).toContain("ok");
  });
});
