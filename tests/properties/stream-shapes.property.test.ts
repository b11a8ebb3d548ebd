/**
 * Random stream events of random shapes: for each of the four stream formats, sequences
 * of valid-JSON events (the format's own fields filled with anything, hostile indices such as
 * "__proto__", own `__proto__` keys, bare strings, numbers, arrays, null) end in a typed error or are
 * ignored. Never a raw TypeError, a polluted prototype, a snapshot that cannot be printed, or a hang.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { isGenwayError } from "../../src/index.js";
import { type Format, openStream, polluted, sse, unpollute } from "../reliability/hostile.js";
import { serving } from "../support/index.js";

afterEach(unpollute);

const wild = fc.jsonValue({ maxDepth: 2 });
const HOSTILE = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "0", "length"];
const index = fc.oneof(
  { weight: 4, arbitrary: fc.nat(4) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE, -1, 1.5, 1e12, Number.MAX_SAFE_INTEGER) },
  { weight: 1, arbitrary: wild },
);
const text = fc.oneof(fc.string({ maxLength: 8 }), wild);

/** An object with some of `fields` (each filled by its arbitrary) and maybe hostile keys. */
function shaped(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const entries = Object.entries(fields).map(([key, value]) => fc.tuple(fc.constant(key), value));
  const hostile = fc.tuple(fc.constantFrom(...HOSTILE), wild);
  return (
    fc
      .tuple(fc.subarray(entries.length ? [...entries.keys()] : []), fc.array(hostile, { maxLength: 2 }))
      .chain(([picked, extra]) =>
        fc.tuple(...picked.map((i) => entries[i]!)).map((pairs) => [...pairs, ...extra]),
      )
      // Written by hand so that a "__proto__" key is an own key of the parsed JSON, as a relay may send.
      .map(
        (pairs) =>
          `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v ?? null)}`).join(",")}}`,
      )
  );
}
const obj = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  shaped(fields).map((json) => JSON.parse(json) as unknown);

const chatChunk = shaped({
  id: text,
  choices: fc.oneof(
    wild,
    fc.array(
      obj({
        index,
        finish_reason: text,
        delta: fc.oneof(
          wild,
          obj({
            content: text,
            refusal: text,
            tool_calls: fc.oneof(
              wild,
              fc.array(
                obj({ index, id: text, function: fc.oneof(wild, obj({ name: text, arguments: text })) }),
                { maxLength: 3 },
              ),
            ),
          }),
        ),
      }),
      { maxLength: 3 },
    ),
  ),
  usage: wild,
  error: fc.constantFrom(null, undefined),
});

const MESSAGE_TYPES = [
  "message_start",
  "content_block_start",
  "content_block_delta",
  "content_block_stop",
  "message_delta",
  "message_stop",
  "ping",
  "x",
];
const messagesEvent = shaped({
  type: fc.oneof(fc.constantFrom(...MESSAGE_TYPES), wild),
  index,
  message: fc.oneof(wild, obj({ id: text, content: wild, usage: wild })),
  content_block: fc.oneof(wild, obj({ type: fc.constantFrom("text", "tool_use", "thinking"), text })),
  delta: fc.oneof(
    wild,
    obj({
      type: fc.constantFrom(
        "text_delta",
        "thinking_delta",
        "input_json_delta",
        "signature_delta",
        "citations_delta",
      ),
      text,
      thinking: text,
      partial_json: text,
      citation: wild,
      stop_reason: text,
    }),
  ),
  usage: wild,
});

const RESPONSE_TYPES = [
  "response.created",
  "response.completed",
  "response.output_item.added",
  "response.content_part.added",
  "response.output_text.delta",
  "response.output_text.done",
  "response.output_text.annotation.added",
  "response.refusal.delta",
  "response.function_call_arguments.delta",
  "response.function_call_arguments.done",
  "response.reasoning_summary_text.delta",
];
const responsesEvent = shaped({
  type: fc.oneof(fc.constantFrom(...RESPONSE_TYPES), wild),
  response: fc.oneof(wild, obj({ id: text, output: fc.oneof(wild, fc.array(wild, { maxLength: 2 })) })),
  output_index: index,
  content_index: index,
  annotation_index: index,
  summary_index: index,
  item: fc.oneof(
    wild,
    obj({ type: fc.constantFrom("message", "function_call", "reasoning"), content: wild, summary: wild }),
  ),
  part: fc.oneof(wild, obj({ type: fc.constantFrom("output_text", "refusal"), text })),
  delta: text,
  text,
  arguments: text,
  annotation: wild,
});

const nativeChunk = shaped({
  candidates: fc.oneof(
    wild,
    fc.array(
      obj({
        index,
        finishReason: text,
        content: fc.oneof(
          wild,
          obj({
            role: text,
            parts: fc.oneof(
              wild,
              fc.array(fc.oneof(wild, obj({ text, thought: wild, thoughtSignature: text })), {
                maxLength: 3,
              }),
            ),
          }),
        ),
      }),
      { maxLength: 3 },
    ),
  ),
  usageMetadata: wild,
  modelVersion: text,
});

const EVENTS: Record<Format, fc.Arbitrary<string>> = {
  chat: chatChunk,
  messages: messagesEvent,
  responses: responsesEvent,
  native: nativeChunk,
};

/** Any valid JSON, mostly shaped like the format's events. */
const events = (format: Format) =>
  fc.array(
    fc.oneof(
      { weight: 6, arbitrary: EVENTS[format] },
      { weight: 1, arbitrary: wild.map((value) => JSON.stringify(value)) },
    ),
    { minLength: 1, maxLength: 8 },
  );

const HANG_MS = 2_000;

async function outcome(format: Format, data: string[]) {
  const { gw } = serving(() => sse(data));
  let snapshot: unknown;
  const run = (async () => {
    const stream = (await openStream(gw, format)) as unknown as AsyncIterable<unknown> & {
      snapshot(): unknown;
      text?: () => AsyncIterable<string>;
    };
    try {
      for await (const _ of stream) {
        // accumulate
      }
    } finally {
      snapshot = stream.snapshot();
    }
  })().then(
    () => ({ error: undefined }),
    (error: unknown) => ({ error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<"hang">((resolve) => {
    timer = setTimeout(() => resolve("hang"), HANG_MS);
  });
  const result = await Promise.race([run, hang]);
  clearTimeout(timer);
  return { result, snapshot };
}

describe.each(["chat", "messages", "responses", "native"] as const)("%s stream", (format) => {
  it("random events end in a typed error or are ignored: no TypeError, pollution or hang", async () => {
    await fc.assert(
      fc.asyncProperty(events(format), async (data) => {
        const { result, snapshot } = await outcome(format, data);
        expect(result).not.toBe("hang");
        const { error } = result as { error: unknown };
        if (error !== undefined) expect(isGenwayError(error), String(error)).toBe(true);
        expect(polluted()).toEqual([]);
        // What the caller can read of it prints, and stays small.
        expect(JSON.stringify(snapshot ?? null).length).toBeLessThan(1_000_000);
      }),
      { numRuns: 150 },
    );
  });
});

describe("responses stream: a counterexample fast-check found", () => {
  it("an output item whose content is an object, not a list, is no TypeError", async () => {
    const events = [
      JSON.stringify({
        type: "response.output_item.added",
        output_index: 0,
        item: { type: "message", content: {} },
      }),
      "{}",
    ];
    const { result } = await outcome("responses", events);
    expect(result).not.toBe("hang");
    const { error } = result as { error: unknown };
    if (error !== undefined) expect(isGenwayError(error), String(error)).toBe(true);
  });
});
