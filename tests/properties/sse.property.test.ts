/**
 * Properties of the SSE reader: however the network cuts a valid stream into chunks (one byte at a
 * time, inside a multi-byte character, between the CR and LF of a CRLF), the same events come out,
 * with LF, CR and CRLF framing, comments, event names, ids and retry lines in the way, and what
 * relays add between events (keep-alive comments, JSON with no framing) reported as it was sent.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSSE } from "../../src/core/streams/sse.js";
import { KEEP_ALIVE, UNFRAMED } from "../../src/core/streams/sse-parser.js";
import Genway from "../../src/index.js";
import { chunkedBody, fakeConnection, splitText, unicodeText } from "./support.js";

const EOL = fc.constantFrom("\n", "\r", "\r\n");
/** Anything a line may hold: no CR or LF. */
const lineText = (maxLength = 16) => unicodeText(maxLength).map((s) => s.replace(/[\r\n]/g, "_"));

describe("readSSE, driven directly", () => {
  interface Message {
    event?: string;
    id?: string;
    lines: string[];
    eol: string;
    comment?: string;
    retry?: number;
  }

  const message: fc.Arbitrary<Message> = fc.record(
    {
      event: lineText().filter((s) => s !== ""),
      id: lineText().map((s) => s.replace(/\0/g, "0")),
      lines: fc.array(lineText(), { minLength: 1, maxLength: 4 }),
      eol: EOL,
      comment: lineText(),
      retry: fc.nat({ max: 60_000 }),
    },
    { requiredKeys: ["lines", "eol"] },
  );

  /**
   * What relays add between events: a comment alone in its block (a keep-alive, reported as such),
   * and JSON written with no framing (reported whole as unframed, whatever it holds).
   */
  type Extra = { ping: string; eol: string } | { unframed: string; eol: string };
  const extra: fc.Arbitrary<Extra> = fc.oneof(
    fc.record({ ping: lineText(), eol: EOL }),
    fc.record({ unframed: fc.jsonValue().map((value) => JSON.stringify({ error: value })), eol: EOL }),
  );
  type Item = Message | Extra;
  const expected = (item: Item) =>
    "ping" in item
      ? { event: KEEP_ALIVE, data: "", id: undefined }
      : "unframed" in item
        ? { event: UNFRAMED, data: item.unframed, id: undefined }
        : { event: item.event, id: item.id, data: item.lines.join("\n") };

  /** One event as a server writes it, fields in a fixed but realistic order. */
  function frame(m: Item): string {
    if ("ping" in m) return `:${m.ping}${m.eol}${m.eol}`;
    if ("unframed" in m) return `${m.unframed}${m.eol}`;
    const out: string[] = [];
    if (m.comment !== undefined) out.push(`:${m.comment}`);
    if (m.event !== undefined) out.push(`event: ${m.event}`);
    if (m.id !== undefined) out.push(`id: ${m.id}`);
    if (m.retry !== undefined) out.push(`retry: ${m.retry}`);
    for (const line of m.lines) out.push(`data: ${line}`);
    return `${out.join(m.eol)}${m.eol}${m.eol}`;
  }

  const stream = fc
    .record({
      messages: fc.array(fc.oneof({ weight: 3, arbitrary: message }, { weight: 1, arbitrary: extra }), {
        maxLength: 8,
      }),
      closeLast: fc.boolean(),
    })
    .map(({ messages, closeLast }) => {
      let text = messages.map(frame).join("");
      // A server may end without the blank line after its last event.
      const last = messages.at(-1);
      if (!closeLast && last && !("unframed" in last)) text = text.slice(0, text.length - last.eol.length);
      return { messages, text };
    })
    .chain(({ messages, text }) => splitText(text).map((chunks) => ({ messages, chunks })));

  it("yields the events that were written, whatever the chunking and framing", async () => {
    await fc.assert(
      fc.asyncProperty(stream, async ({ messages, chunks }) => {
        const seen = [];
        for await (const batch of readSSE(fakeConnection(chunkedBody(chunks)))) seen.push(...batch);
        expect(seen).toEqual(messages.map(expected));
      }),
      { numRuns: 300 },
    );
  });

  it("a character split across chunks is never replaced by U+FFFD", async () => {
    await fc.assert(
      fc.asyncProperty(
        lineText(40).chain((text) => splitText(`data: ${text}\n\n`).map((chunks) => ({ text, chunks }))),
        async ({ text, chunks }) => {
          const seen: string[] = [];
          for await (const batch of readSSE(fakeConnection(chunkedBody(chunks))))
            for (const m of batch) seen.push(m.data);
          expect(seen).toEqual([text]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a chat stream through the client", () => {
  const chunkPayload = (content: string, i: number) => ({
    id: "chatcmpl-p",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt-4o-mini",
    choices: [{ index: 0, delta: { content }, finish_reason: null as string | null, seq: i }],
  });

  const piece = fc.record({
    content: unicodeText(),
    eol: EOL,
    comment: fc.option(lineText(), { nil: undefined }),
    named: fc.boolean(),
    space: fc.boolean(),
    /** A keep-alive block, or JSON with no framing that is no error, before the chunk: both skipped. */
    before: fc.constantFrom(undefined, ": PING", '{"note":"not an error"}'),
  });

  const scenario = fc
    .record({
      pieces: fc.array(piece, { maxLength: 10 }),
      done: fc.boolean(),
      doneEol: EOL,
      pingFirst: fc.boolean(),
    })
    .map(({ pieces, done: withDone, doneEol, pingFirst }) => {
      let done = withDone;
      // A complete stream: `[DONE]`, or (relays may omit it) a finish reason on the last chunk.
      const payloads = pieces.map((p, i) => chunkPayload(p.content, i));
      const last = payloads.at(-1);
      if (!done && last) last.choices[0]!.finish_reason = "stop";
      if (!last) done = true;
      let text = pingFirst ? ": keep-alive\n\n" : "";
      pieces.forEach((p, i) => {
        if (p.before) text += `${p.before}${p.eol}${p.before.startsWith(":") ? p.eol : ""}`;
        const lines: string[] = [];
        if (p.comment !== undefined) lines.push(`:${p.comment}`);
        if (p.named) lines.push("event: message");
        lines.push(`data:${p.space ? " " : ""}${JSON.stringify(payloads[i])}`);
        text += `${lines.join(p.eol)}${p.eol}${p.eol}`;
      });
      if (done) text += `data: [DONE]${doneEol}${doneEol}`;
      return { payloads, text };
    })
    .chain(({ payloads, text }) => splitText(text).map((chunks) => ({ payloads, chunks })));

  function serving(chunks: Uint8Array[]): Genway {
    return new Genway({
      apiKey: "sk-property-tests",
      baseURL: "http://gw.test",
      maxRetries: 0,
      logLevel: "off",
      fetch: async () =>
        new Response(chunkedBody(chunks), { headers: { "content-type": "text/event-stream" } }),
    });
  }

  it("gives the same chunks and text for any split of the same bytes", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ payloads, chunks }) => {
        const stream = await serving(chunks).chat.completions.create({
          model: "gpt-4o-mini",
          messages: [{ role: "user", content: "hi" }],
          stream: true,
        });
        const events: unknown[] = [];
        for await (const event of stream) events.push(event);
        expect(events).toEqual(payloads);
        expect(stream.snapshot().choices[0]?.message.content ?? "").toBe(
          payloads.map((p) => p.choices[0]!.delta.content).join(""),
        );
      }),
      { numRuns: 200 },
    );
  });
});
