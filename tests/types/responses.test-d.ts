/** Type tests of gw.responses.create: declared params, the schema kept in step, typed results. */
import { describe, expectTypeOf, it } from "vitest";
import type { Input } from "../../src/core/validation/index.js";
import Genway, {
  type ReasoningEffort,
  type ResponseCreateParams,
  type ResponseCreateParamsBase,
  type ResponseInputContent,
  type ResponseInputItem,
  type ResponseObject,
  type ResponseOutputItem,
  type ResponseStream,
  type ResponseStreamEvent,
  type Response as ResponsesResponse,
  type ResponseTextFormat,
  type ResponseTool,
  type ResponseToolChoice,
} from "../../src/index.js";
import type { responseCreateParams } from "../../src/resources/responses/operations.js";
import type { Agree, Declared, SameKeys } from "./support.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "https://gateway.example" });

/** The schema's request, and its parts as the request holds them. */
type Schema = Declared<Input<typeof responseCreateParams>>;
type SchemaItem = Extract<Schema["input"], readonly unknown[]>[number];
type SchemaContent = Extract<
  Extract<SchemaItem, { content: unknown }>["content"],
  readonly unknown[]
>[number];
type SchemaTool = NonNullable<Schema["tools"]>[number];
type SchemaChoice = NonNullable<Schema["tool_choice"]>;
type SchemaFormat = NonNullable<NonNullable<Schema["text"]>["format"]>;

describe("responses.create params", () => {
  it("declares exactly the fields the schema checks, less those sent unchecked", () => {
    expectTypeOf<SameKeys<ResponseCreateParams, Schema, never>>().toEqualTypeOf<Agree>();
  });

  it("the declared type and the schema accept the same requests", () => {
    expectTypeOf<ResponseCreateParams>().toExtend<Schema>();
    expectTypeOf<ResponseInputItem>().toExtend<SchemaItem>();
    expectTypeOf<ResponseInputContent>().toExtend<SchemaContent>();
    expectTypeOf<ResponseTool>().toExtend<SchemaTool>();
    expectTypeOf<ResponseToolChoice>().toExtend<SchemaChoice>();
    expectTypeOf<ResponseTextFormat>().toExtend<SchemaFormat>();
    expectTypeOf<SchemaFormat>().toExtend<ResponseTextFormat>();
    // The reverse direction: input items, parts and tools end in a catch-all branch ({ type: <any
    // other string> }) so that kinds added upstream pass at run time; the declared type leaves it
    // out (a cast sends one). Every other field compares exactly.
    type Flat = Omit<Schema, "input" | "tools" | "stream">;
    expectTypeOf<Flat>().toExtend<Omit<ResponseCreateParamsBase, "input" | "tools">>();
  });

  it("reasoning.effort is open: the known efforts autocomplete, any string is sent", () => {
    expectTypeOf<"xhigh">().toExtend<ReasoningEffort>();
    expectTypeOf<"none">().toExtend<ReasoningEffort>();
    expectTypeOf<"ultra-2027">().toExtend<ReasoningEffort>();
  });

  it("Response is the response object", () => {
    expectTypeOf<ResponsesResponse>().toEqualTypeOf<ResponseObject>();
  });
});

async function calls() {
  const response = await gw.responses.create({
    model: "gpt-5",
    instructions: "Be brief.",
    input: [
      {
        role: "user",
        content: [
          { type: "input_text", text: "What is in this image?" },
          { type: "input_image", image_url: "https://example.com/cat.png" },
        ],
      },
    ],
    tools: [{ type: "web_search", search_context_size: "low" }],
    reasoning: { effort: "high", summary: "auto" },
    text: { format: { type: "json_schema", name: "answer", schema: { type: "object" } } },
    max_output_tokens: 2048,
    previous_response_id: "resp_123",
    store: false,
  });
  expectTypeOf(response).toEqualTypeOf<ResponseObject>();
  expectTypeOf(response.output_text).toEqualTypeOf<string>();
  expectTypeOf(response.output).toEqualTypeOf<ResponseOutputItem[]>();

  const stream = await gw.responses.create({ model: "o3", input: "hi", stream: true });
  expectTypeOf(stream).toEqualTypeOf<ResponseStream>();
  for await (const event of stream) expectTypeOf(event).toEqualTypeOf<ResponseStreamEvent>();
  expectTypeOf(await stream.finalResponse()).toEqualTypeOf<ResponseObject>();

  // The call, one mistake per line:
  gw.responses.create({
    model: "gpt-5",
    // @ts-expect-error: misspelled required field (input)
    inptu: 1,
  });
  gw.responses.create({
    model: "gpt-5",
    // @ts-expect-error: role is closed: user, assistant, system, developer
    input: [{ role: "usr", content: "hi" }],
  });
  gw.responses.create({
    model: "gpt-5",
    // @ts-expect-error: input is a string or a list of items
    input: 1,
  });
  gw.responses.create({
    model: "gpt-5",
    input: "hi",
    // @ts-expect-error: reasoning.effort is a string
    reasoning: { effort: 7 },
  });
  gw.responses.create({
    model: "gpt-5",
    input: "hi",
    // @ts-expect-error: text.format.type is closed: text, json_object, json_schema
    text: { format: { type: "yaml" } },
  });
}
void calls;
