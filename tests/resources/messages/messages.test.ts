/** gw.messages.create: plain, image recognition, function calling, thinking; bounds before the wire. */
import { describe, expect, expectTypeOf, it } from "vitest";
import Genway, {
  BadRequestError,
  type Message,
  type MessagesModel,
  ServiceUnavailableError,
  type ToolUseBlock,
} from "../../../src/index.js";
import { invalid, mockForFile, rejection } from "../../support/index.js";

const PATH = "/v1/messages";
const h = mockForFile();

const last = () => h.sent(PATH).at(-1)!;
const weather = {
  name: "get_weather",
  description: "Current weather in a city",
  input_schema: {
    type: "object" as const,
    properties: { city: { type: "string" }, days: { type: "integer" } },
  },
};

describe("messages.create", () => {
  it("plain: model, max_tokens, messages; authenticated with x-api-key (and Bearer) and anthropic-version", async () => {
    const message = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      system: "Be brief.",
      messages: [{ role: "user", content: "Hello, Claude" }],
    });
    expect(last().body).toEqual({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      system: "Be brief.",
      messages: [{ role: "user", content: "Hello, Claude" }],
    });
    expect(last().headers).toMatchObject({
      "x-api-key": h.mock.apiKey,
      authorization: `Bearer ${h.mock.apiKey}`,
      "anthropic-version": "2023-06-01",
    });
    expectTypeOf(message).toEqualTypeOf<Message>();
    expect(message).toMatchObject({
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5",
      stop_reason: "end_turn",
      content: [{ type: "text", text: 'Hello from the genway mock gateway! You said: "Hello, Claude".' }],
    });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
  });

  it("max_tokens may be left out: the gateway fills its per-model default", async () => {
    await h.gw.messages.create({ model: "claude-haiku-4-5", messages: [{ role: "user", content: "hi" }] });
    expect(last().body).not.toHaveProperty("max_tokens");
  });

  it("a caller's anthropic-version and beta headers win", async () => {
    await h.gw.messages.create(
      { model: "claude-haiku-4-5", messages: [{ role: "user", content: "hi" }] },
      { headers: new Headers({ "anthropic-version": "2024-01-01", "anthropic-beta": "x-2025" }) },
    );
    expect(last().headers).toMatchObject({ "anthropic-version": "2024-01-01", "anthropic-beta": "x-2025" });
  });

  it("image recognition: base64 and URL image blocks", async () => {
    const content = [
      {
        type: "image" as const,
        source: { type: "base64" as const, media_type: "image/png" as const, data: "iVBORw0KGgo=" },
      },
      { type: "image" as const, source: { type: "url" as const, url: "https://example.com/cat.jpg" } },
      { type: "text" as const, text: "What is in these images?" },
    ];
    const message = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      messages: [{ role: "user", content }],
    });
    expect(last().body.messages[0].content).toEqual(content);
    expect(message.content[0]).toMatchObject({
      type: "text",
      text: expect.stringContaining("I looked at 2 images."),
    });
  });

  it("function calling: a tool_use block with parsed input, then the tool_result turn", async () => {
    const first = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      tools: [weather],
      messages: [{ role: "user", content: "Weather in Paris?" }],
    });
    expect(last().body.tools).toEqual([weather]);
    expect(first.stop_reason).toBe("tool_use");
    const use = first.content.find((block): block is ToolUseBlock => block.type === "tool_use")!;
    expect(use).toMatchObject({ name: "get_weather", input: { city: "sample city", days: 42 } });
    expect(use.id).toMatch(/^toolu_/);

    const second = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      tools: [weather],
      messages: [
        { role: "user", content: "Weather in Paris?" },
        { role: "assistant", content: first.content as never },
        { role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: "21°C, sunny" }] },
      ],
    });
    expect(second.stop_reason).toBe("end_turn");
    expect(second.content[0]).toMatchObject({ type: "text", text: 'The tool answered: "21°C, sunny"' });
  });

  it("tool_choice: none answers in text; a named tool is called", async () => {
    const time = { name: "get_time", input_schema: { type: "object" as const } };
    const none = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      tools: [weather, time],
      tool_choice: { type: "none" },
      messages: [{ role: "user", content: "hi" }],
    });
    expect(none.content.map((block) => block.type)).toEqual(["text"]);
    const forced = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      tools: [weather, time],
      tool_choice: { type: "tool", name: "get_time" },
      messages: [{ role: "user", content: "hi" }],
    });
    expect(last().body.tool_choice).toEqual({ type: "tool", name: "get_time" });
    expect(forced.content.at(-1)).toMatchObject({ type: "tool_use", name: "get_time", input: {} });
  });

  it("extended thinking: a thinking block with its signature before the answer", async () => {
    const message = await h.gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 1024 },
      messages: [{ role: "user", content: "Think first" }],
    });
    expect(last().body.thinking).toEqual({ type: "enabled", budget_tokens: 1024 });
    expect(message.content.map((block) => block.type)).toEqual(["thinking", "text"]);
    expect(message.content[0]).toMatchObject({
      thinking: expect.stringContaining("Think first"),
      signature: expect.any(String),
    });
  });

  it("a gateway error is thrown typed (Anthropic envelope)", async () => {
    const error = await rejection(
      h.gw.messages.create({ model: "claude-sonnet-4-5", messages: [{ role: "user", content: "[error]" }] }),
    );
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 529, type: "overloaded_error" });
  });

  it("with validation off, the gateway's own check answers 221306 as a BadRequestError", async () => {
    const gw = new Genway({ apiKey: h.mock.apiKey, baseURL: h.url, maxRetries: 0, validation: "off" });
    const error = await rejection(
      gw.messages.create({
        model: "claude-sonnet-4-5",
        temperature: 1.5,
        messages: [{ role: "user", content: "hi" }],
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 221306, type: "invalid_request_error" });
  });
});

describe("messages.create bounds", () => {
  const base = { model: "claude-sonnet-4-5", messages: [{ role: "user" as const, content: "hi" }] };
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ["max_tokens of 0", { max_tokens: 0 }, "max_tokens", "too_small"],
    ["max_tokens not an integer", { max_tokens: 10.5 }, "max_tokens", "invalid_type"],
    ["temperature above 1", { temperature: 1.01 }, "temperature", "too_big"],
    ["temperature below 0", { temperature: -0.5 }, "temperature", "too_small"],
    ["top_p above 1", { top_p: 1.5 }, "top_p", "too_big"],
    ["a negative top_k", { top_k: -1 }, "top_k", "too_small"],
    ["no messages", { messages: [] }, "messages", "too_small"],
    [
      "a text block without text",
      { messages: [{ role: "user", content: [{ type: "text" }] }] },
      "messages.0.content.0.text",
      "invalid_type",
    ],
    [
      "a thinking budget below 1024",
      { thinking: { type: "enabled", budget_tokens: 1000 } },
      "thinking.budget_tokens",
      "too_small",
    ],
    [
      "a custom tool without input_schema",
      { tools: [{ name: "x" }] },
      "tools.0.input_schema",
      "invalid_type",
    ],
    [
      "a custom tool with an empty name",
      { tools: [{ name: "", input_schema: { type: "object" } }] },
      "tools.0.name",
      "too_small",
    ],
    ["tool_choice any without tools", { tool_choice: { type: "any" } }, "tool_choice", "custom"],
    [
      "tool_choice naming an unknown tool",
      { tools: [{ name: "a", input_schema: { type: "object" } }], tool_choice: { type: "tool", name: "b" } },
      "tool_choice",
      "custom",
    ],
    [
      "tool_choice tool without a name",
      { tool_choice: { type: "tool" } },
      "tool_choice.name",
      "invalid_type",
    ],
  ];

  it.each(cases)("rejects %s before sending", async (_, params, path, rule) => {
    const error = await invalid(h, () => h.gw.messages.create({ ...base, ...params } as never));
    expect(error.issues).toContainEqual(expect.objectContaining({ path, rule }));
  });

  it("accepts the edges, server tools and block types it does not know", async () => {
    await h.gw.messages.create({
      ...base,
      max_tokens: 1025,
      temperature: 1,
      top_p: 0,
      top_k: 0,
      thinking: { type: "enabled", budget_tokens: 1024 },
      tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 3 }],
      messages: [{ role: "user", content: [{ type: "document", source: { type: "text", data: "..." } }] }],
    });
    expect(last().body.tools[0]).toEqual({ type: "web_search_20250305", name: "web_search", max_uses: 3 });
  });
});

describe("messages fields the spec leaves open", () => {
  it("sends media types, tool names and long user ids as given", async () => {
    const params = {
      model: "claude-opus-4-8",
      metadata: { user_id: "x".repeat(300) },
      tools: [{ name: "get time now", input_schema: { type: "object" } }],
      messages: [
        {
          role: "user",
          content: [{ type: "image", source: { type: "base64", media_type: "image/heic", data: "AA" } }],
        },
      ],
    };
    await h.gw.messages.create(params as never);
    expect(last().body).toEqual(params);
  });

  it("a role, or a thinking budget above max_tokens, reaches the gateway, whose 400 comes back typed", async () => {
    const hi = [{ role: "user", content: "hi" }];
    for (const params of [
      { messages: [{ role: "system", content: "x" }] },
      { messages: hi, max_tokens: 2048, thinking: { type: "enabled", budget_tokens: 4096 } },
    ]) {
      const error = await rejection(h.gw.messages.create({ model: "claude-sonnet-4-5", ...params } as never));
      expect(last().body).toEqual({ model: "claude-sonnet-4-5", ...params });
      expect(error).toBeInstanceOf(BadRequestError);
    }
  });
});

describe("MessagesModel", () => {
  it("autocompletes known ids and still takes any string", () => {
    expectTypeOf<Extract<MessagesModel, "claude-sonnet-4-5">>().toEqualTypeOf<"claude-sonnet-4-5">();
    expectTypeOf<"claude-sonnet-4-5-thinking">().toExtend<MessagesModel>();
  });
});
