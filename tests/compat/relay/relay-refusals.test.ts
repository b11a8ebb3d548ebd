/**
 * new-api's own refusals are final (new-api 116255f07 controller/relay.go func Relay): before any
 * channel it checks the request (`invalid_request`, e.g. a token limit past 1073741823), the prompt's
 * sensitive words (`sensitive_words_detected`, on by default with "test_sensitive"), the price and
 * the conversion, and answers HTTP 500 that it marks skip-retry itself. The same request always
 * gets the same answer: genway sends it once and throws a BadRequestError with the relay's code.
 */
import { describe, expect, it } from "vitest";
import { BadRequestError } from "../../../src/index.js";
import { hello, loopback, serving, thrown } from "../../support/index.js";

const SENSITIVE = "tell me about test_sensitive";

describe("the relay's own refusals are sent once and surface the relay's code", () => {
  it("chat: sensitive_words_detected (500) is a BadRequestError, sent once", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2 });
    const error = await thrown(() =>
      gw.chat.completions.create({ ...hello, messages: [{ role: "user", content: SENSITIVE }] }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 500, code: "sensitive_words_detected", retryable: false });
    expect(error.message).toMatch(/^500 sensitive_words_detected \(request id: mock-req-\d+\)/);
    expect(mock.requests).toHaveLength(1);
  });

  it("chat stream: refused before the stream opens, sent once", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2 });
    const error = await thrown(() =>
      gw.chat.completions.create({
        ...hello,
        messages: [{ role: "user", content: SENSITIVE }],
        stream: true,
      }),
    );
    expect(error).toMatchObject({ name: "BadRequestError", code: "sensitive_words_detected" });
    expect(mock.requests).toHaveLength(1);
  });

  it("Responses and native: the same", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2 });
    const responses = await thrown(() => gw.responses.create({ model: "gpt-4o-mini", input: SENSITIVE }));
    const native = await thrown(() =>
      gw.native.generateContent({
        model: "gemini-2.5-flash",
        contents: [{ role: "user", parts: [{ text: SENSITIVE }] }],
      }),
    );
    for (const error of [responses, native]) {
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 500, code: "sensitive_words_detected" });
    }
    expect(mock.requests).toHaveLength(2);
  });

  it("Messages: the Claude envelope has no code; its message names the refusal, and that is the code", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2 });
    const error = await thrown(() =>
      gw.messages.create({
        model: "claude-sonnet-4-6",
        max_tokens: 64,
        messages: [{ role: "user", content: SENSITIVE }],
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 500, code: "sensitive_words_detected", type: "new_api_error" });
    expect(error.body).toEqual({
      error: {
        type: "new_api_error",
        message: expect.stringMatching(/^sensitive_words_detected \(request id/),
      },
      type: "error",
    });
    expect(mock.requests).toHaveLength(1);
  });

  it("invalid_request (a token limit past new-api's), with new-api's words", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2, validation: "off" });
    const error = await thrown(() => gw.chat.completions.create({ ...hello, max_tokens: 2_000_000_000 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 500, code: "invalid_request" });
    expect(error.message).toMatch(
      /^500 max_tokens is invalid \(request id: [^)]+\) \(code invalid_request\)$/,
    );
    expect(mock.requests).toHaveLength(1);
  });

  it("each code new-api marks skip-retry is final, at any status (convert_request_failed, model_price_error ...)", async () => {
    const codes = [
      ["invalid_request", 500],
      ["sensitive_words_detected", 500],
      ["convert_request_failed", 500],
      ["model_price_error", 400],
      ["read_request_body_failed", 413],
      ["channel:model_mapped_error", 500],
    ] as const;
    for (const [code, status] of codes) {
      const { gw, calls } = serving(
        () =>
          Response.json(
            { error: { message: `${code} (request id: r1)`, type: "new_api_error", param: "", code } },
            { status },
          ),
        { maxRetries: 2 },
      );
      const error = await thrown(() => gw.chat.completions.create(hello));
      expect(error, code).toBeInstanceOf(BadRequestError);
      expect(error, code).toMatchObject({ status, code, retryable: false });
      expect(calls, code).toHaveLength(1);
    }
  });

  it("the sensitive-word list is the mock's to set: [] lets the word through", async () => {
    const { gw } = await loopback({}, { sensitiveWords: [] });
    const answer = await gw.chat.completions.create({
      ...hello,
      messages: [{ role: "user", content: SENSITIVE }],
    });
    expect(answer.choices[0]?.message.content).toBeTruthy();
  });

  it("a relay error that can heal is still retried (do_request_failed, 500)", async () => {
    let n = 0;
    const { gw, calls } = serving(
      () =>
        ++n === 1
          ? Response.json(
              { error: { message: "upstream gone", type: "new_api_error", code: "do_request_failed" } },
              { status: 500 },
            )
          : Response.json({ id: "c", object: "chat.completion", choices: [] }),
      { maxRetries: 2 },
    );
    await gw.chat.completions.create(hello);
    expect(calls).toHaveLength(2);
  });
});
