/** One defineTool, a two-step loop in chat, messages and responses; its shape in each format. */
import { describe, expect, it } from "vitest";
import { defineTool, type Genway, nativeTools } from "../../../src/index.js";
import { loopback } from "../../support/index.js";
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
  run(gw: Genway, stream: boolean): any;
  tools(body: any): unknown;
  answer: string;
}> = [
  {
    name: "chat",
    run: (gw, stream) =>
      gw.chat.completions.runTools({ model: "gpt-4o", messages: question, tools: [weather], stream }),
    tools: (body) => body.tools[0].function.parameters,
    answer: `The tool answered: ${result}`,
  },
  {
    name: "messages",
    run: (gw, stream) =>
      gw.messages.runTools({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: question,
        tools: [weather],
        stream,
      }),
    tools: (body) => body.tools[0].input_schema,
    answer: `The tool answered: ${JSON.stringify(result)}`,
  },
  {
    name: "responses",
    run: (gw, stream) =>
      gw.responses.runTools({ model: "gpt-5", input: "Weather in Paris?", tools: [weather], stream }),
    tools: (body) => body.tools[0].parameters,
    answer: "Thanks, the tool answered.",
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
