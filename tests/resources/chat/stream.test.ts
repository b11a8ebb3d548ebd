/** Streaming chat: deltas assembled (text, tool calls, usage), snapshot after abort, error events typed. */
import { describe, expect, it } from "vitest";
import {
  APIUserAbortError,
  type ChatCompletionChunk,
  ChatCompletionStream,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
} from "../../../src/index.js";
import { collect, fixture, mockForFile, rejection, replay } from "../../support/index.js";

const PATH = "/v1/chat/completions";
const h = mockForFile();
const slow = mockForFile({ streamDelayMs: 15 });

const user = (content: string) => [{ role: "user" as const, content }];
const tools = [
  {
    type: "function" as const,
    function: {
      name: "get_weather",
      parameters: { type: "object", properties: { city: { type: "string" } } },
    },
  },
];

describe("chat streaming", () => {
  it("sends stream: true, asks for the usage chunk, and assembles the completion", async () => {
    const stream = await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: user("Stream this"),
      stream: true,
    });
    expect(stream).toBeInstanceOf(ChatCompletionStream);
    const sent = h.sent(PATH).at(-1)!;
    expect(sent.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(sent.headers.accept).toBe("text/event-stream");
    const completion = await stream.finalCompletion();
    expect(completion.choices[0]!.message.content).toBe(
      'Hello from the genway mock gateway! You said: "Stream this".',
    );
    expect(completion.choices[0]!.finish_reason).toBe("stop");
    const usage = completion.usage!;
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(completion.system_fingerprint).toBe("fp_genway_mock");
  });

  it("a caller's stream_options is kept as given", async () => {
    const stream = await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: user("hi"),
      stream: true,
      stream_options: { include_usage: false },
    });
    expect((await stream.finalCompletion()).usage).toBeUndefined();
    expect(h.sent(PATH).at(-1)!.body.stream_options).toEqual({ include_usage: false });
  });

  it("iterates typed chunks; text() yields only the content deltas", async () => {
    const chunks: ChatCompletionChunk[] = await collect(
      await h.gw.chat.completions.create({ model: "gpt-4o", messages: user("a b"), stream: true }),
    );
    expect(chunks[0]!.choices[0]!.delta).toMatchObject({ role: "assistant", content: "" });
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(chunks.at(-1)!.usage).toBeTruthy();
    const stream = await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: user("a b"),
      stream: true,
    });
    const pieces = await collect(stream.text());
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join("")).toBe('Hello from the genway mock gateway! You said: "a b".');
    expect(await stream.finalContent()).toBe(pieces.join(""));
  });

  it("assembles tool-call arguments split across deltas", async () => {
    const stream = await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: user("Weather?"),
      tools,
      stream: true,
    });
    const chunks = await collect(stream);
    const fragments = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(fragments.length).toBeGreaterThan(2); // really split
    const completion = await stream.finalCompletion();
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.id).toMatch(/^call_/);
    expect(call.function.name).toBe("get_weather");
    expect(JSON.parse(call.function.arguments)).toEqual({ city: "sample city" });
    expect(completion.choices[0]!.finish_reason).toBe("tool_calls");
  });

  it("tee() gives two independent readers", async () => {
    const [a, b] = (
      await h.gw.chat.completions.create({ model: "gpt-4o", messages: user("tee"), stream: true })
    ).tee();
    const [first, second] = await Promise.all([a.finalContent(), b.finalContent()]);
    expect(first).toBe(second);
    expect(first).toContain("tee");
  });

  it("snapshot() keeps what arrived after abort()", async () => {
    const stream = await slow.gw.chat.completions.create({
      model: "gpt-4o",
      messages: user("one two three four"),
      stream: true,
    });
    let seen = "";
    const error = await rejection(
      (async () => {
        for await (const chunk of stream) {
          seen += chunk.choices[0]?.delta.content ?? "";
          if (seen.length > 10) stream.abort();
        }
      })(),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    const snapshot = stream.snapshot();
    expect(snapshot.choices[0]!.message.content).toBe(seen);
    expect(snapshot.choices[0]!.finish_reason).toBeNull();
    await expect(stream.finalCompletion()).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it("break ends the request; finalCompletion() then says so and snapshot() has the partial text", async () => {
    const stream = await slow.gw.chat.completions.create({
      model: "gpt-4o",
      messages: user("break early"),
      stream: true,
    });
    let count = 0;
    for await (const _ of stream) if (++count === 3) break;
    await expect(stream.finalCompletion()).rejects.toBeInstanceOf(APIUserAbortError);
    expect(stream.snapshot().choices[0]!.message.content).toBe("Hello from");
  });

  it("iterates as an async generator does: next() calls made at once queue in order, then done", async () => {
    const stream = await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: user("queue"),
      stream: true,
    });
    const iterator = stream[Symbol.asyncIterator]();
    expect(iterator[Symbol.asyncIterator]()).toBe(iterator);
    // Asked for all at once, before any has settled: each gets the next chunk, then done for good.
    const results = await Promise.all(Array.from({ length: 40 }, () => iterator.next()));
    const chunks = results.filter((r) => !r.done).map((r) => r.value as ChatCompletionChunk);
    expect(results.slice(chunks.length).every((r) => r.done)).toBe(true);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? "").join("");
    expect(text).toBe('Hello from the genway mock gateway! You said: "queue".');
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect((await stream.finalCompletion()).choices[0]!.message.content).toBe(text);
    // A second iteration is refused, as before.
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toThrow(/already been consumed/);
  });

  it("return() before the first next() reads nothing; the stream can still be read", async () => {
    const stream = await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: user("later"),
      stream: true,
    });
    expect(await stream[Symbol.asyncIterator]().return(undefined)).toEqual({ done: true, value: undefined });
    expect(await stream.finalContent()).toContain("later");
  });

  describe("an error inside the 200 stream is the same typed error as over HTTP", () => {
    it.each([
      ["[error]", InternalServerError],
      ["[error:rate_limit]", RateLimitError],
      ["[error:quota]", PermissionDeniedError],
    ] as const)("%s", async (prompt, ErrorClass) => {
      const stream = await h.gw.chat.completions.create({
        model: "gpt-4o",
        messages: user(prompt),
        stream: true,
      });
      const inStream = await rejection(stream.finalCompletion());
      expect(inStream).toBeInstanceOf(ErrorClass);
      expect(inStream.requestId).toMatch(/^mock-req-/);
      expect(stream.snapshot().choices[0]!.message.content).toBe("Hello from the"); // the deltas before the error
      const overHttp = await rejection(
        h.gw.chat.completions.create({ model: "gpt-4o", messages: user(prompt) }),
      );
      expect(overHttp.constructor).toBe(inStream.constructor);
      expect(overHttp.code).toBe(inStream.code);
    });
  });

  it("a long answer reads whole at any point: every snapshot() and the final result hold each delta in order", async () => {
    // Reasoning first, then content: each field's text in order, the message's keys in the order
    // the fields first came, and reads part-way (the stream joins its deltas in blocks) change nothing.
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const thought = Array.from({ length: 70 }, (_, i) => `t${i} `);
    const words = Array.from({ length: 300 }, (_, i) => `w${i} `);
    const body = [
      ...thought.map((t) => chunk({ reasoning_content: t })),
      ...words.map((w) => chunk({ content: w })),
      chunk({}, "stop"),
      "data: [DONE]\n\n",
    ].join("");
    const stream = await replay(body).chat.completions.create({
      model: "m",
      messages: user("x"),
      stream: true,
    });
    let events = 0;
    let read = 0;
    for await (const _ of stream) {
      events++;
      // Reads far apart (whole blocks joined between them, and part of one), one block apart, one delta apart.
      if (![30, 200, 264, 265].includes(events)) continue;
      const { message } = stream.snapshot().choices[0]!;
      expect(message.reasoning_content).toBe(thought.slice(0, events).join(""));
      expect(message.content).toBe(events > 70 ? words.slice(0, events - 70).join("") : null);
      read++;
    }
    expect(read).toBe(4);
    const { message } = (await stream.finalCompletion()).choices[0]!;
    expect(Object.keys(message)).toEqual(["role", "content", "reasoning_content"]);
    expect(message.reasoning_content).toBe(thought.join(""));
    expect(message.content).toBe(words.join(""));
    expect(await stream.finalContent()).toBe(words.join(""));
  });

  describe("upstream captures", () => {
    it("a real OpenAI stream (service_tier, obfuscation, usage chunk)", async () => {
      const stream = await replay(
        fixture(new URL(".", import.meta.url), "openai-chat-stream.txt"),
      ).chat.completions.create({
        model: "gpt-4.1-nano",
        messages: user("holiday"),
        stream: true,
      });
      const completion = await stream.finalCompletion();
      expect(completion.id).toBe("chatcmpl-D8Z5oo6uDh67AD85p73ksdT1KxhE0");
      expect(completion.choices[0]!.message.content).toBe("**Holiday Name:** Harmony Day");
      expect(completion.usage).toMatchObject({
        prompt_tokens: 16,
        completion_tokens: 300,
        total_tokens: 316,
      });
    });

    it("a real tool-call stream", async () => {
      const stream = await replay(
        fixture(new URL(".", import.meta.url), "openai-chat-tool-stream.txt"),
      ).chat.completions.create({
        model: "gpt-3.5-turbo",
        messages: user("x"),
        stream: true,
      });
      const completion = await stream.finalCompletion();
      expect(completion.choices[0]!.message.tool_calls).toEqual([
        {
          id: "call_O17Uplv4lJvD6DVdIvFFeRMw",
          type: "function",
          function: { name: "test-tool", arguments: '{"value":"Sparkle Day"}' },
        },
      ]);
      expect(completion.usage).toMatchObject({ total_tokens: 70 });
    });
  });
});
