/**
 * Messages compatibility: request bodies as Anthropic's docs and SDK send them reach the gateway
 * unchanged, and the upstream captures (shared/upstream) parse into what a user reads.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  type MessageCreateParams,
  type MessageCreateParamsNonStreaming,
  MessageStream,
  type MessageStreamEvent,
  ServiceUnavailableError,
  type ToolUseBlock,
} from "../../src/index.js";
import { capture, collect, loopback, replay, thrown } from "../support/index.js";

const json = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
const lastBody = (mock: { requests: Array<{ body: unknown }> }) => mock.requests.at(-1)!.body;
const ask = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [{ role: "user" as const, content: "Hi" }],
};

/** Bodies from the Anthropic docs (Messages API, vision, tool use, extended thinking), field for field. */
const bodies: Record<string, MessageCreateParams> = {
  basic: {
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    messages: [{ role: "user", content: "Hello, Claude" }],
  },
  "multiple turns with a system prompt": {
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    system: "You are a seasoned data scientist at a Fortune 500 company.",
    messages: [
      { role: "user", content: "Hello there." },
      { role: "assistant", content: "Hi, I'm Claude. How can I help you?" },
      { role: "user", content: "Can you explain LLMs in plain English?" },
    ],
    temperature: 0.5,
    stop_sequences: ["\n\nHuman:"],
  },
  vision: {
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    messages: [
      {
        role: "user",
        content: [
          { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "/9j/4AAQSkZJRg==" } },
          { type: "image", source: { type: "url", url: "https://upload.wikimedia.org/ant.jpg" } },
          { type: "text", text: "Describe this image." },
        ],
      },
    ],
  },
  "tool use, then its result": {
    model: "claude-opus-4-1",
    max_tokens: 1024,
    tools: [
      {
        name: "get_weather",
        description: "Get the current weather in a given location",
        input_schema: {
          type: "object",
          properties: {
            location: { type: "string", description: "The city and state, e.g. San Francisco, CA" },
          },
          required: ["location"],
        },
      },
    ],
    tool_choice: { type: "auto", disable_parallel_tool_use: true },
    messages: [
      { role: "user", content: "What's the weather like in San Francisco?" },
      {
        role: "assistant",
        content: [
          { type: "text", text: "I'll check the weather." },
          {
            type: "tool_use",
            id: "toolu_01A09q90qw90lq917835lq9",
            name: "get_weather",
            input: { location: "San Francisco, CA" },
          },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_01A09q90qw90lq917835lq9", content: "15 degrees" },
        ],
      },
    ],
  },
  "extended thinking, streamed, with caching and web search": {
    model: "claude-sonnet-4-5",
    max_tokens: 16000,
    thinking: { type: "enabled", budget_tokens: 10000 },
    stream: true,
    system: [{ type: "text", text: "You are an expert.", cache_control: { type: "ephemeral", ttl: "1h" } }],
    tools: [
      { type: "web_search_20250305", name: "web_search", max_uses: 5, allowed_domains: ["example.com"] },
    ],
    metadata: { user_id: "13803d75-b4b5-4c3e-b2a2-6f21399b021b" },
    messages: [
      { role: "user", content: "Are there an infinite number of prime numbers such that n mod 4 == 3?" },
    ],
  },
};

describe("messages request bodies reach the gateway unchanged", () => {
  it.each(Object.entries(bodies))("%s", async (_, body) => {
    const { gw, mock } = await loopback();
    const result = await gw.messages.create(body);
    if (result instanceof MessageStream) await result.finalMessage();
    expect(lastBody(mock)).toEqual(body);
    expect(mock.requests.at(-1)!.headers["anthropic-version"]).toBe("2023-06-01");
  });

  it("fields genway does not declare: through params with a cast, and through extra_body", async () => {
    const { gw, mock } = await loopback();
    const body = {
      ...ask,
      container: "container_123",
      context_management: { edits: [{ type: "clear_tool_uses_20250919" }] },
      messages: [
        {
          role: "user",
          content: [
            {
              type: "search_result",
              source: "https://example.com",
              title: "T",
              content: [{ type: "text", text: "x" }],
            },
          ],
        },
      ],
    };
    await gw.messages.create(body as unknown as MessageCreateParamsNonStreaming);
    expect(lastBody(mock)).toEqual(body);
    await gw.messages.create(ask, { extra_body: { inference_geo: "us" } });
    expect(lastBody(mock)).toEqual({ ...ask, inference_geo: "us" });
  });
});

describe("messages captures parse into typed results", () => {
  it("anthropic-messages-stream.txt: text, stop reason, usage", async () => {
    const stream = await replay(capture("messages", "anthropic-messages-stream.txt")).messages.create({
      ...ask,
      stream: true,
    });
    const events: MessageStreamEvent[] = await collect(stream);
    expect(events[0]!.type).toBe("message_start");
    expect(events.at(-1)!.type).toBe("message_stop");
    const message = await stream.finalMessage();
    expect(message.id).toBe("msg_4QpJur2dWWDjF6C758FbBw5vm12BaVipnK");
    expect(message.content).toEqual([{ type: "text", text: "Hello there!" }]);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.usage).toMatchObject({ input_tokens: 11, output_tokens: 6 });
  });

  it("anthropic-tool-stream.txt: the tool input assembled from its JSON fragments", async () => {
    const stream = await replay(capture("messages", "anthropic-tool-stream.txt")).messages.create({
      ...ask,
      stream: true,
    });
    const message = await stream.finalMessage();
    const use = message.content.find((block): block is ToolUseBlock => block.type === "tool_use");
    expect(use).toMatchObject({ name: "get_weather", input: { location: "Paris" } });
    expect(message.stop_reason).toBe("tool_use");
    expect(message.usage).toMatchObject({ input_tokens: 377, output_tokens: 65 });
  });

  it("anthropic-thinking-stream.txt: a signed thinking block, then the answer", async () => {
    const stream = await replay(capture("messages", "anthropic-thinking-stream.txt")).messages.create({
      ...ask,
      stream: true,
    });
    const message = await stream.finalMessage();
    expect(message.content.map((block) => block.type)).toEqual(["thinking", "text"]);
    const thinking = message.content[0] as { thinking: string; signature: string };
    expect(thinking.thinking.length).toBeGreaterThan(0);
    expect(thinking.signature.length).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBe(53);
  });

  it("anthropic-error-event.txt: an overloaded_error inside the 200 is thrown typed", async () => {
    const stream = await replay(capture("messages", "anthropic-error-event.txt")).messages.create({
      ...ask,
      stream: true,
    });
    const error = await thrown(() => stream.finalMessage());
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error.message).toContain("Overloaded");
  });

  it("anthropic-error.json: the 400 and 529 bodies are typed errors", async () => {
    const errors = json("anthropic-error.json");
    const bad = await thrown(() =>
      replay(JSON.stringify(errors.http_400_body), "application/json", 400).messages.create(ask),
    );
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toContain("Bad request");
    const overloaded = await thrown(() =>
      replay(JSON.stringify(errors.http_529_or_stream_error_body), "application/json", 529).messages.create(
        ask,
      ),
    );
    expect(overloaded).toBeInstanceOf(ServiceUnavailableError);
    expect(overloaded.status).toBe(529);
  });

  it("newapi-errors.json: new-api's claude-format and auth bodies on /v1/messages", async () => {
    const errors = json("newapi-errors.json");
    const relayed = await thrown(() =>
      replay(
        JSON.stringify(errors["newapi_relay_error_claude_format (/v1/messages only)"]),
        "application/json",
        400,
      ).messages.create(ask),
    );
    expect(relayed).toBeInstanceOf(BadRequestError);
    const auth = await thrown(() =>
      replay(
        JSON.stringify(errors["newapi_auth_401 (TokenAuth, all relay routes incl. /v1/messages, /v1beta)"]),
        "application/json",
        401,
      ).messages.create(ask),
    );
    expect(auth).toBeInstanceOf(AuthenticationError);
    expect(auth.message).toContain("Invalid token");
  });
});
