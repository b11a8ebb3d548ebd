/** The mock's /v1/responses route speaks the Responses framing. */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../../mock/index.js";
import { namedEvents, rawBody } from "../../support/index.js";

const mock = createMockGateway();
const frames = namedEvents;

describe("mock /v1/responses framing", () => {
  it("named events, the type repeated in the data, increasing sequence numbers, no [DONE]", async () => {
    const { contentType, text } = await rawBody(mock, "/v1/responses", {
      model: "gpt-5",
      input: "hi",
      stream: true,
    });
    expect(contentType).toBe("text/event-stream");
    expect(text).not.toContain("[DONE]");
    const list = frames(text);
    for (const { event, data } of list) expect(data.type).toBe(event);
    expect(list.map((f) => f.data.sequence_number)).toEqual(list.map((_, i) => i));
    expect(list[0]!.data.response).toMatchObject({ status: "in_progress", output: [], usage: null });
    expect(list.at(-1)!.data.response).toMatchObject({
      status: "completed",
      usage: { output_tokens_details: { reasoning_tokens: 0 } },
    });
  });

  it("a failure is an `error` event followed by response.failed", async () => {
    const { text } = await rawBody(mock, "/v1/responses", {
      model: "gpt-5",
      input: "[error:quota]",
      stream: true,
    });
    const list = frames(text);
    expect(list.at(-2)).toMatchObject({ event: "error", data: { error: { code: "insufficient_quota" } } });
    expect(list.at(-1)).toMatchObject({
      event: "response.failed",
      data: { response: { status: "failed", error: { code: "insufficient_quota" } } },
    });
  });

  it("bad parameters are answered 400 with code 221306", async () => {
    const { status, text } = await rawBody(mock, "/v1/responses", { model: "gpt-5", input: [] });
    expect(status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ error: { code: 221306, param: "input" } });
  });
});
