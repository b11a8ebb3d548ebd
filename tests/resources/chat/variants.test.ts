/** Every chat variant of the spec: the request on the wire and the typed result. */
import { describe, expect, expectTypeOf, it } from "vitest";
import Genway, {
  BadRequestError,
  type ChatCompletion,
  type ChatModel,
  chatImageUrls,
  RateLimitError,
} from "../../../src/index.js";
import { mockForFile, rejection } from "../../support/index.js";

const PATH = "/v1/chat/completions";
const h = mockForFile();

const lastBody = () => h.sent(PATH).at(-1)!.body;

describe("chat.completions.create variants", () => {
  it("plain: a bare {model, messages} call works (tools and tool_choice are not required)", async () => {
    const completion = await h.gw.chat.completions.create({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "Say hello" }],
    });
    expect(lastBody()).toEqual({ model: "gpt-4o-mini", messages: [{ role: "user", content: "Say hello" }] });
    expectTypeOf(completion).toEqualTypeOf<ChatCompletion>();
    expect(completion.object).toBe("chat.completion");
    expect(completion.choices[0]!.message).toMatchObject({
      role: "assistant",
      content: 'Hello from the genway mock gateway! You said: "Say hello".',
    });
    expect(completion.choices[0]!.finish_reason).toBe("stop");
    expect(completion.usage).toMatchObject({
      prompt_tokens: expect.any(Number),
      completion_tokens: expect.any(Number),
    });
    expect(completion.usage!.total_tokens).toBe(
      completion.usage!.prompt_tokens + completion.usage!.completion_tokens,
    );
  });

  it("image analysis: content parts with an image URL and a data URL", async () => {
    const messages = [
      {
        role: "user" as const,
        content: [
          { type: "text" as const, text: "What is in these pictures?" },
          {
            type: "image_url" as const,
            image_url: { url: "https://example.com/cat.png", detail: "high" as const },
          },
          { type: "image_url" as const, image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
        ],
      },
    ];
    const completion = await h.gw.chat.completions.create({ model: "gpt-4o", messages });
    expect(lastBody().messages).toEqual(messages);
    expect(completion.choices[0]!.message.content).toContain("I looked at 2 images.");
  });

  it("video analysis: a video_url part", async () => {
    const completion = await h.gw.chat.completions.create({
      model: "qwen-vl-max",
      messages: [
        {
          role: "user",
          content: [
            { type: "video_url", video_url: { url: "https://example.com/clip.mp4" } },
            { type: "text", text: "Describe the clip" },
          ],
        },
      ],
    });
    expect(lastBody().messages[0].content[0]).toEqual({
      type: "video_url",
      video_url: { url: "https://example.com/clip.mp4" },
    });
    expect(completion.choices[0]!.message.content).toContain("I looked at 1 video.");
  });

  it("image generation through chat: the image comes back in the message (chatImageUrls reads it)", async () => {
    const completion = await h.gw.chat.completions.create({
      model: "gemini-2.5-flash-image",
      messages: [{ role: "user", content: "A red bicycle" }],
    });
    const urls = chatImageUrls(completion);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^https:\/\/files\.genway\.mock\/images\/.+\.png$/);
    expect(chatImageUrls(completion.choices[0]!.message)).toEqual(urls);
  });

  it("image-family-B compatible chat: only model and messages, an image in the answer", async () => {
    await h.gw.chat.completions.create({
      model: "imgB-standard",
      messages: [{ role: "user", content: "A lighthouse" }],
    });
    expect(Object.keys(lastBody()).sort()).toEqual(["messages", "model"]);
    expect(
      chatImageUrls({
        role: "assistant",
        content: "![a](data:image/png;base64,AAAA) and ![b](<https://x/y.png>)",
      }),
    ).toEqual(["data:image/png;base64,AAAA", "https://x/y.png"]);
    expect(
      chatImageUrls({
        role: "assistant",
        content: null,
        images: [{ type: "image_url", image_url: { url: "https://i/1.png" } }],
      }),
    ).toEqual(["https://i/1.png"]);
  });

  describe("tools call", () => {
    const tools = [
      {
        type: "function" as const,
        function: {
          name: "get_weather",
          description: "Weather in a city",
          parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } },
        },
      },
      {
        type: "function" as const,
        function: { name: "get_time", parameters: { type: "object", properties: {} } },
      },
    ];
    const messages = [{ role: "user" as const, content: "Weather in Paris?" }];

    it("tool_choice auto: the model calls a function; arguments arrive as JSON text", async () => {
      const completion = await h.gw.chat.completions.create({
        model: "gpt-4o",
        messages,
        tools,
        tool_choice: "auto",
      });
      expect(lastBody()).toMatchObject({ tools, tool_choice: "auto" });
      const choice = completion.choices[0]!;
      expect(choice.finish_reason).toBe("tool_calls");
      expect(choice.message.content).toBeNull();
      const call = choice.message.tool_calls![0]!;
      expect(call).toMatchObject({ type: "function", function: { name: "get_weather" } });
      expect(JSON.parse(call.function.arguments)).toEqual({ city: "sample city", days: 42 });
    });

    it("tool_choice none: no call, a text answer", async () => {
      const completion = await h.gw.chat.completions.create({
        model: "gpt-4o",
        messages,
        tools,
        tool_choice: "none",
      });
      expect(lastBody().tool_choice).toBe("none");
      expect(completion.choices[0]!.message.tool_calls).toBeUndefined();
      expect(completion.choices[0]!.finish_reason).toBe("stop");
    });

    it("forced function: the named function is called", async () => {
      const tool_choice = { type: "function" as const, function: { name: "get_time" } };
      const completion = await h.gw.chat.completions.create({
        model: "gpt-4o",
        messages,
        tools,
        tool_choice,
      });
      expect(lastBody().tool_choice).toEqual(tool_choice);
      expect(completion.choices[0]!.message.tool_calls![0]!.function).toEqual({
        name: "get_time",
        arguments: "{}",
      });
    });

    it("a tool result sent back gets a text answer", async () => {
      const first = await h.gw.chat.completions.create({ model: "gpt-4o", messages, tools });
      const call = first.choices[0]!.message.tool_calls![0]!;
      const second = await h.gw.chat.completions.create({
        model: "gpt-4o",
        tools,
        messages: [
          ...messages,
          { role: "assistant", content: null, tool_calls: [call] },
          { role: "tool", tool_call_id: call.id, content: '{"temp":21}' },
        ],
      });
      expect(second.choices[0]!.message.content).toBe('The tool answered: {"temp":21}');
    });
  });

  it("every optional parameter reaches the wire as written", async () => {
    await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: [
        { role: "system", content: "Answer in JSON." },
        { role: "user", content: "List two colours as JSON" },
      ],
      n: 2,
      seed: 7,
      stop: ["\n\n", "END"],
      user: "user-1234",
      top_p: 0.1,
      temperature: 1.5,
      logit_bias: { "50256": -100, "15339": 5 },
      max_tokens: 256,
      response_format: { type: "json_object" },
      presence_penalty: -1.5,
      frequency_penalty: 2,
    });
    expect(lastBody()).toMatchObject({
      n: 2,
      seed: 7,
      stop: ["\n\n", "END"],
      user: "user-1234",
      top_p: 0.1,
      temperature: 1.5,
      logit_bias: { "50256": -100, "15339": 5 },
      max_tokens: 256,
      response_format: { type: "json_object" },
      presence_penalty: -1.5,
      frequency_penalty: 2,
    });
  });

  it("n: one choice per requested completion", async () => {
    const completion = await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: [{ role: "user", content: "hi" }],
      n: 3,
    });
    expect(completion.choices.map((choice) => choice.index)).toEqual([0, 1, 2]);
  });

  it("stop: a single string is sent as a string", async () => {
    await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: [{ role: "user", content: "hi" }],
      stop: "STOP",
    });
    expect(lastBody().stop).toBe("STOP");
  });

  it("seed: the spec's `seen` is accepted and sent as `seed`", async () => {
    await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: [{ role: "user", content: "hi" }],
      seen: 42,
    });
    expect(lastBody().seed).toBe(42);
    expect(lastBody()).not.toHaveProperty("seen");
  });

  it("response_format json_schema is sent with its schema", async () => {
    const response_format = {
      type: "json_schema" as const,
      json_schema: { name: "colours", schema: { type: "object" }, strict: true },
    };
    await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: [{ role: "user", content: "hi" }],
      response_format,
    });
    expect(lastBody().response_format).toEqual(response_format);
  });

  it("unknown fields pass through untouched", async () => {
    await h.gw.chat.completions.create({
      model: "gpt-4o",
      messages: [{ role: "user", content: "hi" }],
      reasoning_effort: "low",
      modalities: ["text"],
    } as never);
    expect(lastBody()).toMatchObject({ reasoning_effort: "low", modalities: ["text"] });
  });

  it("a gateway error is thrown typed", async () => {
    const error = await rejection(
      h.gw.chat.completions.create({
        model: "gpt-4o",
        messages: [{ role: "user", content: "[error:rate_limit]" }],
      }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "rate_limit_exceeded" });
  });

  it("with validation off, the gateway's own check answers 221306 as a BadRequestError", async () => {
    const gw = new Genway({ apiKey: h.mock.apiKey, baseURL: h.url, maxRetries: 0, validation: "off" });
    const error = await rejection(
      gw.chat.completions.create({
        model: "gpt-4o",
        messages: [{ role: "user", content: "hi" }],
        temperature: 3,
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe(221306);
    expect(error.param).toBe("temperature");
  });
});

describe("ChatModel", () => {
  it("autocompletes known ids and still takes any string", () => {
    expectTypeOf<Extract<ChatModel, "gpt-4o">>().toEqualTypeOf<"gpt-4o">();
    expectTypeOf<Extract<ChatModel, "gemini-2.5-flash-image">>().toEqualTypeOf<"gemini-2.5-flash-image">();
    expectTypeOf<"some-future-model">().toExtend<ChatModel>();
    expectTypeOf<string>().toExtend<ChatModel>();
  });
});
