/**
 * Type tests of what the gateway answers: result types carry the formats' documented fields and no
 * index signature, so a misspelled field fails to compile instead of reading `undefined`.
 */
import { describe, expectTypeOf, it } from "vitest";
import Genway, {
  type ChatCompletion,
  type ChatCompletionChunk,
  type GenerateContentResponse,
  type ImagesResponse,
  type Message,
  type Response,
} from "../../src/index.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "https://gateway.example" });

describe("chat completions", () => {
  it("a misspelled field does not compile; the documented optional ones do", () => {
    async function calls() {
      const completion = await gw.chat.completions.create({
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "hi" }],
      });
      // @ts-expect-error: choices, not choises
      completion.choises;
      const message = completion.choices[0]!.message;
      // @ts-expect-error: content, not contnet
      message.contnet;
      expectTypeOf(message.content).toEqualTypeOf<string | null>();
      expectTypeOf(message.reasoning_content).toEqualTypeOf<string | null | undefined>();
      expectTypeOf(message.annotations?.[0]?.url_citation.url).toEqualTypeOf<string | undefined>();
      expectTypeOf(message.audio?.transcript).toEqualTypeOf<string | undefined>();
      expectTypeOf(completion.usage?.prompt_tokens_details?.cached_tokens).toEqualTypeOf<
        number | undefined
      >();
      expectTypeOf(completion.usage?.completion_tokens_details?.reasoning_tokens).toEqualTypeOf<
        number | undefined
      >();
      // @ts-expect-error: no such usage field
      completion.usage?.prompt_tokenz;
      expectTypeOf(completion.service_tier).toEqualTypeOf<string | null | undefined>();
      // A field no type declares yet is still read through an explicit cast.
      expectTypeOf((completion as unknown as Record<string, unknown>).future_field).toEqualTypeOf<unknown>();
    }
    void calls;
  });

  it("stream chunks too", () => {
    const chunk = {} as ChatCompletionChunk;
    expectTypeOf(chunk.choices[0]!.delta.reasoning_content).toEqualTypeOf<string | null | undefined>();
    // @ts-expect-error: delta has no contnet
    chunk.choices[0]!.delta.contnet;
    // @ts-expect-error: no index signature on the chunk
    chunk.choises;
    expectTypeOf<ChatCompletion["system_fingerprint"]>().toEqualTypeOf<string | null | undefined>();
  });
});

describe("messages", () => {
  it("a misspelled field does not compile; the documented optional ones do", () => {
    async function calls() {
      const message: Message = await gw.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 100,
        messages: [{ role: "user", content: "hi" }],
      });
      // @ts-expect-error: content, not contnet
      message.contnet;
      // @ts-expect-error: stop_reason, not stopReason
      message.stopReason;
      expectTypeOf(message.usage.cache_read_input_tokens).toEqualTypeOf<number | null | undefined>();
      expectTypeOf(message.usage.server_tool_use?.web_search_requests).toEqualTypeOf<number | undefined>();
      expectTypeOf(message.stop_details?.category).toEqualTypeOf<string | null | undefined>();
      const block = message.content[0]!;
      if (block.type === "text") {
        expectTypeOf(block.citations).toEqualTypeOf<unknown[] | null | undefined>();
        // @ts-expect-error: a text block has no thinking
        block.thinking;
      }
      if (block.type === "tool_use") expectTypeOf(block.input).toEqualTypeOf<unknown>();
    }
    void calls;
  });
});

describe("responses", () => {
  it("a misspelled field does not compile; the documented optional ones do", () => {
    async function calls() {
      const response: Response = await gw.responses.create({ model: "gpt-4o-mini", input: "hi" });
      // @ts-expect-error: output_text, not outputText
      response.outputText;
      expectTypeOf(response.output_text).toEqualTypeOf<string>();
      expectTypeOf(response.usage?.input_tokens_details?.cached_tokens).toEqualTypeOf<number | undefined>();
      expectTypeOf(response.previous_response_id).toEqualTypeOf<string | null | undefined>();
      const item = response.output[0]!;
      if (item.type === "message") {
        const part = item.content[0]!;
        if (part.type === "output_text") {
          expectTypeOf(part.annotations[0]?.url).toEqualTypeOf<string | undefined>();
          // @ts-expect-error: annotations have no urll
          part.annotations[0]?.urll;
        }
      }
      if (item.type === "reasoning")
        expectTypeOf(item.encrypted_content).toEqualTypeOf<string | null | undefined>();
    }
    void calls;
  });
});

describe("native", () => {
  it("a misspelled field does not compile; the documented optional ones do", () => {
    const response = {} as GenerateContentResponse;
    // @ts-expect-error: candidates, not candidate
    response.candidate;
    // @ts-expect-error: usageMetadata, not usage
    response.usage;
    expectTypeOf(response.usageMetadata?.thoughtsTokenCount).toEqualTypeOf<number | undefined>();
    expectTypeOf(response.candidates?.[0]?.finishMessage).toEqualTypeOf<string | undefined>();
    const part = response.candidates?.[0]?.content?.parts?.[0];
    expectTypeOf(part?.executableCode?.code).toEqualTypeOf<string | undefined>();
    // @ts-expect-error: text, not txt
    part?.txt;
  });
});

describe("images", () => {
  it("a misspelled field does not compile; the documented optional ones do", () => {
    const images = {} as ImagesResponse;
    // @ts-expect-error: data, not images
    images.images;
    expectTypeOf(images.data[0]?.revised_prompt).toEqualTypeOf<string | undefined>();
    expectTypeOf(images.output_format).toEqualTypeOf<"png" | "webp" | "jpeg" | (string & {}) | undefined>();
  });
});
