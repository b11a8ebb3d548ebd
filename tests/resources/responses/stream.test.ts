/** Responses streams: events assembled (text, annotations, tool arguments, usage), snapshot, error and failed events. */
import { describe, expect, it } from "vitest";
import {
  APIUserAbortError,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
  type ResponseFunctionCall,
  type ResponseOutputMessage,
  ResponseStream,
  type ResponseStreamEvent,
} from "../../../src/index.js";
import { collect, fixture, mockForFile, rejection, replay } from "../../support/index.js";

const h = mockForFile();
const slow = mockForFile({ streamDelayMs: 15 });

const here = new URL(".", import.meta.url);

describe("responses streaming", () => {
  it("yields the lifecycle events and assembles the response with usage", async () => {
    const stream = await h.gw.responses.create({ model: "gpt-5", input: "Stream it", stream: true });
    expect(stream).toBeInstanceOf(ResponseStream);
    expect(h.sent("/v1/responses").at(-1)!.body.stream).toBe(true);
    const events: ResponseStreamEvent[] = await collect(stream);
    const types = events.map((event) => event.type);
    expect(types.slice(0, 4)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
    ]);
    expect(types.slice(-4)).toEqual([
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    const response = await stream.finalResponse();
    expect(response.status).toBe("completed");
    expect(response.output_text).toBe('Hello from the genway mock gateway! You said: "Stream it".');
    expect(response.usage).toMatchObject({
      input_tokens: expect.any(Number),
      output_tokens: expect.any(Number),
    });
    expect(await stream.finalText()).toBe(response.output_text);
  });

  it("text() yields the output_text deltas only", async () => {
    const stream = await h.gw.responses.create({ model: "gpt-5", input: "abc", stream: true });
    const pieces = await collect(stream.text());
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join("")).toBe('Hello from the genway mock gateway! You said: "abc".');
  });

  it("with web access: the search call and the citation annotations are assembled", async () => {
    const stream = await h.gw.responses.create({
      model: "gpt-5",
      input: "news",
      tools: [{ type: "web_search" }],
      stream: true,
    });
    const types = (await collect(stream)).map((event) => event.type);
    expect(types).toContain("response.web_search_call.searching");
    expect(types).toContain("response.output_text.annotation.added");
    const response = stream.snapshot();
    expect(response.output[0]).toMatchObject({ type: "web_search_call", status: "completed" });
    const part = (response.output[1] as ResponseOutputMessage).content[0]!;
    expect(part).toMatchObject({
      type: "output_text",
      annotations: [{ type: "url_citation", title: "genway mock search result" }],
    });
  });

  it("function-call arguments split across deltas are assembled", async () => {
    const tools = [
      {
        type: "function" as const,
        name: "lookup",
        parameters: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } } },
      },
    ];
    const stream = await h.gw.responses.create({ model: "gpt-5", input: "find", tools, stream: true });
    const events = await collect(stream);
    expect(
      events.filter((event) => event.type === "response.function_call_arguments.delta").length,
    ).toBeGreaterThan(2);
    const call = (await stream.finalResponse()).output[0] as ResponseFunctionCall;
    expect(JSON.parse(call.arguments)).toEqual({ query: "sample query", limit: 42 });
  });

  it("snapshot() after abort keeps the text so far", async () => {
    const stream = await slow.gw.responses.create({ model: "gpt-5", input: "one two three", stream: true });
    let text = "";
    const error = await rejection(
      (async () => {
        for await (const event of stream) {
          if (event.type === "response.output_text.delta") text += event.delta;
          if (text.length > 12) stream.abort();
        }
      })(),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    const snapshot = stream.snapshot();
    expect(snapshot.status).toBe("in_progress");
    expect(snapshot.output_text).toBe(text);
  });

  describe("an error event inside the 200 stream is the same typed error as over HTTP", () => {
    it.each([
      ["[error]", InternalServerError],
      ["[error:rate_limit]", RateLimitError],
      ["[error:quota]", PermissionDeniedError],
    ] as const)("%s", async (prompt, ErrorClass) => {
      const stream = await h.gw.responses.create({ model: "gpt-5", input: prompt, stream: true });
      const inStream = await rejection(stream.finalResponse());
      expect(inStream).toBeInstanceOf(ErrorClass);
      expect(stream.snapshot().output_text).toBe("Hello from the");
      const overHttp = await rejection(h.gw.responses.create({ model: "gpt-5", input: prompt }));
      expect(overHttp.constructor).toBe(inStream.constructor);
      expect(overHttp.code).toBe(inStream.code);
    });
  });

  describe("upstream captures", () => {
    const open = (body: string) =>
      replay(body).responses.create({ model: "gpt-5", input: "x", stream: true });

    it("the documented stream", async () => {
      const response = await (await open(fixture(here, "responses-stream.txt"))).finalResponse();
      expect(response.id).toBe("resp_67c9fdcecf488190bdd9a0409de3a1ec07b8b0ad4e5eb654");
      expect(response.output_text).toBe("Hi there! How can I assist you today?");
      expect(response.usage).toMatchObject({ input_tokens: 37, output_tokens: 11, total_tokens: 48 });
    });

    it("an error event followed by response.failed", async () => {
      const stream = await open(fixture(here, "responses-stream-error.txt"));
      const error = await rejection(stream.finalResponse());
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error.code).toBe("insufficient_quota");
      expect(stream.snapshot().id).toBe("resp_05500b38c2cd9bfc00691c7c9d222481a3b595421266dab424");
    });

    it("response.failed alone is thrown typed too", async () => {
      const failedOnly = fixture(here, "responses-stream-error.txt").replace(
        /event: error\ndata: .*\n\n/,
        "",
      );
      expect(failedOnly).not.toContain("event: error");
      const error = await rejection((await open(failedOnly)).finalResponse());
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error.message).toContain("You exceeded your current quota");
    });

    it("data-only framing ending in [DONE] (as openai-node's fixtures use)", async () => {
      const dataOnly = fixture(here, "responses-stream.txt")
        .split("\n")
        .filter((line) => !line.startsWith("event:"))
        .join("\n")
        .concat("data: [DONE]\n\n");
      const response = await (await open(dataOnly)).finalResponse();
      expect(response.output_text).toBe("Hi there! How can I assist you today?");
    });
  });
});
