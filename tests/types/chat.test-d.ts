/** Type tests of gw.chat.completions.create: declared params, the schema kept in step, typed results. */
import { describe, expectTypeOf, it } from "vitest";
import type { Input } from "../../src/core/validation/index.js";
import Genway, {
  type ChatCompletion,
  type ChatCompletionChunk,
  type ChatCompletionCreateParams,
  type ChatCompletionCreateParamsBase,
  type ChatCompletionMessage,
  type ChatCompletionStream,
  type ChatContentPart,
  type ChatMessage,
  type ChatResponseFormat,
  type ChatRole,
  type ChatTool,
  type ChatToolChoice,
  type CompletionUsage,
} from "../../src/index.js";
import type { chatCompletionParams } from "../../src/resources/chat/operations.js";
import type { Agree, Declared, SameKeys } from "./support.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "https://gateway.example" });

/** The schema's request, and its parts as the request holds them. */
type Schema = Declared<Input<typeof chatCompletionParams>>;
type SchemaMessage = Schema["messages"][number];
type SchemaPart = Extract<NonNullable<SchemaMessage["content"]>, readonly unknown[]>[number];
type SchemaTool = NonNullable<Schema["tools"]>[number];
type SchemaChoice = NonNullable<Schema["tool_choice"]>;
type SchemaFormat = NonNullable<Schema["response_format"]>;

describe("chat.completions.create params", () => {
  it("the declared type and the schema accept the same requests", () => {
    expectTypeOf<ChatCompletionCreateParams>().toExtend<Schema>();
    expectTypeOf<ChatResponseFormat>().toExtend<SchemaFormat>();
    expectTypeOf<SchemaFormat>().toExtend<ChatResponseFormat>();
    expectTypeOf<ChatContentPart>().toExtend<SchemaPart>();
    expectTypeOf<ChatTool>().toExtend<SchemaTool>();
    expectTypeOf<ChatToolChoice>().toExtend<SchemaChoice>();
    expectTypeOf<ChatMessage>().toExtend<SchemaMessage>();
    // The reverse direction: the schema's content parts, tools and tool choices end in a catch-all
    // branch ({ type: <any other string> }) so that kinds added upstream pass at run time; the
    // declared type leaves it out (a cast sends one). Every field outside those unions compares
    // exactly, and the known branches of each union compare one by one.
    type Flat = Omit<Schema, "messages" | "tools" | "tool_choice" | "stream">;
    expectTypeOf<Flat>().toExtend<
      Omit<ChatCompletionCreateParamsBase, "messages" | "tools" | "tool_choice">
    >();
    // The role is closed in the type only: the run-time check takes any string, as the gateway does.
    expectTypeOf<Omit<SchemaMessage, "content" | "role">>().toExtend<Omit<ChatMessage, "content" | "role">>();
    expectTypeOf<SchemaMessage["role"]>().toEqualTypeOf<string>();
    expectTypeOf<ChatMessage["role"]>().toEqualTypeOf<ChatRole>();
    expectTypeOf<Extract<SchemaPart, { type: "text" }>>().toExtend<ChatContentPart>();
    expectTypeOf<Extract<SchemaPart, { type: "image_url" }>>().toExtend<ChatContentPart>();
    expectTypeOf<Extract<SchemaPart, { type: "video_url" }>>().toExtend<ChatContentPart>();
    expectTypeOf<Extract<SchemaPart, { type: "input_audio" }>>().toExtend<ChatContentPart>();
    expectTypeOf<Extract<SchemaPart, { type: "file" }>>().toExtend<ChatContentPart>();
    expectTypeOf<Extract<SchemaTool, { type: "function" }>>().toExtend<ChatTool>();
    expectTypeOf<Extract<SchemaTool, { type: "custom" }>>().toExtend<ChatTool>();
    expectTypeOf<Extract<SchemaChoice, string>>().toEqualTypeOf<Extract<ChatToolChoice, string>>();
    expectTypeOf<Extract<SchemaChoice, { type: "function" }>>().toExtend<ChatToolChoice>();
  });

  it("declares exactly the fields the schema checks, less those sent unchecked", () => {
    // Upstream fields whose values the spec leaves open: declared for autocompletion, sent as given.
    type Unchecked = "modalities" | "metadata" | "store" | "service_tier";
    expectTypeOf<SameKeys<ChatCompletionCreateParams, Schema, Unchecked>>().toEqualTypeOf<Agree>();
  });

  it("model takes known ids and any string", () => {
    expectTypeOf(gw.chat.completions.create).parameter(0).toHaveProperty("model");
    expectTypeOf<"gpt-4o">().toExtend<ChatCompletionCreateParams["model"]>();
    expectTypeOf<"some-new-model-2027">().toExtend<ChatCompletionCreateParams["model"]>();
  });
});

async function calls() {
  const completion = await gw.chat.completions.create({
    model: "gpt-4o",
    messages: [
      { role: "system", content: "Be brief." },
      {
        role: "user",
        content: [
          { type: "text", text: "What is in this image?" },
          { type: "image_url", image_url: { url: "https://example.com/cat.png", detail: "high" } },
        ],
      },
    ],
    tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object" } } }],
    tool_choice: "auto",
    response_format: { type: "json_schema", json_schema: { name: "answer", schema: { type: "object" } } },
    stream_options: null,
    seen: 7,
    max_completion_tokens: 512,
    reasoning_effort: "minimal",
    logprobs: true,
    top_logprobs: 3,
    parallel_tool_calls: false,
    temperature: 0.7,
    stop: ["END"],
  });
  expectTypeOf(completion).toEqualTypeOf<ChatCompletion>();
  expectTypeOf(completion.choices[0]!.message).toEqualTypeOf<ChatCompletionMessage>();
  expectTypeOf(completion.choices[0]!.message.content).toEqualTypeOf<string | null>();
  expectTypeOf(completion.usage).toEqualTypeOf<CompletionUsage | undefined>();

  const stream = await gw.chat.completions.create({
    model: "claude-sonnet-4-5",
    messages: [{ role: "user", content: "hi" }],
    stream: true,
  });
  expectTypeOf(stream).toEqualTypeOf<ChatCompletionStream>();
  for await (const chunk of stream) expectTypeOf(chunk).toEqualTypeOf<ChatCompletionChunk>();
  expectTypeOf(await stream.finalCompletion()).toEqualTypeOf<ChatCompletion>();

  // A field genway does not declare: through extra_body, or through params with a cast.
  await gw.chat.completions.create(
    { model: "gpt-4o", messages: [{ role: "user", content: "hi" }] },
    { extra_body: { web_search_options: {} } },
  );

  // The call, one mistake per line:
  gw.chat.completions.create({
    model: "gpt-4o",
    // @ts-expect-error: misspelled required field (messages)
    mesages: [],
  });
  gw.chat.completions.create({
    model: "gpt-4o",
    messages: [],
    // @ts-expect-error: temperature is a number (0-2)
    temperature: "hot",
  });
  gw.chat.completions.create({
    model: "gpt-4o",
    messages: [],
    // @ts-expect-error: max_tokens is a number
    max_tokens: "many",
  });
  gw.chat.completions.create({
    model: "gpt-4o",
    messages: [],
    // @ts-expect-error: tool_choice is closed: none, auto, required or a named tool
    tool_choice: "sometimes",
  });
  gw.chat.completions.create({
    model: "gpt-4o",
    messages: [],
    // @ts-expect-error: response_format.type is closed: text, json_object, json_schema
    response_format: { type: "yaml" },
  });
  // @ts-expect-error: model is required
  gw.chat.completions.create({ messages: [{ role: "user", content: "hi" }] });
  gw.chat.completions.create({
    model: "gpt-4o",
    // @ts-expect-error: role is closed: system, developer, user, assistant, tool ("Did you mean 'user'?")
    messages: [{ role: "usr", content: "hi" }],
  });
  // A role the gateway added later: a cast, as the role's doc says (the run-time check takes any string).
  gw.chat.completions.create({ model: "gpt-4o", messages: [{ role: "critic" as ChatRole, content: "hi" }] });
}
void calls;
