/**
 * Reasoning in chat completions, end to end: a thinking model's `reasoning_content` (or `reasoning`)
 * assembled from a stream, kept by snapshot(), read by reasoning() and reasoningText(), and sent
 * back in the assistant turn by runTools, as DeepSeek, Kimi and GLM require.
 *
 * The captures are DeepSeek-style streams written after DeepSeek's public API format (reasoning
 * deltas with `content: null`, then the answer with `reasoning_content: null`, the usage in the
 * finishing chunk with `prompt_cache_hit_tokens`), which new-api relays unchanged on an OpenAI
 * channel (relay/channel/openai/relay-openai.go at 116255f07, sendStreamData).
 */
import { describe, expect, it } from "vitest";
import { BadRequestError, type ChatMessage, reasoningText } from "../../../src/index.js";
import { collect, fixture, mockForFile, rejection, replay } from "../../support/index.js";

const here = new URL(".", import.meta.url);
const ask = [{ role: "user" as const, content: "Which is larger, 9.11 or 9.8?" }];
const REASONING =
  "Okay, the user asks which is larger: 9.11 or 9.8. Compare the tenths: 1 < 8, so 9.8 is larger.";
const h = mockForFile();

const openStream = (capture: string) =>
  replay(fixture(here, capture)).chat.completions.create({
    model: "deepseek-reasoner",
    messages: ask,
    stream: true,
  });

describe("a DeepSeek-style stream", () => {
  it("finalCompletion() carries reasoning_content; text() is the answer, reasoning() the reasoning", async () => {
    const [one, two] = (await openStream("deepseek-reasoner-stream.txt")).tee();
    const [answer, reasoning] = await Promise.all([collect(one.text()), collect(two.reasoning())]);
    expect(answer.join("")).toBe("9.8 is larger than 9.11.");
    expect(reasoning.join("")).toBe(REASONING);
    const completion = await one.finalCompletion();
    expect(completion.choices[0]!.message).toEqual({
      role: "assistant",
      content: "9.8 is larger than 9.11.",
      reasoning_content: REASONING,
    });
    expect(completion.usage).toMatchObject({
      completion_tokens_details: { reasoning_tokens: 24 },
      prompt_cache_hit_tokens: 0,
    });
    expect(reasoningText(completion)).toBe(REASONING);
    expect(reasoningText(completion.choices[0]!.message)).toBe(REASONING);
  });

  it("snapshot() keeps the reasoning that arrived before the answer began", async () => {
    const stream = await openStream("deepseek-reasoner-stream.txt");
    for await (const chunk of stream) if (chunk.choices[0]?.delta.reasoning_content === " asks which") break;
    const message = stream.snapshot().choices[0]!.message;
    expect(message.reasoning_content).toBe("Okay, the user asks which");
    expect(message.content).toBeNull();
  });

  it("a thinking tool call: the reasoning and the call's arguments are both assembled", async () => {
    const completion = await (await openStream("deepseek-thinking-tool-stream.txt")).finalCompletion();
    const message = completion.choices[0]!.message;
    expect(message.reasoning_content).toBe(
      "The user wants the weather in Hangzhou. I should call get_weather.",
    );
    expect(message.tool_calls).toEqual([
      {
        id: "call_00_pL8Xv3kQy1mN2bR7sT4uW9zA",
        type: "function",
        function: { name: "get_weather", arguments: '{"city":"Hangzhou"}' },
      },
    ]);
    expect(completion.choices[0]!.finish_reason).toBe("tool_calls");
  });

  it("the `reasoning` spelling (OpenRouter, vLLM) is kept under its own name, and read alike", async () => {
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: "gen-1", object: "chat.completion.chunk", created: 1, model: "r", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const body = [
      chunk({ role: "assistant", content: "", reasoning: "Two " }),
      chunk({ content: "", reasoning: "halves." }),
      chunk({ content: "One." }),
      chunk({}, "stop"),
      "data: [DONE]\n\n",
    ].join("");
    const stream = await replay(body).chat.completions.create({ model: "r", messages: ask, stream: true });
    const [a, b] = stream.tee();
    expect((await collect(a.reasoning())).join("")).toBe("Two halves.");
    const message = (await b.finalCompletion()).choices[0]!.message;
    expect(message).toEqual({ role: "assistant", content: "One.", reasoning: "Two halves." });
    expect(reasoningText(message)).toBe("Two halves.");
  });
});

describe("a thinking model on the mock gateway", () => {
  const weather = [{ role: "user" as const, content: "Weather in Hangzhou?" }];
  const tools = [
    {
      type: "function" as const,
      function: {
        name: "get_weather",
        parameters: { type: "object", properties: { city: { type: "string" } } },
      },
    },
  ];

  it("answers with reasoning_content (non-streamed and streamed alike)", async () => {
    const plain = await h.gw.chat.completions.create({ model: "deepseek-reasoner", messages: weather });
    const streamed = await (
      await h.gw.chat.completions.create({ model: "deepseek-reasoner", messages: weather, stream: true })
    ).finalCompletion();
    for (const completion of [plain, streamed]) {
      expect(reasoningText(completion)).toBe(
        'The user wrote "Weather in Hangzhou?". A short, friendly answer that echoes it will do.',
      );
      expect(completion.usage?.completion_tokens_details?.reasoning_tokens).toBeGreaterThan(0);
    }
    const { content, reasoning_content } = plain.choices[0]!.message;
    expect(streamed.choices[0]!.message).toMatchObject({ content, reasoning_content });
  });

  it("a tool turn sent back by hand with its reasoning_content is accepted (ChatMessage types it)", async () => {
    const first = await h.gw.chat.completions.create({
      model: "deepseek-reasoner",
      messages: weather,
      tools,
    });
    const said = first.choices[0]!.message;
    const call = said.tool_calls![0]!;
    const history: ChatMessage[] = [
      ...weather,
      {
        role: "assistant",
        content: said.content,
        reasoning_content: said.reasoning_content,
        tool_calls: said.tool_calls,
      },
      { role: "tool", tool_call_id: call.id, content: "21 °C, sunny" },
    ];
    const second = await h.gw.chat.completions.create({
      model: "deepseek-reasoner",
      messages: history,
      tools,
    });
    expect(second.choices[0]!.message.content).toBe("The tool answered: 21 °C, sunny");
    expect(h.sent("/v1/chat/completions").at(-1)!.body.messages[1].reasoning_content).toBe(
      said.reasoning_content,
    );
  });

  it.each([
    ["deepseek-reasoner", "The reasoning_content in the thinking mode must be passed back to the API."],
    [
      "kimi-k2-thinking",
      "thinking is enabled but reasoning_content is missing in assistant tool call message at index 1",
    ],
  ])("%s refuses a tool turn without its reasoning, in the upstream's words", async (model, words) => {
    const first = await h.gw.chat.completions.create({ model, messages: weather, tools });
    const { tool_calls } = first.choices[0]!.message;
    const error = await rejection(
      h.gw.chat.completions.create({
        model,
        tools,
        messages: [
          ...weather,
          { role: "assistant", content: null, tool_calls },
          { role: "tool", tool_call_id: tool_calls![0]!.id, content: "21 °C" },
        ],
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toContain(words);
  });
});
