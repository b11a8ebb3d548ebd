/**
 * The chat assembler, one row per declared field of a chunk, of a choice entry and of a delta (the
 * tables are typed over the chunk's declared keys, so a new field without a row does not compile),
 * and the rule for a delta with no target: in this format the first delta is the start.
 */
import { describe, expect, it } from "vitest";
import type { ChatCompletionChunk } from "../../../src/index.js";
import { assemble, checkRow, type Row } from "../../support/index.js";

type Choice = ChatCompletionChunk["choices"][number];
type Delta = Choice["delta"];

const started = [{ id: "c1", choices: [{ index: 0, delta: { role: "assistant" } }] }];
const entry = (fields: object) => ({ choices: [{ index: 0, ...fields }] });
const deltaOf = (delta: object) => entry({ delta });

/** A text field of the message, joined from its deltas. */
const joins = (field: keyof Delta): Row => ({
  before: [...started, deltaOf({ [field]: "H" })],
  event: deltaOf({ [field]: "i" }),
  after: { choices: [{ message: { [field]: "Hi" } }] },
});

const CHUNK: Record<keyof ChatCompletionChunk, Row> = {
  id: { event: { id: "chatcmpl-1" }, after: { id: "chatcmpl-1" } },
  // "chat.completion.chunk": the assembled result is a "chat.completion" whatever the chunks say.
  object: { before: started, event: { object: "chat.completion.chunk" }, after: "unchanged" },
  created: { event: { created: 1700000000 }, after: { created: 1700000000 } },
  model: { event: { model: "gpt-4o" }, after: { model: "gpt-4o" } },
  choices: {
    event: entry({ delta: {} }),
    after: { choices: [{ index: 0, message: { role: "assistant", content: null } }] },
  },
  usage: {
    event: { choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } },
    after: { usage: { total_tokens: 7 } },
  },
  system_fingerprint: { event: { system_fingerprint: "fp_1" }, after: { system_fingerprint: "fp_1" } },
  service_tier: { event: { service_tier: "default" }, after: { service_tier: "default" } },
  // Random padding against side channels.
  obfuscation: { before: started, event: { obfuscation: "x7Q" }, after: "unchanged" },
};

const CHOICE: Record<keyof Choice, Row> = {
  // The choice's position: it picks the choice the other fields edit.
  index: { before: started, event: entry({}), after: "unchanged" },
  delta: {
    before: started,
    event: deltaOf({ content: "Hi" }),
    after: { choices: [{ message: { content: "Hi" } }] },
  },
  finish_reason: {
    before: started,
    event: entry({ finish_reason: "length" }),
    after: { choices: [{ finish_reason: "length" }] },
  },
  logprobs: {
    before: [...started, entry({ logprobs: { content: [{ token: "A", logprob: -1 }] } })],
    event: entry({ logprobs: { content: [{ token: "B", logprob: -2 }] } }),
    after: { choices: [{ logprobs: { content: [{ token: "A" }, { token: "B" }] } }] },
  },
};

const DELTA: Record<keyof Delta, Row> = {
  // Always "assistant", which the message starts as.
  role: { before: started, event: deltaOf({ role: "assistant" }), after: "unchanged" },
  content: joins("content"),
  refusal: joins("refusal"),
  reasoning_content: joins("reasoning_content"),
  reasoning: joins("reasoning"),
  tool_calls: {
    before: [
      ...started,
      deltaOf({
        tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "f", arguments: "" } }],
      }),
    ],
    event: deltaOf({ tool_calls: [{ index: 0, function: { arguments: '{"a":1}' } }] }),
    after: {
      choices: [
        { message: { tool_calls: [{ id: "call_1", function: { name: "f", arguments: '{"a":1}' } }] } },
      ],
    },
  },
  function_call: {
    before: [...started, deltaOf({ function_call: { name: "f", arguments: "" } })],
    event: deltaOf({ function_call: { arguments: "{}" } }),
    after: { choices: [{ message: { function_call: { name: "f", arguments: "{}" } } }] },
  },
};

describe("the chat assembler: a row per field of a chunk", () => {
  it.each(Object.entries(CHUNK))("%s", (_, row) => checkRow("chat", row));
});

describe("the chat assembler: a row per field of a choice entry", () => {
  it.each(Object.entries(CHOICE))("%s", (_, row) => checkRow("chat", row));
});

describe("the chat assembler: a row per field of a delta", () => {
  it.each(Object.entries(DELTA))("%s", (_, row) => checkRow("chat", row));
});

describe("a delta with no target starts it", () => {
  it("a choice or a tool call at a position no chunk had before is started there", async () => {
    const { snapshot } = await assemble("chat", [
      { choices: [{ index: 1, delta: { content: "B" } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 1, function: { arguments: "{}" } }] } }] },
    ]);
    expect(snapshot.choices[1].message.content).toBe("B");
    const calls = snapshot.choices[0].message.tool_calls;
    expect(calls[0]).toBeUndefined();
    expect(calls[1]).toEqual({ id: "", type: "function", function: { name: "", arguments: "{}" } });
  });

  it("a position that is no slot is ignored; an undeclared field reaches the iteration only", async () => {
    const events = [
      ...started,
      {
        choices: [
          { index: -1, delta: { content: "a" } },
          { index: "__proto__", delta: { content: "b" } },
        ],
      },
      deltaOf({ audio: { data: "AA" } }),
      { prompt_filter_results: [] },
    ];
    const { yielded, snapshot } = await assemble("chat", events);
    expect(yielded).toEqual(events);
    expect(snapshot.choices).toEqual([
      { index: 0, message: { role: "assistant", content: null }, finish_reason: null },
    ]);
    expect(snapshot).not.toHaveProperty("prompt_filter_results");
  });
});
