/**
 * new-api's own refusals are final (new-api 116255f07 controller/relay.go func Relay): before any
 * channel it checks the request (`invalid_request`, e.g. a token limit past 1073741823), the prompt's
 * sensitive words (`sensitive_words_detected`, on by default with "test_sensitive"), the price and
 * the conversion, and answers HTTP 500 that it marks skip-retry itself. The same request always
 * gets the same answer: genway sends it once and throws a BadRequestError with the relay's code.
 */
import { describe, expect, it } from "vitest";
import { BadRequestError, InternalServerError } from "../../../src/index.js";
import { hello, loopback, serving, thrown } from "../../support/index.js";

const SENSITIVE = "tell me about test_sensitive";

/** new-api's Claude envelope of an error it raised itself (relaykit/types/error.go ToClaudeError). */
const claudeError = (message: string, status: number, type = "new_api_error") =>
  Response.json({ type: "error", error: { type, message: `${message} (request id: r1)` } }, { status });
const claudeHello = {
  model: "claude-sonnet-4-6",
  max_tokens: 64,
  messages: [{ role: "user" as const, content: "hi" }],
};

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

  it("review D1: on /v1/messages a token limit past new-api's is sent once, plain and streamed: a BadRequestError with the relay's code and words", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2 });
    const over = { ...claudeHello, max_tokens: 1_073_741_824 };
    const plain = await thrown(() => gw.messages.create(over));
    const streamed = await thrown(async () =>
      (await gw.messages.create({ ...over, stream: true })).finalMessage(),
    );
    for (const error of [plain, streamed]) {
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 500, code: "invalid_request", retryable: false });
      expect(error.message).toMatch(
        /^500 max_tokens is invalid \(request id: [^)]+\) \(code invalid_request\)$/,
      );
    }
    expect(mock.requests).toHaveLength(2);
  });

  it("review D1: a token limit new-api's request struct cannot decode (validation off) is final too, in Go's words", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2, validation: "off" });
    const error = await thrown(() => gw.messages.create({ ...claudeHello, max_tokens: -1 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 500, code: "invalid_request" });
    expect(error.message).toMatch(
      /^500 json: cannot unmarshal number -1 into Go struct field ClaudeRequest\.max_tokens of type uint \(request id/,
    );
    expect(mock.requests).toHaveLength(1);
  });

  it("review D1: each refusal in the Claude envelope, in new-api's words, is sent once and carries its code", async () => {
    const refusals = [
      ["field messages is required", 500, "invalid_request"],
      ["field model is required", 500, "invalid_request"],
      ["failed to copy request to ClaudeRequest: unexpected end of JSON input", 500, "invalid_request"],
      [
        "json: cannot unmarshal string into Go struct field ClaudeRequest.temperature of type float64",
        500,
        "invalid_request",
      ],
      ["json: cannot unmarshal array into Go value of type ***.ClaudeRequest", 500, "invalid_request"],
      ["sensitive_words_detected", 500, "sensitive_words_detected"],
      ["model_mapping_contains_cycle", 500, "channel:model_mapped_error"],
      ["unmarshal_model_mapping_failed", 500, "channel:model_mapped_error"],
      ["not implemented", 500, "convert_request_failed"],
      ["codex channel: /v1/messages endpoint not supported", 500, "convert_request_failed"],
      ["expected OpenAI chat completions request, got *dto.ClaudeRequest", 500, "convert_request_failed"],
      [
        "模型 claude-x 的价格尚未由管理员配置，暂时无法使用，请联系站点管理员开启该模型；Model claude-x has not been priced by the administrator yet. Please contact the site administrator to enable this model.",
        400,
        "model_price_error",
      ],
      ["request body exceeds 128 MB: request body too large", 413, "read_request_body_failed"],
    ] as const;
    for (const [words, status, code] of refusals) {
      const { gw, calls } = serving(() => claudeError(words, status), { maxRetries: 2 });
      const error = await thrown(() => gw.messages.create(claudeHello));
      expect(error, words).toBeInstanceOf(BadRequestError);
      expect(error, words).toMatchObject({ status, code, retryable: false, type: "new_api_error" });
      expect(error.message, words).toContain(words);
      expect(calls, words).toHaveLength(1);
    }
  });

  it("review D1: an error new-api raised in the OpenAI shape keeps its code as the Claude type, and is final", async () => {
    const { gw, calls } = serving(
      () => claudeError("request blocked by param override", 400, "invalid_request"),
      {
        maxRetries: 2,
      },
    );
    const error = await thrown(() => gw.messages.create(claudeHello));
    expect(error).toMatchObject({ name: "BadRequestError", code: "invalid_request", retryable: false });
    expect(calls).toHaveLength(1);
  });

  it("review D1: a failure an upstream caused is still retried on /v1/messages, the relay's own type or the upstream's", async () => {
    const genuine = [
      // relay/channel/api_request.go doRequest: the upstream could not be reached.
      claudeError("upstream error: do request failed", 500),
      // relay/channel/claude/relay-claude.go: an upstream body new-api could not decode.
      claudeError("invalid character '<' looking for beginning of value", 500),
      claudeError(
        "json: cannot unmarshal string into Go struct field ClaudeResponse.usage of type dto.ClaudeUsage",
        500,
      ),
      // The upstream's own error, its type kept (types.WithClaudeError).
      claudeError("Internal server error", 500, "api_error"),
      // An upstream status new-api wraps (service/error.go RelayErrorHandler): the code is the type.
      claudeError("bad response status code 502", 502, "bad_response_status_code"),
    ];
    for (const answer of genuine) {
      const { gw, calls } = serving(() => answer.clone(), { maxRetries: 2 });
      const error = await thrown(() => gw.messages.create(claudeHello));
      expect(error, error.message).toBeInstanceOf(InternalServerError);
      expect(error, error.message).toMatchObject({ retryable: true, code: undefined });
      expect(calls, error.message).toHaveLength(3);
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
