/**
 * Chat completions compatibility: request bodies as OpenAI's docs and clients send them reach the
 * gateway unchanged, and the upstream captures (shared/upstream) parse into what a user reads.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  type ChatCompletionCreateParams,
  type ChatCompletionCreateParamsNonStreaming,
  ChatCompletionStream,
  InternalServerError,
  NotFoundError,
  ServiceUnavailableError,
} from "../../src/index.js";
import { capture, loopback, replay, thrown } from "../support/index.js";

const json = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const lastBody = (mock: { requests: Array<{ body: unknown }> }) => mock.requests.at(-1)!.body;

/** Bodies from the OpenAI API reference (chat/create examples), field for field. */
const bodies: Record<string, ChatCompletionCreateParams> = {
  "default, with a developer message": {
    model: "gpt-4o",
    messages: [
      { role: "developer", content: "You are a helpful assistant." },
      { role: "user", content: "Hello!" },
    ],
  },
  "image input": {
    model: "gpt-4o",
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "What's in this image?" },
          {
            type: "image_url",
            image_url: {
              url: "https://upload.wikimedia.org/wikipedia/commons/thumb/d/dd/Gfp-wisconsin-madison-the-nature-boardwalk.jpg/2560px-Gfp-wisconsin-madison-the-nature-boardwalk.jpg",
              detail: "high",
            },
          },
        ],
      },
    ],
    max_tokens: 300,
  },
  "streaming with usage": {
    model: "gpt-4o",
    messages: [
      { role: "system", content: "You are a helpful assistant." },
      { role: "user", content: "Hello!" },
    ],
    stream: true,
    stream_options: { include_usage: true },
  },
  functions: {
    model: "gpt-4o",
    messages: [{ role: "user", content: "What's the weather like in Boston today?" }],
    tools: [
      {
        type: "function",
        function: {
          name: "get_current_weather",
          description: "Get the current weather in a given location",
          parameters: {
            type: "object",
            properties: {
              location: { type: "string", description: "The city and state, e.g. San Francisco, CA" },
              unit: { type: "string", enum: ["celsius", "fahrenheit"] },
            },
            required: ["location"],
          },
        },
      },
    ],
    tool_choice: "auto",
  },
  "a tool result turn": {
    model: "gpt-4o",
    messages: [
      { role: "user", content: "What's the weather like in Boston today?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_abc123",
            type: "function",
            function: { name: "get_current_weather", arguments: '{"location":"Boston, MA"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_abc123", content: '{"temperature":"22","unit":"celsius"}' },
    ],
    tools: [{ type: "function", function: { name: "get_current_weather", parameters: { type: "object" } } }],
  },
  "logprobs, structured output, reasoning": {
    model: "o4-mini",
    messages: [{ role: "user", content: "Extract the event: Alice and Bob meet on Friday." }],
    logprobs: true,
    top_logprobs: 2,
    reasoning_effort: "low",
    max_completion_tokens: 2000,
    seed: 42,
    response_format: {
      type: "json_schema",
      json_schema: {
        name: "calendar_event",
        strict: true,
        schema: {
          type: "object",
          properties: {
            name: { type: "string" },
            participants: { type: "array", items: { type: "string" } },
          },
          required: ["name", "participants"],
          additionalProperties: false,
        },
      },
    },
  },
  "audio input and a file": {
    model: "gpt-4o-audio-preview",
    modalities: ["text"],
    messages: [
      {
        role: "user",
        content: [
          { type: "input_audio", input_audio: { data: "UklGRiQAAABXQVZF", format: "wav" } },
          { type: "file", file: { filename: "a.pdf", file_data: "data:application/pdf;base64,JVBERi0=" } },
        ],
      },
    ],
  },
};

describe("chat request bodies reach the gateway unchanged", () => {
  it.each(Object.entries(bodies))("%s", async (_, body) => {
    const { gw, mock } = await loopback();
    const result = await gw.chat.completions.create(body);
    if (result instanceof ChatCompletionStream) await result.finalCompletion();
    expect(lastBody(mock)).toEqual(body);
  });

  it("fields genway does not declare: through params with a cast, and through extra_body", async () => {
    const { gw, mock } = await loopback();
    const body = {
      model: "gpt-4o-search-preview",
      messages: [{ role: "user", content: "What was a positive news story from today?" }],
      web_search_options: { search_context_size: "low" },
      prediction: { type: "content", content: "draft" },
      verbosity: "low",
    };
    await gw.chat.completions.create(body as ChatCompletionCreateParamsNonStreaming);
    expect(lastBody(mock)).toEqual(body);
    await gw.chat.completions.create(
      { model: "gpt-4o", messages: [{ role: "user", content: "hi" }] },
      { extra_body: { safety_identifier: "user-42", prompt_cache_key: "k" } },
    );
    expect(lastBody(mock)).toEqual({
      model: "gpt-4o",
      messages: [{ role: "user", content: "hi" }],
      safety_identifier: "user-42",
      prompt_cache_key: "k",
    });
  });
});

describe("chat captures parse into typed results", () => {
  it("openai-chat-stream.txt: the text, finish reason and the usage chunk", async () => {
    const stream = await replay(capture("chat", "openai-chat-stream.txt")).chat.completions.create({
      model: "gpt-4.1-nano",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    });
    const completion = await stream.finalCompletion();
    expect(completion.id).toBe("chatcmpl-D8Z5oo6uDh67AD85p73ksdT1KxhE0");
    expect(completion.model).toBe("gpt-4.1-nano-2025-04-14");
    expect(completion.choices[0]!.finish_reason).toBe("stop");
    expect(completion.choices[0]!.message.content).toMatch(/^\*\*Holiday/);
    expect(completion.usage).toMatchObject({ prompt_tokens: 16, completion_tokens: 300, total_tokens: 316 });
    expect(completion.system_fingerprint).toBe("fp_de604bd877");
  });

  it("openai-chat-tool-stream.txt: the tool call assembled from its argument fragments", async () => {
    const stream = await replay(capture("chat", "openai-chat-tool-stream.txt")).chat.completions.create({
      model: "gpt-3.5-turbo",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    });
    const completion = await stream.finalCompletion();
    expect(completion.choices[0]!.message.tool_calls).toEqual([
      {
        id: "call_O17Uplv4lJvD6DVdIvFFeRMw",
        type: "function",
        function: { name: "test-tool", arguments: '{"value":"Sparkle Day"}' },
      },
    ]);
    expect(completion.choices[0]!.finish_reason).toBe("tool_calls");
    expect(completion.usage).toMatchObject({ prompt_tokens: 53, completion_tokens: 17, total_tokens: 70 });
  });

  it("openai-error.json: a BadRequestError carrying the upstream message, code and param", async () => {
    const gw = replay(json("openai-error.json"), "application/json", 400);
    const error = await thrown(() =>
      gw.chat.completions.create({ model: "o3", messages: [{ role: "user", content: "hi" }], max_tokens: 5 }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.status).toBe(400);
    expect(error.code).toBe("unsupported_parameter");
    expect(error.message).toContain("Use 'max_completion_tokens' instead.");
  });

  const newapi = JSON.parse(json("newapi-errors.json")) as Record<string, unknown>;
  const relayed: Array<[string, number, new (...args: never[]) => Error, string]> = [
    [
      "newapi_auth_401 (TokenAuth, all relay routes incl. /v1/messages, /v1beta)",
      401,
      AuthenticationError,
      "",
    ],
    ["newapi_no_channel_503", 503, ServiceUnavailableError, "model_not_found"],
    ["newapi_not_found_404", 404, NotFoundError, ""],
    ["newapi_not_implemented_501", 501, InternalServerError, "api_not_implemented"],
    ["one_api_auth_401", 401, AuthenticationError, ""],
  ];
  it.each(relayed)("newapi-errors.json %s: typed by status", async (key, status, type, code) => {
    const body = newapi[key] as { error: { message: string } };
    expect(body, key).toBeDefined();
    const error = await thrown(() =>
      replay(JSON.stringify(body), "application/json", status).chat.completions.create({
        model: "gpt-4o",
        messages: [{ role: "user", content: "hi" }],
      }),
    );
    expect(error).toBeInstanceOf(type);
    expect(error.status).toBe(status);
    if (code) expect(error.code).toBe(code);
    expect(error.message).toContain(body.error.message.split(" (request id")[0]);
  });
});
