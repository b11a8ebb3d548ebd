/**
 * Responses compatibility: request bodies as OpenAI's docs send them reach the gateway unchanged,
 * and the upstream captures (shared/upstream) parse into what a user reads.
 */
import { describe, expect, it } from "vitest";
import {
  PermissionDeniedError,
  RateLimitError,
  type ResponseCreateParams,
  type ResponseCreateParamsNonStreaming,
  ResponseStream,
  type ResponseStreamEvent,
} from "../../src/index.js";
import { capture, collect, loopback, replay, thrown } from "../support/index.js";

const lastBody = (mock: { requests: Array<{ body: unknown }> }) => mock.requests.at(-1)!.body;

/** Bodies from the OpenAI Responses API reference and guides, field for field. */
const bodies: Record<string, ResponseCreateParams> = {
  "text input": { model: "gpt-4.1", input: "Tell me a three sentence bedtime story about a unicorn." },
  "the spec's role/content list, with instructions": {
    model: "gpt-5",
    instructions: "Talk like a pirate.",
    input: [{ role: "user", content: "Are semicolons optional in JavaScript?" }],
  },
  "image input": {
    model: "gpt-4.1",
    input: [
      {
        role: "user",
        content: [
          { type: "input_text", text: "what is in this image?" },
          { type: "input_image", image_url: "https://upload.wikimedia.org/boardwalk.jpg", detail: "auto" },
        ],
      },
    ],
  },
  "web search": {
    model: "gpt-5",
    tools: [{ type: "web_search", user_location: { type: "approximate", country: "GB", city: "London" } }],
    input: "What was a positive news story from today?",
    include: ["web_search_call.action.sources"],
  },
  "streaming with reasoning": {
    model: "o3",
    input: "How much wood would a woodchuck chuck?",
    reasoning: { effort: "high", summary: "auto" },
    stream: true,
  },
  "function calling, then its output": {
    model: "gpt-5",
    tools: [
      {
        type: "function",
        name: "get_weather",
        description: "Get current temperature for a given location.",
        parameters: {
          type: "object",
          properties: { location: { type: "string" } },
          required: ["location"],
          additionalProperties: false,
        },
        strict: true,
      },
    ],
    input: [
      { role: "user", content: "What is the weather like in Paris today?" },
      {
        type: "function_call",
        call_id: "call_12345xyz",
        name: "get_weather",
        arguments: '{"location":"Paris"}',
      },
      { type: "function_call_output", call_id: "call_12345xyz", output: '{"temperature":"14C"}' },
    ],
  },
  "structured output, stored conversation": {
    model: "gpt-5.5",
    input: [{ role: "developer", content: "Extract the event information." }],
    text: {
      format: {
        type: "json_schema",
        name: "calendar_event",
        schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
        strict: true,
      },
      verbosity: "low",
    },
    previous_response_id: "resp_68af4030592c81938ec0a5fbab4a3e9f05438e46b5f69a3b",
    store: true,
    max_output_tokens: 1024,
    reasoning: { effort: "none" },
  },
};

describe("responses request bodies reach the gateway unchanged", () => {
  it.each(Object.entries(bodies))("%s", async (_, body) => {
    const { gw, mock } = await loopback();
    const result = await gw.responses.create(body);
    if (result instanceof ResponseStream) await result.finalResponse();
    expect(lastBody(mock)).toEqual(body);
  });

  it("fields genway does not declare: through params with a cast, and through extra_body", async () => {
    const { gw, mock } = await loopback();
    const body = {
      model: "gpt-5",
      input: [{ type: "input_file", file_url: "https://example.com/a.pdf" }],
      tools: [{ type: "mcp", server_label: "deepwiki", server_url: "https://mcp.deepwiki.com/mcp" }],
      prompt_cache_key: "k",
    };
    await gw.responses.create(body as unknown as ResponseCreateParamsNonStreaming);
    expect(lastBody(mock)).toEqual(body);
    await gw.responses.create({ model: "gpt-5", input: "hi" }, { extra_body: { safety_identifier: "u-1" } });
    expect(lastBody(mock)).toEqual({ model: "gpt-5", input: "hi", safety_identifier: "u-1" });
  });
});

describe("responses captures parse into typed results", () => {
  it("responses-stream.txt: events in order, the text and usage of response.completed", async () => {
    const stream = await replay(capture("responses", "responses-stream.txt")).responses.create({
      model: "gpt-5.4",
      input: "hi",
      stream: true,
    });
    const events: ResponseStreamEvent[] = await collect(stream);
    expect(events.map((event) => event.type)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      ...events
        .filter((event) => event.type === "response.output_text.delta")
        .map(() => "response.output_text.delta"),
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    const response = await stream.finalResponse();
    expect(response.id).toBe("resp_67c9fdcecf488190bdd9a0409de3a1ec07b8b0ad4e5eb654");
    expect(response.status).toBe("completed");
    expect(response.output_text).toBe("Hi there! How can I assist you today?");
    expect(response.usage).toMatchObject({
      input_tokens: 37,
      output_tokens: 11,
      output_tokens_details: { reasoning_tokens: 0 },
    });
  });

  it("responses-stream-error.txt: the error event is thrown typed, with the upstream code", async () => {
    const stream = await replay(capture("responses", "responses-stream-error.txt")).responses.create({
      model: "gpt-5",
      input: "hi",
      stream: true,
    });
    const error = await thrown(() => stream.finalResponse());
    expect([RateLimitError, PermissionDeniedError].some((type) => error instanceof type)).toBe(true);
    expect(error.code).toBe("insufficient_quota");
    expect(error.message).toContain("You exceeded your current quota");
  });
});
