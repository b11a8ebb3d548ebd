/** Type tests of structured output and tools: `parsed` is the schema's output, tool args are the schema's. */
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import Genway, {
  type ChatCompletionMessage,
  type ChatCompletionStream,
  type DeepPartial,
  defineTool,
  type Message,
  type OutputIssue,
  type OutputParseError,
  type OutputTruncatedError,
  type RefusalError,
  type ResponseObject,
  type RunnerStep,
  ToolAbortError,
  zodResponseFormat,
  zodSchema,
  zodTextFormat,
} from "../../src/index.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "https://gateway.example" });

const Recipe = z.object({ title: z.string(), servings: z.number(), note: z.string().optional() });
type Recipe = z.output<typeof Recipe>;
// zod/mini: the schema with its JSON Schema, as zod/mini writes it (its schemas carry none of their own).
const RecipeMini = zm.toJSONSchema(zm.object({ title: zm.string(), servings: zm.number() }), { io: "input" });
type RecipeMini = { title: string; servings: number };
const user = [{ role: "user" as const, content: "A recipe" }];

describe("parse: parsed is typed as the schema's output", () => {
  it("chat.completions.parse", () => {
    async function call() {
      const completion = await gw.chat.completions.parse({
        model: "gpt-4o",
        messages: user,
        response_format: zodResponseFormat(Recipe, "recipe"),
      });
      expectTypeOf(completion.choices[0]!.message.parsed).toEqualTypeOf<Recipe | null>();
      const mini = await gw.chat.completions.parse({
        model: "gpt-4o",
        messages: user,
        response_format: zodResponseFormat(RecipeMini, "recipe"),
      });
      expectTypeOf(mini.choices[0]!.message.parsed).toEqualTypeOf<RecipeMini | null>();
      const stream = await gw.chat.completions.parse({
        model: "gpt-4o",
        messages: user,
        response_format: zodResponseFormat(Recipe, "recipe"),
        stream: true,
      });
      expectTypeOf(stream).toExtend<ChatCompletionStream>();
      expectTypeOf(stream.finalParsed()).resolves.toEqualTypeOf<Recipe>();
      for await (const partial of stream.partialObjects()) {
        expectTypeOf(partial).toEqualTypeOf<DeepPartial<Recipe>>();
        expectTypeOf(partial.title).toEqualTypeOf<string | undefined>();
      }
      await gw.chat.completions.parse({
        model: "gpt-4o",
        messages: user,
        // @ts-expect-error a plain response_format has no validator: parse needs zodResponseFormat
        response_format: { type: "json_object" },
      });
      await gw.chat.completions.parse({
        model: "gpt-4o",
        // @ts-expect-error misspelled required field
        mesages: user,
        response_format: zodResponseFormat(Recipe, "r"),
      });
    }
    expectTypeOf(call).toBeFunction();
  });

  it("responses.parse", () => {
    async function call() {
      const response = await gw.responses.parse({
        model: "gpt-5",
        input: "A recipe",
        text: { format: zodTextFormat(Recipe, "recipe") },
      });
      expectTypeOf(response.output_parsed).toEqualTypeOf<Recipe | null>();
      expectTypeOf(response).toExtend<ResponseObject>();
      const stream = await gw.responses.parse({
        model: "gpt-5",
        input: "A recipe",
        text: { format: zodTextFormat(RecipeMini, "recipe") },
        stream: true,
      });
      expectTypeOf(stream.finalParsed()).resolves.toEqualTypeOf<RecipeMini>();
      // @ts-expect-error wrong field type
      await gw.responses.parse({ model: "gpt-5", input: 42, text: { format: zodTextFormat(Recipe, "r") } });
    }
    expectTypeOf(call).toBeFunction();
  });

  it("messages.parse and native.parse", () => {
    async function call() {
      const message = await gw.messages.parse({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: user,
        schema: zodSchema(Recipe),
      });
      expectTypeOf(message.parsed).toEqualTypeOf<Recipe>();
      expectTypeOf(message).toExtend<Message>();
      const stream = await gw.messages.parse({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: user,
        schema: zodSchema(RecipeMini, { name: "recipe" }),
        stream: true,
      });
      expectTypeOf(stream.finalParsed()).resolves.toEqualTypeOf<RecipeMini>();
      for await (const partial of stream.partialObjects())
        expectTypeOf(partial).toEqualTypeOf<DeepPartial<RecipeMini>>();
      await gw.messages.parse({
        model: "claude-sonnet-4-5",
        max_tokens: 1,
        messages: user,
        schema: zodSchema(Recipe),
        // @ts-expect-error parse sets tool_choice itself
        tool_choice: { type: "auto" },
      });
      const native = await gw.native.parse({
        model: "gemini-2.5-flash",
        contents: [{ role: "user", parts: [{ text: "A recipe" }] }],
        schema: zodSchema(Recipe),
      });
      expectTypeOf(native.parsed).toEqualTypeOf<Recipe>();
      const nativeStream = await gw.native.parse({
        model: "gemini-2.5-flash",
        contents: [{ parts: [{ text: "A recipe" }] }],
        schema: zodSchema(RecipeMini),
        stream: true,
      });
      expectTypeOf(nativeStream.finalParsed()).resolves.toEqualTypeOf<RecipeMini>();
      // @ts-expect-error schema is required
      await gw.native.parse({ model: "gemini-2.5-flash", contents: [] });
      // @ts-expect-error a bare schema carries no parser: it comes through zodSchema
      await gw.native.parse({ model: "gemini-2.5-flash", contents: [], schema: Recipe });
      await gw.messages.parse({
        model: "claude-sonnet-4-5",
        max_tokens: 1,
        messages: user,
        schema: zodSchema(Recipe),
        // @ts-expect-error misspelled field
        max_token: 1,
      });
      // @ts-expect-error zodSchema's options have no such field
      zodSchema(Recipe, { nmae: "recipe" });
    }
    expectTypeOf(call).toBeFunction();
  });
});

describe("tools: arguments typed from the schema", () => {
  it("defineTool infers run's arguments and refuses wrong ones", () => {
    const weather = defineTool({
      name: "get_weather",
      parameters: z.object({ city: z.string(), unit: z.enum(["c", "f"]).optional() }),
      run: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ city: string; unit?: "c" | "f" | undefined }>();
        return args.city;
      },
    });
    defineTool({
      name: "get_weather",
      parameters: zm.toJSONSchema(zm.object({ city: zm.string() }), { io: "input" }),
      // @ts-expect-error town is not an argument of the schema
      run: (args) => args.town,
    });
    defineTool({
      name: "add",
      parameters: z.object({ x: z.number() }),
      // @ts-expect-error x is a number, not a string
      run: ({ x }: { x: string }) => x,
    });
    async function call() {
      const runner = gw.chat.completions.runTools({ model: "gpt-4o", messages: user, tools: [weather] });
      for await (const step of runner) {
        expectTypeOf(step).toExtend<RunnerStep<unknown, unknown>>();
        expectTypeOf(step.toolResults[0]!.content).toEqualTypeOf<string>();
      }
      expectTypeOf(runner.finalContent()).resolves.toEqualTypeOf<string | null>();
      expectTypeOf(runner.finalMessage()).resolves.toEqualTypeOf<ChatCompletionMessage>();
      expectTypeOf(runner.totalUsage).toEqualTypeOf<Record<string, number>>();
      const streaming = gw.messages.runTools({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: user,
        tools: [weather],
        stream: true,
      });
      for await (const step of streaming)
        expectTypeOf(step.stream.finalMessage()).resolves.toEqualTypeOf<Message>();
      const responses = gw.responses.runTools({
        model: "gpt-5",
        input: "Weather?",
        tools: [weather],
        maxSteps: 3,
      });
      expectTypeOf(responses.finalMessage()).resolves.toEqualTypeOf<ResponseObject>();
      gw.chat.completions.runTools({
        model: "gpt-4o",
        messages: user,
        // @ts-expect-error tools must be defineTool tools
        tools: [{ type: "function", function: { name: "x" } }],
      });
    }
    expectTypeOf(call).toBeFunction();
  });
});

describe("errors", () => {
  it("carry what the caller needs", () => {
    expectTypeOf<RefusalError["refusal"]>().toEqualTypeOf<string>();
    expectTypeOf<OutputTruncatedError["reason"]>().toEqualTypeOf<string>();
    expectTypeOf<OutputParseError["raw"]>().toEqualTypeOf<string>();
    expectTypeOf<OutputParseError["issues"]>().toEqualTypeOf<readonly OutputIssue[]>();
    expectTypeOf(new ToolAbortError("stop")).toExtend<Error>();
  });
});
