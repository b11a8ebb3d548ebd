/**
 * Peer fidelity: the official SDKs of the formats the gateway relays, pointed at the mock gateway,
 * complete a plain and a streamed call. If they parse the mock, the mock speaks the real formats.
 */
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockGateway, type MockServer } from "../../mock/index.js";

const mock = createMockGateway();
let server: MockServer;
beforeAll(async () => {
  server = await mock.listen();
});
afterAll(() => server.close());

const echo = (text: string) => `Hello from the genway mock gateway! You said: "${text}".`;

describe("openai", () => {
  const client = () => new OpenAI({ apiKey: mock.apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });

  it("chat.completions: plain and streamed (with the usage chunk)", async () => {
    const completion = await client().chat.completions.create({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "ping" }],
    });
    expect(completion.choices[0]!.message.content).toBe(echo("ping"));
    expect(completion.usage!.total_tokens).toBeGreaterThan(0);

    const stream = await client().chat.completions.create({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "pong" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      usage ??= chunk.usage;
    }
    expect(text).toBe(echo("pong"));
    expect(usage!.completion_tokens).toBeGreaterThan(0);
  });

  it("chat.completions.stream helper assembles tool calls", async () => {
    const runner = client().chat.completions.stream({
      model: "gpt-4o",
      messages: [{ role: "user", content: "weather?" }],
      tools: [
        {
          type: "function",
          function: {
            name: "get_weather",
            parameters: { type: "object", properties: { city: { type: "string" } } },
          },
        },
      ],
    });
    const final = await runner.finalChatCompletion();
    expect(final.choices[0]!.message.tool_calls![0]).toMatchObject({
      function: { name: "get_weather", arguments: '{"city":"sample city"}' },
    });
  });

  it("responses: plain and streamed", async () => {
    const response = await client().responses.create({ model: "gpt-5", input: "hello" });
    expect(response.output_text).toBe(echo("hello"));

    const stream = client().responses.stream({
      model: "gpt-5",
      input: "again",
      tools: [{ type: "web_search_preview" }],
    });
    const final = await stream.finalResponse();
    expect(final.output_text).toContain(echo("again"));
    expect(final.usage!.total_tokens).toBeGreaterThan(0);
  });
});

describe("@anthropic-ai/sdk", () => {
  const client = () => new Anthropic({ apiKey: mock.apiKey, baseURL: server.url, maxRetries: 0 });

  it("messages: plain and streamed", async () => {
    const message = await client().messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 256,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(message.content[0]).toMatchObject({ type: "text", text: echo("hi") });

    const stream = client().messages.stream({
      model: "claude-sonnet-4-6",
      max_tokens: 256,
      messages: [{ role: "user", content: "stream" }],
    });
    let text = "";
    stream.on("text", (delta) => {
      text += delta;
    });
    const final = await stream.finalMessage();
    expect(text).toBe(echo("stream"));
    expect(final.usage.output_tokens).toBeGreaterThan(1);
  });

  it("messages.stream with thinking and a tool: input JSON assembled", async () => {
    const final = await client()
      .messages.stream({
        model: "claude-sonnet-4-6",
        max_tokens: 4096,
        thinking: { type: "enabled", budget_tokens: 1024 },
        tools: [
          { name: "get_weather", input_schema: { type: "object", properties: { city: { type: "string" } } } },
        ],
        messages: [{ role: "user", content: "weather?" }],
      })
      .finalMessage();
    expect(final.content.map((block) => block.type)).toEqual(["thinking", "text", "tool_use"]);
    expect(final.content[2]).toMatchObject({ name: "get_weather", input: { city: "sample city" } });
  });

  it("an error event mid-stream is raised by the SDK too", async () => {
    const stream = client().messages.stream({
      model: "claude-sonnet-4-6",
      max_tokens: 64,
      messages: [{ role: "user", content: "[error]" }],
    });
    await expect(stream.finalMessage()).rejects.toThrow(/overloaded/);
  });
});

describe("@google/genai", () => {
  const client = () => new GoogleGenAI({ apiKey: mock.apiKey, httpOptions: { baseUrl: server.url } });

  it("generateContent: plain, and with thoughts left out of .text", async () => {
    const response = await client().models.generateContent({ model: "gemini-2.5-flash", contents: "hello" });
    expect(response.text).toBe(echo("hello"));
    expect(mock.requests.at(-1)!.path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");

    const thinking = await client().models.generateContent({
      model: "gemini-2.5-pro",
      contents: "why",
      config: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
    });
    expect(thinking.text).toBe(echo("why"));
    expect(thinking.usageMetadata!.thoughtsTokenCount).toBeGreaterThan(0);
  });

  it("generateContentStream over CRLF-framed SSE", async () => {
    const stream = await client().models.generateContentStream({
      model: "gemini-2.5-flash",
      contents: "stream",
    });
    let text = "";
    let chunks = 0;
    for await (const chunk of stream) {
      text += chunk.text ?? "";
      chunks++;
    }
    expect(chunks).toBeGreaterThan(2);
    expect(text).toBe(echo("stream"));
    expect(new URL(mock.requests.at(-1)!.url).searchParams.get("alt")).toBe("sse");
  });
});
