/**
 * Type tests of what the streams add: reasoning in every format (reasoningText, reasoning(), chat's
 * reasoning_content sent back by hand), both ends of a browser stream (toReadableStream's options,
 * fromReadableStream per format), and the assemblers' tables, which a missing kind does not compile.
 */
import { describe, expectTypeOf, it } from "vitest";
import { handlers } from "../../src/core/streams/index.js";
import Genway, {
  ChatCompletionStream,
  type ChatMessage,
  GenerateContentStream,
  MessageStream,
  type ReadableStreamOptions,
  type ReasoningTurn,
  ResponseStream,
  reasoningText,
} from "../../src/index.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "https://gateway.example" });
const body = new ReadableStream<Uint8Array>();

describe("reasoning", () => {
  it("reasoningText reads a turn of every format; reasoning() yields strings", () => {
    async function calls() {
      const messages = [{ role: "user" as const, content: "hi" }];
      const completion = await gw.chat.completions.create({ model: "deepseek-reasoner", messages });
      expectTypeOf(reasoningText(completion)).toEqualTypeOf<string>();
      reasoningText(completion.choices[0]!.message);
      reasoningText(await gw.messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages }));
      reasoningText(await gw.responses.create({ model: "gpt-5", input: "hi" }));
      reasoningText(await gw.native.generateContent({ model: "gemini-2.5-flash", contents: [] }));
      const stream = await gw.chat.completions.create({ model: "deepseek-reasoner", messages, stream: true });
      expectTypeOf(stream.reasoning()).toEqualTypeOf<AsyncGenerator<string, void, undefined>>();
      reasoningText(stream.snapshot());
      // @ts-expect-error: a stream chunk is not a turn
      reasoningText((await stream.finalCompletion()).choices[0]!.message.content);
      // @ts-expect-error: nor is a plain string
      reasoningText("thinking...");
      // @ts-expect-error: a delta of a chunk is not a turn either
      reasoningText({ delta: { reasoning_content: "x" } });
    }
    void calls;
    expectTypeOf<ReasoningTurn>().not.toBeAny();
  });

  it("a chat message takes reasoning_content (and reasoning) to send a thinking turn back by hand", () => {
    const turn: ChatMessage = {
      role: "assistant",
      content: null,
      reasoning_content: "Because.",
      tool_calls: [],
    };
    const openRouter: ChatMessage = { role: "assistant", content: "Hi", reasoning: "Because." };
    void [turn, openRouter];
    // @ts-expect-error: reasoning_content is text
    const wrong: ChatMessage = { role: "assistant", content: null, reasoning_content: 42 };
    void wrong;
  });
});

describe("both ends of a browser stream", () => {
  it("toReadableStream takes ndjson or sse; each format rebuilds its own stream", () => {
    expectTypeOf<ReadableStreamOptions["format"]>().toEqualTypeOf<"ndjson" | "sse" | undefined>();
    async function calls() {
      const stream = await gw.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 64,
        messages: [{ role: "user", content: "hi" }],
        stream: true,
      });
      expectTypeOf(stream.toReadableStream({ format: "sse" })).toEqualTypeOf<ReadableStream<Uint8Array>>();
      stream.toReadableStream();
      // @ts-expect-error: no such encoding
      stream.toReadableStream({ format: "xml" });
    }
    void calls;
    expectTypeOf(ChatCompletionStream.fromReadableStream(body)).toEqualTypeOf<ChatCompletionStream>();
    expectTypeOf(MessageStream.fromReadableStream(body)).toEqualTypeOf<MessageStream>();
    expectTypeOf(ResponseStream.fromReadableStream(body)).toEqualTypeOf<ResponseStream>();
    expectTypeOf(GenerateContentStream.fromReadableStream(body)).toEqualTypeOf<GenerateContentStream>();
    // @ts-expect-error: the body, not the Response
    ChatCompletionStream.fromReadableStream(new Response(body));
  });
});

describe("the assemblers' tables", () => {
  it("a table names every kind it is typed over: one missing, or one extra, does not compile", () => {
    handlers<"a" | "b", object, unknown>({ a: () => {}, b: "ignored" });
    // @ts-expect-error: "b" has no entry
    handlers<"a" | "b", object, unknown>({ a: () => {} });
    // @ts-expect-error: "c" is no kind of this table
    handlers<"a" | "b", object, unknown>({ a: () => {}, b: "ignored", c: "ignored" });
    // @ts-expect-error: an entry is a handler or "ignored"
    handlers<"a", object, unknown>({ a: "skipped" });
  });
});
