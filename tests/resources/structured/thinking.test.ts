/**
 * Thinking models in every format: one reader of a turn's reasoning (reasoningText, and a stream's
 * reasoning()), and tool loops that send the reasoning back. The mock gateway's thinking models
 * refuse a tool turn without it, in their upstreams' words (mock/routes/thinking.ts), so a loop that
 * dropped it would fail here.
 */
import { describe, expect, it } from "vitest";
import {
  BadRequestError,
  defineTool,
  type Genway,
  reasoningText,
  type ToolUseBlock,
} from "../../../src/index.js";
import { collect, mockForFile, rejection } from "../../support/index.js";
import { Weather } from "./schema.js";

const h = mockForFile();
const weather = defineTool({
  name: "get_weather",
  description: "The weather in a city",
  parameters: Weather,
  run: async ({ city }) => ({ city, temperature: 21 }),
});
const question = "Weather in Paris?";
const messages = [{ role: "user" as const, content: question }];
/** What the mock's thinking model reasons before calling the tool, and before a plain answer. */
const PLANNED = `The user asked: "${question}". The get_weather tool can tell; I will call it first.`;
const plainly = (prompt: string) =>
  `The user wrote "${prompt}". A short, friendly answer that echoes it will do.`;

const THINKING = { type: "enabled", budget_tokens: 1024 } as const;
const REASONING = { effort: "low", summary: "auto" } as const;

describe.each([
  {
    format: "chat completions",
    path: "/v1/chat/completions",
    run: (gw: Genway, stream: boolean) =>
      gw.chat.completions.runTools({ model: "deepseek-reasoner", messages, tools: [weather], stream }),
    /** The reasoning the second request sent back. */
    sentBack: (body: any) => body.messages[1].reasoning_content,
  },
  {
    format: "messages",
    path: "/v1/messages",
    run: (gw: Genway, stream: boolean) =>
      gw.messages.runTools({
        model: "claude-sonnet-4-5",
        max_tokens: 2048,
        thinking: THINKING,
        messages,
        tools: [weather],
        stream,
      }),
    sentBack: (body: any) => body.messages[1].content[0].thinking,
  },
  {
    format: "responses",
    path: "/v1/responses",
    run: (gw: Genway, stream: boolean) =>
      gw.responses.runTools({
        model: "gpt-5",
        input: question,
        reasoning: REASONING,
        tools: [weather],
        stream,
      }),
    sentBack: (body: any) => body.input.find((item: any) => item.type === "reasoning")?.summary[0].text,
  },
])("$format: a thinking model's tool loop", ({ path, run, sentBack }) => {
  it.each([false, true])(
    "completes through runTools (stream: %s), the reasoning sent back",
    async (stream) => {
      const before = h.sent(path).length;
      const runner = run(h.gw, stream);
      if (stream) for await (const step of runner as AsyncIterable<any>) await step.stream.finalResponse?.();
      expect(await runner.finalContent()).toMatch(/tool answered/);
      const [first, second] = h.sent(path).slice(before);
      expect(first).toBeDefined();
      expect(sentBack(second!.body)).toBe(PLANNED);
      expect(reasoningText(runner.steps[0]!.response)).toBe(PLANNED);
      expect(runner.steps).toHaveLength(2);
    },
  );
});

describe("the mock refuses a tool turn sent back without the reasoning, in the upstream's words", () => {
  it("messages: the assistant turn must start with its thinking block, signature intact", async () => {
    const params = { model: "claude-sonnet-4-5", max_tokens: 2048, thinking: THINKING, tools: [] as never[] };
    const tools = [{ name: "get_weather", input_schema: { type: "object" as const, properties: {} } }];
    const first = await h.gw.messages.create({ ...params, tools, messages });
    const use = first.content.find((block): block is ToolUseBlock => block.type === "tool_use")!;
    const result = {
      role: "user" as const,
      content: [{ type: "tool_result" as const, tool_use_id: use.id, content: "21" }],
    };
    const withoutThinking = first.content.filter((block) => block.type !== "thinking");
    const missing = await rejection(
      h.gw.messages.create({
        ...params,
        tools,
        messages: [...messages, { role: "assistant", content: withoutThinking }, result],
      }),
    );
    expect(missing).toBeInstanceOf(BadRequestError);
    expect(missing.message).toContain(
      "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`. When `thinking` is enabled, a final `assistant` message must start with a thinking block",
    );
    const forged = first.content.map((block) =>
      block.type === "thinking" ? { ...block, signature: "forged" } : block,
    );
    const invalid = await rejection(
      h.gw.messages.create({
        ...params,
        tools,
        messages: [...messages, { role: "assistant", content: forged }, result],
      }),
    );
    expect(invalid.message).toContain("messages.1.content.0: Invalid `signature` in `thinking` block");
    const sentWhole = await h.gw.messages.create({
      ...params,
      tools,
      messages: [...messages, { role: "assistant", content: first.content }, result],
    });
    expect(sentWhole.stop_reason).toBe("end_turn");
  });

  it("responses: a function_call item needs its reasoning item", async () => {
    const tools = [
      { type: "function" as const, name: "get_weather", parameters: { type: "object", properties: {} } },
    ];
    const first = await h.gw.responses.create({
      model: "gpt-5",
      input: question,
      reasoning: REASONING,
      tools,
    });
    const call = first.output.find((item) => item.type === "function_call")!;
    const reasoning = first.output.find((item) => item.type === "reasoning")!;
    const output = { type: "function_call_output" as const, call_id: call.call_id, output: "21" };
    const error = await rejection(
      h.gw.responses.create({
        model: "gpt-5",
        reasoning: REASONING,
        tools,
        input: [...messages, call, output],
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toContain(
      `Item '${call.id}' of type 'function_call' was provided without its required 'reasoning' item: '${reasoning.id}'.`,
    );
    const answered = await h.gw.responses.create({
      model: "gpt-5",
      reasoning: REASONING,
      tools,
      input: [...messages, reasoning, call, output],
    });
    expect(answered.output_text).toBe("Thanks, the tool answered.");
  });
});

describe("reasoningText() and reasoning(): one reader for the four formats", () => {
  const prompt = "Why is the sky blue?";
  const ask = [{ role: "user" as const, content: prompt }];
  const native = {
    model: "gemini-2.5-flash",
    contents: [{ role: "user", parts: [{ text: prompt }] }],
    generationConfig: { thinkingConfig: { includeThoughts: true } },
  };

  /**
   * Each format's thinking turn, non-streamed and streamed (and its stream's final result), and
   * the reasoning it holds: where each format keeps it.
   */
  const formats: Array<{
    format: string;
    plain(gw: Genway): Promise<object>;
    stream(gw: Genway): Promise<any>;
    final(stream: any): Promise<object>;
    reasoning: string;
  }> = [
    {
      format: "chat completions: reasoning_content",
      plain: (gw) => gw.chat.completions.create({ model: "deepseek-reasoner", messages: ask }),
      stream: (gw) => gw.chat.completions.create({ model: "deepseek-reasoner", messages: ask, stream: true }),
      final: (stream) => stream.finalCompletion(),
      reasoning: plainly(prompt),
    },
    {
      format: "messages: the thinking blocks",
      plain: (gw) =>
        gw.messages.create({
          model: "claude-sonnet-4-5",
          max_tokens: 2048,
          thinking: THINKING,
          messages: ask,
        }),
      stream: (gw) =>
        gw.messages.create({
          model: "claude-sonnet-4-5",
          max_tokens: 2048,
          thinking: THINKING,
          messages: ask,
          stream: true,
        }),
      final: (stream) => stream.finalMessage(),
      reasoning: plainly(prompt),
    },
    {
      format: "responses: the reasoning items' summaries",
      plain: (gw) => gw.responses.create({ model: "gpt-5", input: prompt, reasoning: REASONING }),
      stream: (gw) =>
        gw.responses.create({ model: "gpt-5", input: prompt, reasoning: REASONING, stream: true }),
      final: (stream) => stream.finalResponse(),
      reasoning: plainly(prompt),
    },
    {
      format: "native: the thought parts",
      plain: (gw) => gw.native.generateContent(native),
      stream: (gw) => gw.native.streamGenerateContent(native),
      final: (stream) => stream.finalResponse(),
      reasoning: `**Reading the request**\n\nThe user wrote "${prompt}"; an echo answers it.\n\n`,
    },
  ];

  it.each(formats)("$format", async ({ plain, stream, final, reasoning }) => {
    const [one, two] = (await stream(h.gw)).tee();
    const [deltas, text] = await Promise.all([collect(one.reasoning()), collect(two.text())]);
    expect(deltas.join("")).toBe(reasoning);
    expect(text.join("")).toMatch(/^Hello from the genway mock gateway!/);
    expect(reasoningText((await final(one)) as never)).toBe(reasoning);
    expect(reasoningText((await plain(h.gw)) as never)).toBe(reasoning);
  });

  it('a turn without reasoning reads as "", in every format', async () => {
    const turns = await Promise.all([
      h.gw.chat.completions.create({ model: "gpt-4o", messages: ask }),
      h.gw.messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages: ask }),
      h.gw.responses.create({ model: "gpt-5", input: prompt }),
      h.gw.native.generateContent({ model: "gemini-2.5-flash", contents: [{ parts: [{ text: prompt }] }] }),
    ]);
    expect(turns.map((turn) => reasoningText(turn))).toEqual(["", "", "", ""]);
  });
});

describe("native: no loop in this format; a thinking turn goes back by hand as it came", () => {
  it("the final response's parts (thought summary, signed function call) are the next request's model turn", async () => {
    const tools = [{ functionDeclarations: [{ name: "get_weather", parameters: { type: "object" } }] }];
    const contents = [{ role: "user", parts: [{ text: question }] }];
    const generationConfig = { thinkingConfig: { includeThoughts: true } };
    const stream = await h.gw.native.streamGenerateContent({
      model: "gemini-3-pro-preview",
      contents,
      tools,
      generationConfig,
    });
    const said = (await stream.finalResponse()).candidates![0]!.content!;
    expect(reasoningText({ candidates: [{ content: said }] })).toMatch(/^\*\*Reading the request\*\*/);
    const call = said.parts!.find((part) => part.functionCall)!;
    expect(call.thoughtSignature).toBeTruthy();
    const answered = await h.gw.native.generateContent({
      model: "gemini-3-pro-preview",
      tools,
      generationConfig,
      contents: [
        ...contents,
        { role: "model", parts: said.parts! },
        {
          role: "user",
          parts: [{ functionResponse: { name: "get_weather", response: { temperature: 21 } } }],
        },
      ],
    });
    expect(answered.candidates![0]!.finishReason).toBe("STOP");
    const sent = h.sent("/v1beta/models/gemini-3-pro-preview:generateContent").at(-1)!.body;
    expect(sent.contents[1].parts).toEqual(said.parts);
  });
});
