/** One defineTool, a two-step loop in chat, messages and responses; its shape in each format. */
import { describe, expect, it } from "vitest";
import {
  defineTool,
  type Genway,
  nativeTools,
  type Tool,
  ToolAbortError,
  ValidationError,
} from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";
import { Weather } from "./schema.js";

const calls: unknown[] = [];
const weather = defineTool({
  name: "get_weather",
  description: "The weather in a city",
  parameters: Weather,
  run: async (args) => {
    calls.push(args);
    return { city: args.city, temperature: 21 };
  },
});

const question = [{ role: "user" as const, content: "Weather in Paris?" }];
const result = '{"city":"sample city","temperature":21}';

const loops: Array<{
  name: string;
  run(gw: Genway, stream: boolean, tools?: Tool[]): any;
  tools(body: any): unknown;
  answer: string;
  /** The text of the last message, as finalMessage() gives it in this format. */
  text(message: any): string;
}> = [
  {
    name: "chat",
    run: (gw, stream, tools = [weather]) =>
      gw.chat.completions.runTools({ model: "gpt-4o", messages: question, tools, stream }),
    tools: (body) => body.tools[0].function.parameters,
    answer: `The tool answered: ${result}`,
    text: (message) => message.content,
  },
  {
    name: "messages",
    run: (gw, stream, tools = [weather]) =>
      gw.messages.runTools({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: question,
        tools,
        stream,
      }),
    tools: (body) => body.tools[0].input_schema,
    answer: `The tool answered: ${JSON.stringify(result)}`,
    text: (message) => message.content[0].text,
  },
  {
    name: "responses",
    run: (gw, stream, tools = [weather]) =>
      gw.responses.runTools({ model: "gpt-5", input: "Weather in Paris?", tools, stream }),
    tools: (body) => body.tools[0].parameters,
    answer: "Thanks, the tool answered.",
    text: (message) => message.output_text,
  },
];

describe.each(loops)("$name runTools", (loop) => {
  it("runs the tool with validated arguments, sends its result and ends on the answer", async () => {
    const { gw, mock } = await loopback();
    calls.length = 0;
    const runner = loop.run(gw, false);
    const steps = [];
    for await (const step of runner) steps.push(step);
    expect(steps).toHaveLength(2);
    expect(steps[0].toolResults.map((r: any) => [r.call.name, r.content, r.isError])).toEqual([
      ["get_weather", result, false],
    ]);
    expect(steps[1].toolResults).toEqual([]);
    expect(calls).toEqual([{ city: "sample city", unit: "c" }]);
    expect(await runner.finalContent()).toBe(loop.answer);
    expect(loop.text(await runner.finalMessage())).toBe(loop.answer);
    expect(mock.requests).toHaveLength(2);
    expect(loop.tools(mock.requests[0]!.body)).toMatchObject({
      type: "object",
      properties: { city: { type: "string" } },
    });
    // The conversation is ready to continue: the second request held the first turn and the result.
    expect(runner.messages.length).toBeGreaterThan(2);
    expect(runner.totalUsage).toBeDefined();
    expect(Object.values(runner.totalUsage).some((n) => (n as number) > 0)).toBe(true);
  });

  it("streams each step", async () => {
    const { gw } = await loopback();
    const runner = loop.run(gw, true);
    const kinds: string[] = [];
    for await (const step of runner) {
      for await (const _ of step.stream) kinds.push("event");
    }
    expect(kinds.length).toBeGreaterThan(2);
    expect(runner.steps).toHaveLength(2);
    expect(await runner.finalContent()).toBe(loop.answer);
  });
});

describe.each(loops)("$name runTools, when a tool fails", (loop) => {
  const failing = (error: Error) =>
    defineTool({
      name: "get_weather",
      parameters: Weather,
      run: () => {
        throw error;
      },
    });

  it("sends a thrown error to the model as the tool's result, and goes on", async () => {
    const { gw, mock } = await loopback();
    const runner = loop.run(gw, false, [failing(new Error("station offline"))]);
    for await (const _ of runner) {
      // Run the loop.
    }
    expect(runner.steps[0].toolResults[0]).toMatchObject({
      content: "Error: station offline",
      isError: true,
    });
    expect(mock.requests).toHaveLength(2);
    expect(JSON.stringify(mock.requests[1]!.body)).toContain("Error: station offline");
  });

  it("ends the loop on ToolAbortError, sending nothing more", async () => {
    const { gw, mock } = await loopback();
    const error = await thrown(() =>
      loop.run(gw, false, [failing(new ToolAbortError("stop here"))]).finalContent(),
    );
    expect(error).toBeInstanceOf(ToolAbortError);
    expect(error.message).toBe("stop here");
    expect(mock.requests).toHaveLength(1);
  });

  it("refuses, before sending, tools that did not come from defineTool", async () => {
    const { gw, mock } = await loopback();
    const handMade = { name: "get_weather", parameters: Weather, run: () => "x", jsonSchema: {} } as Tool;
    for (const tools of [[handMade], []]) {
      const error = await thrown(() => loop.run(gw, false, tools).finalContent());
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toContain("tools: must come from defineTool");
    }
    expect(mock.requests).toHaveLength(0);
  });
});

describe("defineTool in the native format", () => {
  it("becomes function declarations with a JSON Schema, and the mock calls it", async () => {
    const { gw, mock } = await loopback();
    const response = await gw.native.generateContent({
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts: [{ text: "Weather in Paris?" }] }],
      tools: [nativeTools([weather])],
    });
    expect((mock.requests[0]!.body as any).tools[0].functionDeclarations[0]).toMatchObject({
      name: "get_weather",
      description: "The weather in a city",
      parametersJsonSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    });
    expect(response.candidates?.[0]?.content?.parts?.[0]?.functionCall?.args).toEqual({
      city: "sample city",
      unit: "c",
    });
  });
});
