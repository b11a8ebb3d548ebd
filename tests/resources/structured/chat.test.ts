import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  defineTool,
  OutputParseError,
  OutputTruncatedError,
  RefusalError,
  ToolAbortError,
  ValidationError,
  zodResponseFormat,
} from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";
import { Recipe, RecipeMini, sampleRecipe, Weather } from "./schema.js";

const ask = (content: string) => [{ role: "user" as const, content }];

describe("chat.completions.parse", () => {
  it("sends the strict JSON Schema and returns the validated object in message.parsed", async () => {
    const { gw, mock } = await loopback();
    const completion = await gw.chat.completions.parse({
      model: "gpt-4o",
      messages: ask("A recipe"),
      response_format: zodResponseFormat(Recipe, "recipe"),
    });
    expect(completion.choices[0]!.message.parsed).toEqual(sampleRecipe);
    expectTypeOf(completion.choices[0]!.message.parsed).toEqualTypeOf<z.infer<typeof Recipe> | null>();
    const sent = mock.requests.at(-1)!.body as any;
    expect(sent.response_format.type).toBe("json_schema");
    expect(sent.response_format.json_schema.name).toBe("recipe");
    expect(sent.response_format.json_schema.strict).toBe(true);
    const schema = sent.response_format.json_schema.schema;
    expect(schema.required).toEqual(["title", "servings", "vegetarian", "steps", "note"]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.note).toEqual({ anyOf: [{ type: "string" }, { type: "null" }] });
    expect(schema.properties.steps.items.additionalProperties).toBe(false);
    expect(schema.$schema).toBeUndefined();
  });

  it("takes zod/mini schemas too", async () => {
    const { gw } = await loopback();
    const completion = await gw.chat.completions.parse({
      model: "gpt-4o",
      messages: ask("A recipe"),
      response_format: zodResponseFormat(RecipeMini, "recipe"),
    });
    expect(completion.choices[0]!.message.parsed).toEqual(sampleRecipe);
  });

  it("streams partial objects, then the validated one", async () => {
    const { gw } = await loopback();
    const stream = await gw.chat.completions.parse({
      model: "gpt-4o",
      messages: ask("A recipe"),
      response_format: zodResponseFormat(Recipe, "recipe"),
      stream: true,
    });
    const partials = [];
    for await (const partial of stream.partialObjects()) partials.push(partial);
    expect(partials.length).toBeGreaterThan(3);
    expect(partials[0]).toEqual({});
    // A half-written string shows as far as it has arrived.
    const titles = partials.map((p) => p.title).filter((title) => title && title !== "sample title");
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => "sample title".startsWith(title!))).toBe(true);
    expect(partials.at(-1)).toEqual(sampleRecipe);
    expect(await stream.finalParsed()).toEqual(sampleRecipe);
  });

  it("refuses, before sending, a schema strict mode cannot express", async () => {
    const error = await thrown(() =>
      zodResponseFormat(z.object({ tags: z.record(z.string(), z.string()) }), "x"),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain("schema.properties.tags.additionalProperties");
    expect((await thrown(() => zodResponseFormat(z.string(), "x"))).message).toContain("object at its root");
    expect((await thrown(() => zodResponseFormat(z.object({ at: z.date() }), "x"))).message).toContain(
      "cannot be written as JSON Schema",
    );
  });

  it("refuses params whose response_format did not come from zodResponseFormat", async () => {
    const { gw, mock } = await loopback();
    const error = await thrown(() =>
      gw.chat.completions.parse({
        model: "gpt-4o",
        messages: ask("hi"),
        response_format: { type: "json_schema", json_schema: { name: "x", schema: {} } } as any,
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(mock.requests).toHaveLength(0);
  });

  it.each([false, true])(
    "turns a refusal, a cut and a broken answer into typed errors (stream: %s)",
    async (stream) => {
      const { gw, mock } = await loopback();
      const call = async (prompt: string) => {
        const params = {
          model: "gpt-4o",
          messages: ask(prompt),
          response_format: zodResponseFormat(Recipe, "recipe"),
        };
        return stream
          ? (await gw.chat.completions.parse({ ...params, stream: true })).finalParsed()
          : gw.chat.completions.parse(params);
      };
      const refusal = await thrown(() => call("[refusal] a recipe"));
      expect(refusal).toBeInstanceOf(RefusalError);
      expect(refusal.refusal).toBe("I'm sorry, I can't help with that.");
      const cut = await thrown(() => call("[truncated] a recipe"));
      expect(cut).toBeInstanceOf(OutputTruncatedError);
      expect(cut.reason).toBe("length");
      expect(cut.raw.startsWith('{"title":')).toBe(true);
      const broken = await thrown(() => call("[invalid] a recipe"));
      expect(broken).toBeInstanceOf(OutputParseError);
      expect(broken.raw).toBe("{}");
      expect(broken.issues.map((issue: { path: string[] }) => issue.path[0])).toEqual([
        "title",
        "servings",
        "vegetarian",
        "steps",
      ]);
      // None retried: one request each.
      expect(mock.requests).toHaveLength(3);
    },
  );
});

describe("chat.completions.runTools", () => {
  const weather = defineTool({
    name: "get_weather",
    description: "The weather in a city",
    parameters: Weather,
    run: ({ city, unit }) => ({ city, unit: unit ?? "c", temperature: 21 }),
  });

  it("runs a two-step loop: tool call, tool result, answer", async () => {
    const { gw, mock } = await loopback();
    const runner = gw.chat.completions.runTools({
      model: "gpt-4o",
      messages: ask("Weather in Paris?"),
      tools: [weather],
    });
    const steps = [];
    for await (const step of runner) steps.push(step);
    expect(steps).toHaveLength(2);
    expect(steps[0]!.toolResults[0]!.content).toBe('{"city":"sample city","unit":"c","temperature":21}');
    expect(await runner.finalContent()).toBe(
      'The tool answered: {"city":"sample city","unit":"c","temperature":21}',
    );
    expect(runner.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(runner.totalUsage.total_tokens).toBe(
      steps.reduce((sum, step) => sum + step.response.usage!.total_tokens, 0),
    );
    const first = mock.requests[0]!.body as any;
    expect(first.tools[0]).toMatchObject({
      type: "function",
      function: { name: "get_weather", strict: true },
    });
    expect((mock.requests[1]!.body as any).messages.at(-1)).toMatchObject({ role: "tool" });
  });

  it("sends a thrown error as the result, and stops on ToolAbortError", async () => {
    const { gw } = await loopback();
    const failing = defineTool({
      name: "get_weather",
      parameters: Weather,
      run: () => {
        throw new Error("station offline");
      },
    });
    const runner = gw.chat.completions.runTools({
      model: "gpt-4o",
      messages: ask("Weather?"),
      tools: [failing],
    });
    expect(await runner.finalContent()).toBe("The tool answered: Error: station offline");
    const aborting = defineTool({
      name: "get_weather",
      parameters: Weather,
      run: () => {
        throw new ToolAbortError("stop here");
      },
    });
    const error = await thrown(() =>
      gw.chat.completions
        .runTools({ model: "gpt-4o", messages: ask("Weather?"), tools: [aborting] })
        .finalContent(),
    );
    expect(error).toBeInstanceOf(ToolAbortError);
  });

  it("stops at maxSteps and aborts with the signal", async () => {
    const { gw, mock } = await loopback();
    const runner = gw.chat.completions.runTools({
      model: "gpt-4o",
      messages: ask("Weather?"),
      tools: [weather],
      maxSteps: 1,
    });
    expect(await runner.finalContent()).toBeNull();
    expect(mock.requests).toHaveLength(1);
    expect(runner.messages.at(-1)).toMatchObject({ role: "tool" });
    const controller = new AbortController();
    const slow = defineTool({
      name: "get_weather",
      parameters: Weather,
      run: () => {
        controller.abort();
        return "late";
      },
    });
    const error = await thrown(() =>
      gw.chat.completions
        .runTools({ model: "gpt-4o", messages: ask("Weather?"), tools: [slow], signal: controller.signal })
        .finalContent(),
    );
    expect(error.name).toBe("APIUserAbortError");
    expect(mock.requests).toHaveLength(2);
  });

  it("streams each step", async () => {
    const { gw } = await loopback();
    const runner = gw.chat.completions.runTools({
      model: "gpt-4o",
      messages: ask("Weather?"),
      tools: [weather],
      stream: true,
    });
    const texts: string[] = [];
    for await (const step of runner) {
      for await (const piece of step.stream.text()) texts.push(piece);
    }
    expect(texts.join("")).toBe('The tool answered: {"city":"sample city","unit":"c","temperature":21}');
    expect(runner.steps).toHaveLength(2);
    expect(await runner.finalContent()).toBe(texts.join(""));
  });
});
