/**
 * Structured answers and tool loops under a hostile or broken gateway (the third adversarial
 * review): partial parsing of large answers held to a counted bound on work (D10), text that is not
 * JSON in a stream (D17), 200 bodies of an unexpected shape in `parse` (D18) and `runTools` (D19),
 * and content sent as a parts array (D30).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  defineTool,
  MalformedResponseError,
  OutputParseError,
  RefusalError,
  zodResponseFormat,
  zodSchema,
  zodTextFormat,
} from "../../src/index.js";
import { PartialJson } from "../../src/lib/partial-json.js";
import { answering, rejection, serving } from "../support/index.js";
import { sse } from "./hostile.js";

const ask = [{ role: "user" as const, content: "x" }];

/** A chat stream whose answer is `text`, in deltas of `size` characters. */
function chatStream(text: string, size: number) {
  const events: unknown[] = [];
  for (let i = 0; i < text.length; i += size) {
    events.push({ id: "c", choices: [{ index: 0, delta: { content: text.slice(i, i + size) } }] });
  }
  events.push({ id: "c", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }, "[DONE]");
  return serving(() => sse(events)).gw;
}

describe("D10: partialObjects() does work linear in the answer", () => {
  const Items = z.object({ items: z.array(z.object({ name: z.string(), qty: z.number() })) });

  it.each([
    ["a 1 MB list of items", 1],
    ["a 1 MB string", 2],
  ] as const)(
    "D10: %s streams with the entries copied into snapshots bounded by the answer's length",
    async (_, shape) => {
      const answer =
        shape === 1
          ? JSON.stringify({
              items: Array.from({ length: 30_000 }, (_, i) => ({ name: `item number ${i}`, qty: i })),
            })
          : JSON.stringify({ items: [{ name: "x".repeat(1_048_576), qty: 1 }] });
      expect(answer.length).toBeGreaterThan(1_000_000);
      const gw = chatStream(answer, 16);
      const stream = await gw.chat.completions.parse({
        model: "m",
        messages: ask,
        response_format: zodResponseFormat(Items, "items"),
        stream: true,
      });
      // Snapshots share their finished containers (by reference) and copy the open ones: the
      // entries of every container no earlier snapshot held are the entries copied.
      const seen = new WeakSet<object>();
      let copied = 0;
      const count = (value: unknown): void => {
        if (typeof value !== "object" || value === null || seen.has(value)) return;
        seen.add(value);
        const entries = Object.values(value);
        copied += entries.length;
        for (const entry of entries) count(entry);
      };
      let snapshots = 0;
      let last: unknown;
      for await (const partial of stream.partialObjects()) {
        snapshots++;
        count(partial);
        last = partial;
      }
      // The copies are paid for by the text read since the last snapshot (at most 8 entries per
      // character, plus the last), whatever the answer's shape.
      expect(copied).toBeLessThanOrEqual(9 * answer.length);
      expect(snapshots).toBeGreaterThan(100);
      expect(last).toEqual(JSON.parse(answer));
      expect((await stream.finalParsed()).items.length).toBe(shape === 1 ? 30_000 : 1);
    },
  );

  it.each([
    ["a 1 MB list of items", 1],
    ["a 1 MB string", 2],
  ] as const)("D10: the parser looks at each character of %s about once, however it is cut", (_, shape) => {
    const answer =
      shape === 1
        ? JSON.stringify({
            items: Array.from({ length: 30_000 }, (_, i) => ({ name: `item number ${i}`, qty: i })),
          })
        : JSON.stringify({ items: [{ name: "x".repeat(1_048_576), qty: 1 }] });
    /** Pieces of text that count every character read from them (the parser reads by charCodeAt). */
    let reads = 0;
    class Counted extends String {
      override charCodeAt(index: number): number {
        reads++;
        return super.charCodeAt(index);
      }
    }
    const parser = new PartialJson();
    for (let i = 0; i < answer.length; i += 16) {
      parser.push(new Counted(answer.slice(i, i + 16)) as unknown as string);
    }
    expect(parser.value).toEqual(JSON.parse(answer));
    // Every character is read, once (a string's closing quote and a number's end twice): a parser
    // that read the text again on every piece would read it thousands of times.
    expect(reads).toBeGreaterThanOrEqual(answer.length);
    expect(reads).toBeLessThanOrEqual(2 * answer.length);
  });

  it("a small answer still gets a snapshot for each delta that changes it", async () => {
    const answer = JSON.stringify({
      items: [
        { name: "soup", qty: 2 },
        { name: "bread", qty: 1 },
      ],
    });
    const stream = await chatStream(answer, 4).chat.completions.parse({
      model: "m",
      messages: ask,
      response_format: zodResponseFormat(Items, "items"),
      stream: true,
    });
    const partials: any[] = [];
    for await (const partial of stream.partialObjects()) partials.push(partial);
    // Deltas: `{"it` `ems"` `:[{"` `name` `":"s` `oup"` `,"qt` `y":2` `},{"` `name` `":"b` `read` ...
    expect(partials.map((p) => JSON.stringify(p))).toEqual([
      "{}",
      '{"items":[{}]}',
      '{"items":[{"name":"s"}]}',
      '{"items":[{"name":"soup"}]}',
      '{"items":[{"name":"soup","qty":2},{}]}',
      '{"items":[{"name":"soup","qty":2},{"name":"b"}]}',
      '{"items":[{"name":"soup","qty":2},{"name":"bread"}]}',
      '{"items":[{"name":"soup","qty":2},{"name":"bread","qty":1}]}',
    ]);
    // Each snapshot is an object of its own: a later delta never changes one already handed out.
    expect(partials[0]).toEqual({});
    expect(partials[3].items).toEqual([{ name: "soup" }]);
  });
});

describe("D17: partialObjects() on text that is not JSON", () => {
  const Recipe = z.object({ title: z.string() });

  it.each([
    ["a ```json fence", '```json\n{"title":"soup"}\n```'],
    ["prose before the object", 'Here you go: {"title":"soup"}'],
  ])(
    "D17: %s ends it with OutputParseError after the whole answer was read; finalParsed() gives its verdict",
    async (_, text) => {
      const stream = await chatStream(text, 3).chat.completions.parse({
        model: "m",
        messages: ask,
        response_format: zodResponseFormat(Recipe, "recipe"),
        stream: true,
      });
      const partials: unknown[] = [];
      const error = await rejection(
        (async () => {
          for await (const partial of stream.partialObjects()) partials.push(partial);
        })(),
      );
      expect(error).toBeInstanceOf(OutputParseError);
      expect(error.raw).toBe(text);
      expect(error.cause).toBeInstanceOf(SyntaxError);
      expect(partials).toEqual([]);
      // The stream was read to its end, not closed: the verdict on the whole answer, and the answer kept.
      const verdict = await rejection(stream.finalParsed());
      expect(verdict).toBeInstanceOf(OutputParseError);
      expect(verdict.raw).toBe(text);
      expect(stream.snapshot().choices[0]!.message.content).toBe(text);
    },
  );

  it("D17: a 50,000-deep array is read without a RangeError, and the answer is validated", async () => {
    const text = `{"title":"a","x":${"[".repeat(50_000)}${"]".repeat(50_000)}}`;
    const stream = await chatStream(text, 1000).chat.completions.parse({
      model: "m",
      messages: ask,
      response_format: zodResponseFormat(Recipe, "recipe"),
      stream: true,
    });
    let last: any;
    for await (const partial of stream.partialObjects()) last = partial;
    expect(last.title).toBe("a");
    expect(await stream.finalParsed()).toEqual({ title: "a" });
  });

  it("D17: a Messages forced-tool stream with a fenced input gives OutputParseError, not a SyntaxError", async () => {
    const json = '```json\n{"title":"soup"}\n```';
    const events = [
      {
        type: "message_start",
        message: { id: "m", type: "message", role: "assistant", content: [], model: "c", usage: {} },
      },
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: "t", name: "json_output", input: {} },
      },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: json } },
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 5 } },
      { type: "message_stop" },
    ];
    const { gw } = serving(() => sse(events, true));
    const stream = await gw.messages.parse({
      model: "c",
      max_tokens: 9,
      messages: ask,
      schema: zodSchema(Recipe),
      stream: true,
    });
    const error = await rejection(
      (async () => {
        for await (const _ of stream.partialObjects()) {
          // nothing is readable
        }
      })(),
    );
    expect(error).toBeInstanceOf(OutputParseError);
    expect(error.raw).toBe(json);
  });
});

describe("D18: parse() on a 200 body of an unexpected shape", () => {
  const S = z.object({ a: z.string() });
  const chat = (gw: any) =>
    gw.chat.completions.parse({ model: "m", messages: ask, response_format: zodResponseFormat(S, "s") });
  const messages = (gw: any) =>
    gw.messages.parse({ model: "c", max_tokens: 9, messages: ask, schema: zodSchema(S) });
  const responses = (gw: any) =>
    gw.responses.parse({ model: "g", input: "x", text: { format: zodTextFormat(S, "s") } });

  it.each([
    ["chat, {} (no choices)", {}, chat, "choices"],
    ["chat, choices: null", { choices: null }, chat, "choices"],
    ['chat, choices: "ok"', { choices: "ok" }, chat, "choices"],
    ["chat, choices: []", { id: "c", choices: [] }, chat, "choices"],
    [
      "chat, a choice without message",
      { choices: [{ index: 0, finish_reason: "stop" }] },
      chat,
      "choices.0.message",
    ],
    ["chat, a choice that is a string", { choices: ["x"] }, chat, "choices.0"],
    ["messages, content missing", { type: "message", stop_reason: "end_turn" }, messages, "content"],
    [
      "messages, content: null",
      { type: "message", content: null, stop_reason: "end_turn" },
      messages,
      "content",
    ],
    ["responses, {} (no output)", {}, responses, "output"],
    ["responses, output: null", { output: null, status: "completed" }, responses, "output"],
  ])("D18: %s is a MalformedResponseError naming what is missing", async (_, body, call, missing) => {
    const { gw, sent } = answering(body);
    const error = await rejection(call(gw));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toContain(missing);
    expect(error.body).toEqual(body);
    expect(sent).toHaveLength(1);
  });
});

describe("D19: runTools on a 200 body of an unexpected shape", () => {
  let ran = 0;
  const t = defineTool({
    name: "t",
    parameters: z.object({}),
    run: () => {
      ran++;
      return "x";
    },
  });
  const chat = (gw: any) => gw.chat.completions.runTools({ model: "m", messages: ask, tools: [t] });
  const messages = (gw: any) =>
    gw.messages.runTools({ model: "c", max_tokens: 9, messages: ask, tools: [t] });
  const responses = (gw: any) => gw.responses.runTools({ model: "g", input: "x", tools: [t] });
  const callWithout = (call: unknown) => ({
    choices: [{ index: 0, message: { role: "assistant", tool_calls: [call] }, finish_reason: "tool_calls" }],
  });

  it.each([
    ["chat, {}", {}, chat, "choices"],
    [
      "chat, a tool call without function",
      callWithout({ id: "x", type: "function" }),
      chat,
      "choices.0.message.tool_calls.0.function",
    ],
    [
      "chat, a tool call without a name",
      callWithout({ id: "x", type: "function", function: {} }),
      chat,
      "choices.0.message.tool_calls.0.function.name",
    ],
    [
      "chat, a tool call without an id",
      callWithout({ type: "function", function: { name: "t" } }),
      chat,
      "choices.0.message.tool_calls.0.id",
    ],
    [
      'chat, tool_calls: "abc"',
      { choices: [{ index: 0, message: { role: "assistant", tool_calls: "abc" } }] },
      chat,
      "choices.0.message.tool_calls",
    ],
    ["messages, {}", {}, messages, "content"],
    [
      "messages, content: null",
      { type: "message", content: null, stop_reason: "tool_use" },
      messages,
      "content",
    ],
    [
      'messages, content: "x"',
      { type: "message", content: "x", stop_reason: "end_turn" },
      messages,
      "content",
    ],
    [
      "messages, a tool_use block without an id",
      { content: [{ type: "tool_use", name: "t", input: {} }] },
      messages,
      "content.0.id",
    ],
    ["responses, {}", {}, responses, "output"],
    ["responses, output: null", { output: null }, responses, "output"],
    ['responses, output: "x"', { output: "x" }, responses, "output"],
    [
      "responses, a function_call without call_id",
      { output: [{ type: "function_call", name: "t", arguments: "{}" }] },
      responses,
      "output.0.call_id",
    ],
  ])(
    "D19: %s is a MalformedResponseError naming what is missing, after one call",
    async (_, body, run, missing) => {
      ran = 0;
      const { gw, sent } = answering(body);
      const error = await rejection(run(gw).finalContent());
      expect(error).toBeInstanceOf(MalformedResponseError);
      expect(error.message).toContain(`has no ${missing} (`);
      expect(sent).toHaveLength(1);
      expect(ran).toBe(0);
    },
  );
});

describe("D30: chat parse reads text and refusals where the format puts them", () => {
  const S = z.object({ a: z.string() });
  const parse = (message: unknown) =>
    answering({ id: "c", choices: [{ index: 0, message, finish_reason: "stop" }] }).gw.chat.completions.parse(
      {
        model: "m",
        messages: ask,
        response_format: zodResponseFormat(S, "s"),
      },
    );

  it("D30: content as a list of text parts is the answer's text", async () => {
    const completion = await parse({
      role: "assistant",
      content: [
        { type: "text", text: '{"a":' },
        { type: "text", text: '"hello"}' },
      ],
    });
    expect(completion.choices[0]!.message.parsed).toEqual({ a: "hello" });
  });

  it("D30: text parts that are not JSON are the raw of the OutputParseError, not null", async () => {
    const error = await rejection(
      parse({ role: "assistant", content: [{ type: "text", text: "Sorry, no JSON" }] }),
    );
    expect(error).toBeInstanceOf(OutputParseError);
    expect(error.raw).toBe("Sorry, no JSON");
  });

  it("D30: a refusal part, or a refusal sent as an object, gives its text", async () => {
    const part = await rejection(
      parse({ role: "assistant", content: [{ type: "refusal", refusal: "I can't help with that." }] }),
    );
    expect(part).toBeInstanceOf(RefusalError);
    expect(part.refusal).toBe("I can't help with that.");
    const object = await rejection(
      parse({ role: "assistant", content: null, refusal: { type: "refusal", refusal: "No." } }),
    );
    expect(object).toBeInstanceOf(RefusalError);
    expect(object.refusal).toBe("No.");
  });
});
