/** The mock's chat route speaks the OpenAI framing byte for byte. */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../../mock/index.js";
import { rawBody } from "../../support/index.js";

const mock = createMockGateway();
const messages = [{ role: "user", content: "hi" }];

describe("mock /v1/chat/completions framing", () => {
  it("data-only events separated by a blank line, a usage chunk, then data: [DONE]", async () => {
    const { contentType, text } = await rawBody(mock, "/v1/chat/completions", {
      model: "gpt-4o",
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(contentType).toBe("text/event-stream");
    const frames = text.split("\n\n").filter(Boolean);
    expect(frames.every((frame) => frame.startsWith("data: "))).toBe(true);
    expect(text).not.toContain("event:");
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
    const chunks = frames.slice(0, -1).map((frame) => JSON.parse(frame.slice(6)));
    expect(chunks[0].choices[0].delta).toEqual({ role: "assistant", content: "", refusal: null });
    expect(chunks.at(-2).choices[0]).toMatchObject({ delta: {}, finish_reason: "stop" });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
  });

  it("no usage chunk unless asked", async () => {
    const { text } = await rawBody(mock, "/v1/chat/completions", { model: "gpt-4o", messages, stream: true });
    expect(text).not.toContain('"choices":[]');
  });

  it("a mid-stream failure is an error object as a data event, with no [DONE]", async () => {
    const { text } = await rawBody(mock, "/v1/chat/completions", {
      model: "gpt-4o",
      messages: [{ role: "user", content: "[error:rate_limit]" }],
      stream: true,
    });
    const last = text.trim().split("\n\n").at(-1)!;
    expect(JSON.parse(last.slice(6))).toEqual({
      error: {
        message: "Rate limit reached for requests",
        type: "requests",
        code: "rate_limit_exceeded",
        param: null,
      },
    });
    expect(text).not.toContain("[DONE]");
  });

  it("bad parameters are answered as the gateway does: 400, code 221306", async () => {
    const { status, text } = await rawBody(mock, "/v1/chat/completions", {
      model: "gpt-4o",
      messages,
      top_p: 2,
    });
    expect(status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({
      error: { code: 221306, param: "top_p", type: "invalid_request_error" },
    });
  });
});
