import { describe, expect, it } from "vitest";
import { KEEP_ALIVE, type SSEMessage, SSEParser, UNFRAMED } from "../../src/core/streams/sse-parser.js";
import Genway, {
  APIConnectionError,
  APIUserAbortError,
  GenwayError,
  IncompleteStreamError,
  RateLimitError,
} from "../../src/index.js";
import { hello, thrown } from "../support/index.js";

const encoder = new TextEncoder();

/** A client whose fetch answers with `chunks` as the body, one read each; `onCancel` sees the body closed. */
function clientServing(chunks: Array<string | Uint8Array>, onCancel?: () => void): Genway {
  return new Genway({
    apiKey: "sk-test-key",
    baseURL: "http://gw.test",
    maxRetries: 0,
    logLevel: "off",
    fetch: async () => {
      let i = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (i >= chunks.length) return controller.close();
          const chunk = chunks[i++]!;
          controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
        },
        cancel: () => onCancel?.(),
      });
      return new Response(body, {
        headers: { "content-type": "text/event-stream", "x-request-id": "req-sse" },
      });
    },
  });
}

const chunk = (content: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: "c1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
    ...extra,
  });

async function streamText(gw: Genway): Promise<string> {
  const stream = await gw.chat.completions.create({ ...hello, stream: true });
  let text = "";
  for await (const delta of stream.text()) text += delta;
  return text;
}

describe("SSE reader", () => {
  it("joins a UTF-8 character split between two chunks", async () => {
    const bytes = encoder.encode(`data: ${chunk("héllo → 世界")}\n\ndata: [DONE]\n\n`);
    const cut = bytes.indexOf(0xe4) + 1; // inside the first byte sequence of 世
    expect(await streamText(clientServing([bytes.slice(0, cut), bytes.slice(cut)]))).toBe("héllo → 世界");
  });

  it("accepts CRLF and CR framing, comment lines and event names", async () => {
    const body = [
      `: PING\r\n\r\n`,
      `event: message\r\ndata: ${chunk("a")}\r\n\r\n`,
      `data: ${chunk("b")}\r\r`,
      "data: [DONE]\r\n\r\n",
    ];
    expect(await streamText(clientServing(body))).toBe("ab");
  });

  it("parses a stream split at every byte", async () => {
    const text = `data: ${chunk("one")}\n\ndata: ${chunk(" two")}\n\ndata: [DONE]\n\n`;
    expect(await streamText(clientServing(text.split("")))).toBe("one two");
  });

  it("takes the last event without a trailing blank line, and a stream without [DONE]", async () => {
    const finished = chunk("y", { choices: [{ index: 0, delta: { content: "y" }, finish_reason: "stop" }] });
    expect(await streamText(clientServing([`data: ${chunk("x")}\n\n`, `data: ${finished}`]))).toBe("xy");
  });

  it("a stream that ends before any finish reason is an IncompleteStreamError (not a connection error); snapshot() keeps it", async () => {
    const gw = clientServing([`data: ${chunk("half ")}\n\n`, `data: ${chunk("an answer")}\n\n`]);
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    const error = await thrown(() => stream.finalCompletion());
    expect(error).toBeInstanceOf(IncompleteStreamError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect(error.message).toMatch(/the body ended\) before a finish_reason on every choice/);
    expect(stream.snapshot().choices[0]?.message.content).toBe("half an answer");
  });

  it("throws an error object that arrives mid-stream as the same typed error as HTTP", async () => {
    const gw = clientServing([
      `data: ${chunk("partial")}\n\n`,
      `data: ${JSON.stringify({ error: { message: "Request count limit exceeded", type: "new_api_error", code: 10012 } })}\n\n`,
    ]);
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    const error = await thrown(async () => {
      for await (const _ of stream) {
        // until the error event
      }
    });
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.code).toBe(10012);
    expect(error.requestId).toBe("req-sse");
    expect(stream.snapshot().choices[0]?.message.content).toBe("partial");
  });
});

describe("stream helpers", () => {
  const body = [
    `data: ${chunk("", { choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] })}\n\n`,
    `data: ${chunk("Hi")}\n\n`,
    `data: ${chunk("", { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "get_weather", arguments: "" } }] }, finish_reason: null }] })}\n\n`,
    `data: ${chunk("", { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }, finish_reason: null }] })}\n\n`,
    `data: ${chunk("", { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }, finish_reason: "tool_calls" }] })}\n\n`,
    `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } })}\n\n`,
    "data: [DONE]\n\n",
  ];

  it("finalCompletion() assembles content, tool-call arguments and usage", async () => {
    const stream = await clientServing(body).chat.completions.create({ ...hello, stream: true });
    const completion = await stream.finalCompletion();
    expect(completion.choices[0]?.message).toMatchObject({
      role: "assistant",
      content: "Hi",
      tool_calls: [
        { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
      ],
    });
    expect(completion.choices[0]?.finish_reason).toBe("tool_calls");
    expect(completion.usage).toEqual({ prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 });
    expect(stream.requestId).toBe("req-sse");
  });

  it("tee() gives two streams with the same events", async () => {
    const stream = await clientServing(body).chat.completions.create({ ...hello, stream: true });
    const [left, right] = stream.tee();
    const collect = async (s: typeof stream) => {
      const ids: number[] = [];
      for await (const event of s) ids.push(event.choices.length);
      return ids;
    };
    const [a, b] = await Promise.all([collect(left), collect(right)]);
    expect(a).toEqual([1, 1, 1, 1, 1, 0]);
    expect(b).toEqual(a);
    expect((await right.finalCompletion()).usage?.total_tokens).toBe(12);
  });

  it("toReadableStream() gives newline-delimited JSON events", async () => {
    const stream = await clientServing(body).chat.completions.create({ ...hello, stream: true });
    const text = await new Response(stream.toReadableStream()).text();
    const lines = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(6);
    expect(lines[1].choices[0].delta.content).toBe("Hi");
  });

  it("break closes the HTTP request and keeps the snapshot; finalCompletion() then refuses", async () => {
    let cancelled = false;
    const stream = await clientServing(body, () => {
      cancelled = true;
    }).chat.completions.create({ ...hello, stream: true });
    for await (const event of stream) if (event.choices[0]?.delta.content === "Hi") break;
    expect(cancelled).toBe(true);
    expect(stream.controller.signal.aborted).toBe(true);
    expect(stream.snapshot().choices[0]?.message.content).toBe("Hi");
    expect(await thrown(() => stream.finalCompletion())).toBeInstanceOf(APIUserAbortError);
  });

  it("abort() ends iteration with APIUserAbortError", async () => {
    const stream = await clientServing(body).chat.completions.create({ ...hello, stream: true });
    const error = await thrown(async () => {
      for await (const _ of stream) stream.abort();
    });
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  it("a stream can be iterated once", async () => {
    const stream = await clientServing(body).chat.completions.create({ ...hello, stream: true });
    await stream.finalCompletion();
    const error = await thrown(async () => {
      for await (const _ of stream) {
        // second read
      }
    });
    expect(error).toBeInstanceOf(GenwayError);
  });
});

describe("the SSE grammar (genway's own reader)", () => {
  /** The events `chunks` make, fed one by one, then the end of the body. */
  function parse(...chunks: string[]): SSEMessage[] {
    const parser = new SSEParser();
    const out: SSEMessage[] = [];
    for (const chunk of chunks) parser.feed(chunk, out);
    parser.end(out);
    return out;
  }
  const event = (data: string, event?: string, id?: string) => ({ event, data, id });

  it("fields: `data` with and without the space, multi-line data, `event`, `id`; `retry` and unknown fields ignored", () => {
    expect(parse("event: a\nid: 7\nretry: 100\nfoo: bar\ndata:x\ndata:  y\ndata\n\n", "data: z\n\n")).toEqual(
      [event("x\n y\n", "a", "7"), event("z")],
    );
  });

  it("an id holding NUL is ignored; an empty `event:` is the default type; a block with no data is no event", () => {
    expect(parse("id: a\u0000b\nevent:\ndata: x\n\nevent: lone\n\nid: 3\n\n")).toEqual([event("x")]);
  });

  it("CR, LF and CRLF line ends, a CRLF cut between two chunks, and a last event without its blank line", () => {
    expect(parse("data: a\r", "\ndata: b\r\r", "data: c\n\ndata: d")).toEqual([
      event("a\nb"),
      event("c"),
      event("d"),
    ]);
  });

  it("a comment alone in its block is a keep-alive; a comment inside an event is not", () => {
    expect(parse(": PING\n\n: note\ndata: x\n\n:\r\n\r\n")).toEqual([
      event("", KEEP_ALIVE),
      event("x"),
      event("", KEEP_ALIVE),
    ]);
  });

  it("a line that starts with `{` is reported whole, however it was cut, with or without a line end", () => {
    expect(parse('data: x\n\n\n{"error":', '{"type":"overloaded_error"},"type":"error"}')).toEqual([
      event("x"),
      event('{"error":{"type":"overloaded_error"},"type":"error"}', UNFRAMED),
    ]);
    expect(parse('{"a":1}\r\ndata: y\n\n')).toEqual([event('{"a":1}', UNFRAMED), event("y")]);
  });

  it("past the bound (a line's characters, or data lines adding up) the parser stops, keeping the events before", () => {
    const parser = new SSEParser(10);
    const out: SSEMessage[] = [];
    parser.feed("data: ok\n\ndata: 0123", out); // 10 characters buffered: at the bound

    expect(parser.overflow).toBe(false);
    parser.feed("x", out);
    expect(parser.overflow).toBe(true);
    const lines = new SSEParser(10);
    lines.feed("data: 12345\ndata: 12345\n", out);
    expect(lines.overflow).toBe(true);
    expect(out).toEqual([event("ok")]);
  });
});
