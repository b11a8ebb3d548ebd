/**
 * Both ends of a browser stream: a server route streams a gateway stream to its client with
 * `toReadableStream()` (server-sent events or NDJSON), and the client rebuilds the typed stream with
 * the format's `fromReadableStream(body)`, helpers and all, and gets the same final result the server
 * assembled. Over a real Node http server on loopback (sockets, as a page meets them) and through a
 * fetch-style Request handler; cancelling on the client's side closes the server's upstream request.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ChatCompletionStream as OpenAIChatCompletionStream } from "openai/lib/ChatCompletionStream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  APIUserAbortError,
  ChatCompletionStream,
  type EventStream,
  GenerateContentStream,
  type Genway,
  IncompleteStreamError,
  MessageStream,
  RateLimitError,
  type ReadableStreamOptions,
  ResponseStream,
  ValidationError,
} from "../../src/index.js";
import { collect, loopback, mockForFile, rejection, thrown } from "../support/index.js";

type Stream = EventStream<unknown, object> & { snapshot(): object };
type Format = "chat" | "messages" | "responses" | "native";

/** Each format: a gateway stream on the server, the page's rebuild, and the final result's reader. */
const FORMATS: Record<
  Format,
  {
    open(gw: Genway, prompt: string): Promise<Stream>;
    rebuild(body: ReadableStream<Uint8Array>): Stream;
    final(stream: any): Promise<object>;
    /** The first bytes of the format's own SSE framing. */
    framing: RegExp;
  }
> = {
  chat: {
    open: (gw, prompt) =>
      gw.chat.completions.create({
        model: "deepseek-reasoner",
        messages: [{ role: "user", content: prompt }],
        stream: true,
      }),
    rebuild: (body) => ChatCompletionStream.fromReadableStream(body),
    final: (stream) => stream.finalCompletion(),
    framing: /^data: \{"id"/,
  },
  messages: {
    open: (gw, prompt) =>
      gw.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 2048,
        thinking: { type: "enabled", budget_tokens: 1024 },
        messages: [{ role: "user", content: prompt }],
        stream: true,
      }),
    rebuild: (body) => MessageStream.fromReadableStream(body),
    final: (stream) => stream.finalMessage(),
    framing: /^event: message_start\ndata: \{"type":"message_start"/,
  },
  responses: {
    open: (gw, prompt) =>
      gw.responses.create({
        model: "gpt-5",
        input: prompt,
        reasoning: { effort: "low", summary: "auto" },
        stream: true,
      }),
    rebuild: (body) => ResponseStream.fromReadableStream(body),
    final: (stream) => stream.finalResponse(),
    framing: /^event: response.created\ndata: \{"type":"response.created"/,
  },
  native: {
    open: (gw, prompt) =>
      gw.native.streamGenerateContent({
        model: "gemini-2.5-flash",
        contents: [{ role: "user", parts: [{ text: prompt }] }],
        generationConfig: { thinkingConfig: { includeThoughts: true } },
      }),
    rebuild: (body) => GenerateContentStream.fromReadableStream(body),
    final: (stream) => stream.finalResponse(),
    framing: /^data: \{"candidates"/,
  },
};

const gateway = mockForFile({ streamDelayMs: 2 });
const slow = mockForFile({ streamDelayMs: 25 });

/** The server's streams, by request, for what the test checks of them once the route has answered. */
const served: Stream[] = [];

/**
 * The route: `GET /<format>?as=sse|ndjson&prompt=...&slow` opens a stream on the gateway and writes
 * it to the response as `toReadableStream()` encodes it. The client leaving cancels the body.
 */
async function route(url: URL): Promise<{ body: ReadableStream<Uint8Array>; type: string }> {
  const format = url.pathname.slice(1) as Format;
  const as = (url.searchParams.get("as") ?? "ndjson") as ReadableStreamOptions["format"];
  const gw = url.searchParams.has("slow") ? slow.gw : gateway.gw;
  const stream = await FORMATS[format].open(gw, url.searchParams.get("prompt") ?? "Hello");
  served.push(stream);
  const type = as === "sse" ? "text/event-stream; charset=utf-8" : "application/x-ndjson";
  return { body: stream.toReadableStream({ format: as }), type };
}

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const opened = await route(new URL(req.url ?? "/", "http://route")).catch((error: Error) => error);
    if (opened instanceof Error) return void res.writeHead(500).end(opened.message);
    const { body, type } = opened;
    res.writeHead(200, { "content-type": type, "cache-control": "no-cache" });
    const reader = body.getReader();
    // The client went away: cancel the body, which closes the stream's request upstream.
    res.on("close", () => void reader.cancel().catch(() => {}));
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      res.write(value);
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe.each(["sse", "ndjson"] as const)("a server route streaming %s", (as) => {
  it.each(Object.keys(FORMATS) as Format[])(
    "%s: the client rebuilds the typed stream and gets the server's final result",
    async (format) => {
      const { rebuild, final } = FORMATS[format];
      const response = await fetch(`${origin}/${format}?as=${as}&prompt=${encodeURIComponent("Say hi")}`);
      const [one, two] = rebuild(response.body!).tee();
      const [text, reasoning] = await Promise.all([collect(one.text()), collect(two.reasoning())]);
      const rebuilt = await final(one);
      // The server's stream assembled the same result (its snapshot adds the call's cost).
      const { cost: _, costReason: __, ...assembled } = served.at(-1)!.snapshot() as Record<string, unknown>;
      expect(rebuilt).toEqual(assembled);
      expect(text.join("")).toBe('Hello from the genway mock gateway! You said: "Say hi".');
      expect(reasoning.join("")).not.toBe("");
      expect(await final(two)).toEqual(rebuilt);
    },
  );
});

describe("the SSE encoding", () => {
  it.each(Object.keys(FORMATS) as Format[])("%s: the format's own framing", async (format) => {
    const text = await (await fetch(`${origin}/${format}?as=sse`)).text();
    expect(text).toMatch(FORMATS[format].framing);
    expect(text.endsWith("\n\n")).toBe(true);
    expect(text.includes("data: [DONE]")).toBe(format === "chat");
  });

  it("an error inside the stream reaches the client as the format's error event, the same typed error", async () => {
    for (const format of Object.keys(FORMATS) as Format[]) {
      const response = await fetch(
        `${origin}/${format}?as=sse&prompt=${encodeURIComponent("[error:rate_limit]")}`,
      );
      const stream = FORMATS[format].rebuild(response.body!);
      const error = await rejection(FORMATS[format].final(stream));
      expect(error, format).toBeInstanceOf(RateLimitError);
      // The deltas before the error are kept on the client's side too.
      expect(JSON.stringify(stream.snapshot()), format).toContain("Hello from the");
    }
  });

  it("a cut upstream stays a cut: the client's final…() rejects with IncompleteStreamError", async () => {
    const { gw } = await loopback({}, { relayStreams: { cutAfter: 3 } });
    const stream = (await FORMATS.chat.open(gw, "A long answer")) as ChatCompletionStream;
    const rebuilt = ChatCompletionStream.fromReadableStream(stream.toReadableStream({ format: "sse" }));
    const error = await rejection(rebuilt.finalCompletion());
    expect(error).toBeInstanceOf(IncompleteStreamError);
    expect(rebuilt.snapshot().choices[0]!.message.content).toBe("Hello from the");
  });
});

describe("cancelling on the client's side closes the server's upstream request", () => {
  it.each(["abort", "break"] as const)("over http: %s() after a few events", async (how) => {
    const response = await fetch(
      `${origin}/chat?as=sse&slow&prompt=${encodeURIComponent("one two three four five six")}`,
    );
    const stream = ChatCompletionStream.fromReadableStream(response.body!);
    let seen = 0;
    const error = await thrown(async () => {
      for await (const _ of stream) {
        if (++seen < 3) continue;
        if (how === "abort") stream.abort();
        else break;
      }
      throw new Error("ended without an error");
    });
    if (how === "abort") expect(error).toBeInstanceOf(APIUserAbortError);
    const upstream = served.at(-1)!;
    await vi.waitFor(() => expect(upstream.controller.signal.aborted).toBe(true), { timeout: 5000 });
    // What the server's stream had assembled is kept (it was billed), and so is the client's.
    expect((upstream.snapshot() as any).choices[0].finish_reason).toBeNull();
    expect(stream.snapshot().choices[0]!.message.reasoning_content).toBe("The user");
  });

  it("through a fetch-style handler: cancelling the Response's body closes the request", async () => {
    const { body } = await route(new URL("http://route/messages?as=sse&slow"));
    const upstream = served.at(-1)!;
    const reader = body.getReader();
    await reader.read();
    await reader.cancel();
    expect(upstream.controller.signal.aborted).toBe(true);
  });
});

describe("openai-node's streams and genway's read each other's NDJSON", () => {
  it("openai-node's ChatCompletionStream.fromReadableStream reads genway's toReadableStream()", async () => {
    const response = await fetch(`${origin}/chat?prompt=${encodeURIComponent("peer")}`);
    const theirs = OpenAIChatCompletionStream.fromReadableStream(response.body!);
    expect((await theirs.finalChatCompletion()).choices[0]!.message.content).toBe(
      'Hello from the genway mock gateway! You said: "peer".',
    );
  });
});

describe("bad input is a ValidationError", () => {
  it("fromReadableStream takes a ReadableStream that nobody reads yet", async () => {
    const body = new ReadableStream<Uint8Array>();
    body.getReader();
    for (const value of ["data: {}", new Response("x"), body]) {
      const error = await thrown(() => ChatCompletionStream.fromReadableStream(value as never));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toMatch(/ChatCompletionStream\.fromReadableStream.*body/);
    }
  });

  it('toReadableStream takes format "ndjson" or "sse"', async () => {
    const stream = (await FORMATS.chat.open(gateway.gw, "x")) as ChatCompletionStream;
    const error = await thrown(() => stream.toReadableStream({ format: "xml" as never }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain('format: must be "ndjson" or "sse", got "xml"');
    // Nothing was read: the stream is still whole.
    expect((await stream.finalCompletion()).choices[0]!.finish_reason).toBe("stop");
  });
});
