/** gw.responses.create: plain, with web access, function tools; bounds before the wire. */
import { describe, expect, expectTypeOf, it } from "vitest";
import Genway, {
  BadRequestError,
  outputText,
  PermissionDeniedError,
  type ResponseCreateParamsNonStreaming,
  type ResponseFunctionCall,
  type ResponseObject,
  type ResponseOutputMessage,
  type ResponseRole,
  type ResponsesModel,
  type ResponseTool,
} from "../../../src/index.js";
import { invalid, mockForFile, rejection } from "../../support/index.js";

const PATH = "/v1/responses";
const h = mockForFile();

const last = () => h.sent(PATH).at(-1)!;

describe("responses.create", () => {
  it("plain, with the spec's input shape (an array of {role, content})", async () => {
    const response = await h.gw.responses.create({
      model: "gpt-5",
      input: [{ role: "user", content: "Tell me a joke" }],
    });
    expect(last().body).toEqual({ model: "gpt-5", input: [{ role: "user", content: "Tell me a joke" }] });
    expectTypeOf(response).toEqualTypeOf<ResponseObject>();
    expect(response).toMatchObject({ object: "response", status: "completed", model: "gpt-5" });
    expect(response.output_text).toBe('Hello from the genway mock gateway! You said: "Tell me a joke".');
    expect(response.usage!.total_tokens).toBe(response.usage!.input_tokens + response.usage!.output_tokens);
    const message = response.output[0] as ResponseOutputMessage;
    expect(message.content[0]).toMatchObject({ type: "output_text", text: response.output_text });
  });

  it("a plain string input and instructions, as the relayed format allows", async () => {
    const response = await h.gw.responses.create({
      model: "o4-mini",
      instructions: "Be brief.",
      input: "Hi",
    });
    expect(last().body).toEqual({ model: "o4-mini", instructions: "Be brief.", input: "Hi" });
    expect(response.output_text).toContain('"Hi"');
  });

  it("content parts: input_text and input_image", async () => {
    const input = [
      {
        role: "user" as const,
        content: [
          { type: "input_text" as const, text: "What is this?" },
          { type: "input_image" as const, image_url: "https://example.com/cat.png", detail: "low" as const },
        ],
      },
    ];
    await h.gw.responses.create({ model: "gpt-4.1", input });
    expect(last().body.input).toEqual(input);
  });

  it("with web access: a web_search_call item and url_citation annotations", async () => {
    const response = await h.gw.responses.create({
      model: "gpt-5",
      input: "What happened in tech today?",
      tools: [{ type: "web_search_preview", search_context_size: "low" }],
    });
    expect(last().body.tools).toEqual([{ type: "web_search_preview", search_context_size: "low" }]);
    expect(response.output.map((item) => item.type)).toEqual(["web_search_call", "message"]);
    expect(response.output[0]).toMatchObject({
      status: "completed",
      action: { type: "search", query: "What happened in tech today?" },
    });
    const annotation = (response.output[1] as ResponseOutputMessage).content[0]!;
    expect(annotation.type === "output_text" && annotation.annotations[0]).toMatchObject({
      type: "url_citation",
      url: "https://example.com/genway-mock-result",
    });
    expect(response.output_text).toContain("According to the web");
  });

  it("function tools: a function_call item; its output sent back gets an answer", async () => {
    const tools = [
      {
        type: "function" as const,
        name: "get_weather",
        parameters: { type: "object", properties: { city: { type: "string" } } },
      },
    ];
    const first = await h.gw.responses.create({ model: "gpt-5", input: "Weather?", tools });
    const call = first.output[0] as ResponseFunctionCall;
    expect(call).toMatchObject({
      type: "function_call",
      name: "get_weather",
      arguments: '{"city":"sample city"}',
    });
    expect(first.output_text).toBe("");
    const second = await h.gw.responses.create({
      model: "gpt-5",
      tools,
      input: [
        { role: "user", content: "Weather?" },
        { type: "function_call_output", call_id: call.call_id, output: "21C" },
      ],
    });
    expect(second.output_text).toBe("Thanks, the tool answered.");
  });

  it("outputText() reads any response object", () => {
    expect(
      outputText({
        output: [
          {
            type: "message",
            id: "m",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text: "a", annotations: [] }],
          },
          {
            type: "message",
            id: "n",
            role: "assistant",
            status: "completed",
            content: [
              { type: "refusal", refusal: "no" },
              { type: "output_text", text: "b", annotations: [] },
            ],
          },
        ],
      }),
    ).toBe("ab");
  });

  it("a gateway error is thrown typed", async () => {
    const error = await rejection(h.gw.responses.create({ model: "gpt-5", input: "[error:quota]" }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 429, code: "insufficient_quota" });
  });

  it("with validation off, the gateway's own check answers 221306 as a BadRequestError", async () => {
    const gw = new Genway({ apiKey: h.mock.apiKey, baseURL: h.url, maxRetries: 0, validation: "off" });
    const error = await rejection(gw.responses.create({ model: "gpt-5", input: "hi", max_output_tokens: 4 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 221306, param: "max_output_tokens" });
  });
});

describe("responses.create bounds", () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ["no input", { input: undefined }, "input", "invalid_type"],
    ["an empty input string", { input: "" }, "input", "too_small"],
    ["an empty input list", { input: [] }, "input", "too_small"],
    ["a role that is not a string", { input: [{ role: 7, content: "x" }] }, "input.0.role", "invalid_type"],
    ["temperature above 2", { temperature: 2.5 }, "temperature", "too_big"],
    ["top_p above 1", { top_p: 1.5 }, "top_p", "too_big"],
    ["max_output_tokens below 16", { max_output_tokens: 15 }, "max_output_tokens", "too_small"],
    ["top_logprobs below 0", { top_logprobs: -1 }, "top_logprobs", "too_small"],
    [
      "a reasoning effort that is not a string",
      { reasoning: { effort: 7 } },
      "reasoning.effort",
      "invalid_type",
    ],
    [
      "a json_schema text format without its schema",
      { text: { format: { type: "json_schema", name: "x" } } },
      "text.format.schema",
      "invalid_type",
    ],
    ["a function tool without a name", { tools: [{ type: "function" }] }, "tools.0.name", "invalid_type"],
    [
      "metadata with 17 keys",
      { metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"])) },
      "metadata",
      "custom",
    ],
  ];

  it.each(cases)("rejects %s before sending", async (_, params, path, rule) => {
    const error = await invalid(h, () =>
      h.gw.responses.create({ model: "gpt-5", input: "hi", ...params } as never),
    );
    expect(error.issues).toContainEqual(expect.objectContaining({ path, rule }));
  });

  it("accepts the edges and hosted tools it does not know", async () => {
    await h.gw.responses.create({
      model: "gpt-5",
      input: "hi",
      temperature: 2,
      top_p: 0,
      max_output_tokens: 16,
      // A hosted tool genway does not declare goes through params with a cast.
      tools: [{ type: "code_interpreter", container: { type: "auto" } } as unknown as ResponseTool],
      tool_choice: { type: "web_search_preview" },
    });
    expect(last().body.tools).toEqual([{ type: "code_interpreter", container: { type: "auto" } }]);
  });

  it("leaves what the spec does not state to the gateway: roles, efforts, context sizes, truncation", async () => {
    const params: ResponseCreateParamsNonStreaming = {
      model: "gpt-5.5",
      // The role type is closed; a role the gateway adds later goes through a cast, and is sent as given.
      input: [{ role: "critic" as ResponseRole, content: "x" }],
      reasoning: { effort: "xhigh", summary: "verbose" },
      tools: [{ type: "web_search", search_context_size: "huge" }],
      truncation: "smart",
      top_logprobs: 30,
    };
    await h.gw.responses.create(params);
    expect(last().body).toEqual(params);
  });
});

describe("ResponsesModel", () => {
  it("autocompletes known ids and still takes any string", () => {
    expectTypeOf<Extract<ResponsesModel, "gpt-5">>().toEqualTypeOf<"gpt-5">();
    expectTypeOf<"gpt-6-preview">().toExtend<ResponsesModel>();
  });
});
