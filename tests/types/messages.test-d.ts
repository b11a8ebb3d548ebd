/** Type tests of gw.messages.create: declared params, the schema kept in step, typed results. */
import { describe, expectTypeOf, it } from "vitest";
import type { Input } from "../../src/core/validation/index.js";
import Genway, {
  type ContentBlock,
  type ContentBlockParam,
  type Message,
  type MessageCreateParams,
  type MessageCreateParamsBase,
  type MessageParam,
  type MessageStream,
  type MessageStreamEvent,
  type StopReason,
  type ThinkingParam,
  type ToolChoiceParam,
  type ToolParam,
} from "../../src/index.js";
import type { messageCreateParams } from "../../src/resources/messages/operations.js";
import type { Agree, Declared, SameKeys } from "./support.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "https://gateway.example" });

/** The schema's request, and its parts as the request holds them. */
type Schema = Declared<Input<typeof messageCreateParams>>;
type SchemaMessage = Schema["messages"][number];
type SchemaBlock = Extract<SchemaMessage["content"], readonly unknown[]>[number];
type SchemaTool = NonNullable<Schema["tools"]>[number];
type SchemaChoice = NonNullable<Schema["tool_choice"]>;
type SchemaThinking = NonNullable<Schema["thinking"]>;

describe("messages.create params", () => {
  it("declares exactly the fields the schema checks, less those sent unchecked", () => {
    expectTypeOf<SameKeys<MessageCreateParams, Schema, never>>().toEqualTypeOf<Agree>();
  });

  it("the declared type and the schema accept the same requests", () => {
    expectTypeOf<MessageCreateParams>().toExtend<Schema>();
    expectTypeOf<ContentBlockParam>().toExtend<SchemaBlock>();
    expectTypeOf<MessageParam>().toExtend<SchemaMessage>();
    expectTypeOf<ToolParam>().toExtend<SchemaTool>();
    expectTypeOf<ToolChoiceParam>().toExtend<SchemaChoice>();
    expectTypeOf<SchemaChoice>().toExtend<ToolChoiceParam>();
    expectTypeOf<ThinkingParam>().toExtend<SchemaThinking>();
    expectTypeOf<SchemaThinking>().toExtend<ThinkingParam>();
    // The reverse direction: content blocks and tools end in a catch-all branch ({ type: <any other
    // string> }) so that kinds added upstream pass at run time; the declared type leaves it out (a
    // cast sends one). Every other field compares exactly, and the known blocks one by one.
    type Flat = Omit<Schema, "messages" | "tools" | "stream">;
    expectTypeOf<Flat>().toExtend<Omit<MessageCreateParamsBase, "messages" | "tools">>();
    expectTypeOf<Extract<SchemaBlock, { type: "text" }>>().toExtend<ContentBlockParam>();
    expectTypeOf<Extract<SchemaBlock, { type: "tool_use" }>>().toExtend<ContentBlockParam>();
    expectTypeOf<Extract<SchemaBlock, { type: "thinking" }>>().toExtend<ContentBlockParam>();
    expectTypeOf<Extract<SchemaBlock, { type: "redacted_thinking" }>>().toExtend<ContentBlockParam>();
  });
});

async function calls() {
  const message = await gw.messages.create({
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    system: [{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } }],
    messages: [
      {
        role: "user",
        content: [
          { type: "image", source: { type: "url", url: "https://example.com/cat.png" } },
          { type: "text", text: "What is this?" },
        ],
      },
    ],
    tools: [
      { name: "get_weather", input_schema: { type: "object", properties: { city: { type: "string" } } } },
      { type: "web_search_20250305", name: "web_search", max_uses: 3 },
    ],
    tool_choice: { type: "auto" },
    thinking: { type: "enabled", budget_tokens: 2048 },
    temperature: 1,
    top_p: 0.9,
    top_k: 40,
    stop_sequences: ["END"],
    metadata: { user_id: "u-1" },
  });
  expectTypeOf(message).toEqualTypeOf<Message>();
  expectTypeOf(message.content).toEqualTypeOf<ContentBlock[]>();
  expectTypeOf(message.stop_reason).toEqualTypeOf<StopReason | (string & {}) | null>();
  expectTypeOf(message.usage.output_tokens).toEqualTypeOf<number>();

  const stream = await gw.messages.create({
    model: "claude-opus-4-1",
    messages: [{ role: "user", content: "hi" }],
    stream: true,
  });
  expectTypeOf(stream).toEqualTypeOf<MessageStream>();
  for await (const event of stream) expectTypeOf(event).toEqualTypeOf<MessageStreamEvent>();
  expectTypeOf(await stream.finalMessage()).toEqualTypeOf<Message>();

  // The call, one mistake per line:
  gw.messages.create({
    model: "claude-x",
    // @ts-expect-error: max_tokens is a number
    max_tokens: "x",
    messages: [],
  });
  gw.messages.create({
    model: "claude-x",
    // @ts-expect-error: misspelled required field (messages)
    mesages: 1,
  });
  gw.messages.create({
    model: "claude-x",
    // @ts-expect-error: messages is a list of turns
    messages: 1,
  });
  gw.messages.create({
    model: "claude-sonnet-4-5",
    messages: [],
    // @ts-expect-error: tool_choice.type is closed: auto, any, none, tool
    tool_choice: { type: "sometimes" },
  });
  gw.messages.create({
    model: "claude-sonnet-4-5",
    max_tokens: 64,
    // @ts-expect-error: role is closed: user, assistant (the system prompt goes in system)
    messages: [{ role: "system", content: "hi" }],
  });
}
void calls;
