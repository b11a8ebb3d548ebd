/** The mock's native routes speak the upstream framing: data-only SSE separated by CRLF. */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../../mock/index.js";
import { rawBody } from "../../support/index.js";

const mock = createMockGateway();
const body = { contents: [{ role: "user", parts: [{ text: "hi" }] }] };
const STREAM = "/v1beta/models/gemini-2.5-flash:streamGenerateContent";

describe("mock native framing", () => {
  it("alt=sse: `data: <response>` frames ended by \\r\\n\\r\\n, no event names, no [DONE]", async () => {
    const { contentType, text } = await rawBody(mock, `${STREAM}?alt=sse`, body);
    expect(contentType).toBe("text/event-stream");
    expect(text.endsWith("\r\n\r\n")).toBe(true);
    expect(text).not.toContain("event:");
    expect(text).not.toContain("[DONE]");
    const frames = text.split("\r\n\r\n").filter(Boolean);
    expect(frames.length).toBeGreaterThan(2);
    const chunks = frames.map((frame) => {
      expect(frame.startsWith("data: ")).toBe(true);
      return JSON.parse(frame.slice(6));
    });
    for (const chunk of chunks) expect(chunk.usageMetadata.promptTokenCount).toBeGreaterThan(0);
    expect(chunks.slice(0, -1).every((chunk) => chunk.candidates[0].finishReason === undefined)).toBe(true);
    expect(chunks.at(-1).candidates[0].finishReason).toBe("STOP");
  });

  it("without alt=sse the stream is one JSON array, as upstream answers", async () => {
    const { contentType, text } = await rawBody(mock, STREAM, body);
    expect(contentType).toBe("application/json");
    const chunks = JSON.parse(text);
    expect(Array.isArray(chunks)).toBe(true);
    expect(chunks.at(-1).candidates[0].finishReason).toBe("STOP");
  });

  it("x-goog-api-key and ?key= authenticate, as on the gateway", async () => {
    for (const [path, headers] of [
      ["/v1beta/models/gemini-2.5-flash:generateContent", { "x-goog-api-key": mock.apiKey }],
      [`/v1beta/models/gemini-2.5-flash:generateContent?key=${mock.apiKey}`, {}],
    ] as const) {
      const response = await mock.handle(
        new Request(`http://mock.local${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(body),
        }),
      );
      expect(response.status).toBe(200);
    }
  });

  it("a mid-stream failure is an {error:{code,message,status}} chunk", async () => {
    const { text } = await rawBody(mock, `${STREAM}?alt=sse`, {
      contents: [{ parts: [{ text: "[error:rate_limit]" }] }],
    });
    const last = text.split("\r\n\r\n").filter(Boolean).at(-1)!;
    expect(JSON.parse(last.slice(6))).toEqual({
      error: { code: 429, message: "Rate limit reached for requests", status: "RESOURCE_EXHAUSTED" },
    });
  });

  it("bad parameters are answered 400 with code 221306", async () => {
    const { status, text } = await rawBody(mock, "/v1beta/models/gemini-2.5-flash:generateContent", {
      ...body,
      generationConfig: { thinkingConfig: { thinkingBudget: 99999 } },
    });
    expect(status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({
      error: { code: 221306, param: "generationConfig.thinkingConfig.thinkingBudget" },
    });
  });
});
