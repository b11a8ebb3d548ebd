/** Every chat bound is rejected before any request is sent, with the field and the rule named. */
import { describe, expect, it } from "vitest";
import type { ChatCompletionCreateParamsNonStreaming } from "../../../src/index.js";
import { invalid, mockForFile } from "../../support/index.js";

const h = mockForFile();

const base = { model: "gpt-4o", messages: [{ role: "user" as const, content: "hi" }] };
const tools = [{ type: "function" as const, function: { name: "get_time" } }];
const create = (params: Record<string, unknown>) =>
  h.gw.chat.completions.create({ ...base, ...params } as ChatCompletionCreateParamsNonStreaming);

const rejected: Array<[string, Record<string, unknown>, string, string]> = [
  ["temperature below 0", { temperature: -0.1 }, "temperature", "too_small"],
  ["temperature above 2", { temperature: 2.01 }, "temperature", "too_big"],
  ["temperature not a number", { temperature: "hot" }, "temperature", "invalid_type"],
  ["top_p below 0", { top_p: -0.1 }, "top_p", "too_small"],
  ["top_p above 1", { top_p: 1.1 }, "top_p", "too_big"],
  ["presence_penalty below -2", { presence_penalty: -2.1 }, "presence_penalty", "too_small"],
  ["presence_penalty above 2", { presence_penalty: 2.1 }, "presence_penalty", "too_big"],
  ["frequency_penalty below -2", { frequency_penalty: -2.1 }, "frequency_penalty", "too_small"],
  ["frequency_penalty above 2", { frequency_penalty: 2.1 }, "frequency_penalty", "too_big"],
  ["logit_bias above 100", { logit_bias: { "42": 100.5 } }, "logit_bias.42", "too_big"],
  ["logit_bias below -100", { logit_bias: { "42": -101 } }, "logit_bias.42", "too_small"],
  ["logit_bias key not a token id", { logit_bias: { hello: 1 } }, "logit_bias", "custom"],
  ["five stop sequences", { stop: ["a", "b", "c", "d", "e"] }, "stop", "too_big"],
  ["an empty stop list", { stop: [] }, "stop", "too_small"],
  ["n of 0", { n: 0 }, "n", "too_small"],
  ["n not an integer", { n: 1.5 }, "n", "invalid_type"],
  ["max_tokens of 0", { max_tokens: 0 }, "max_tokens", "too_small"],
  ["seed not an integer", { seed: 1.5 }, "seed", "invalid_type"],
  ["seen not an integer", { seen: "7" }, "seen", "invalid_type"],
  ["top_logprobs below 0", { top_logprobs: -1 }, "top_logprobs", "too_small"],
  ["no messages", { messages: [] }, "messages", "too_small"],
  [
    "a role that is not a string",
    { messages: [{ role: 1, content: "hi" }] },
    "messages.0.role",
    "invalid_type",
  ],
  [
    "content of the wrong type",
    { messages: [{ role: "user", content: 5 }] },
    "messages.0.content",
    "invalid_type",
  ],
  [
    "an image part without a URL",
    { messages: [{ role: "user", content: [{ type: "image_url", image_url: {} }] }] },
    "messages.0.content.0.image_url.url",
    "invalid_type",
  ],
  ["an empty model", { model: "" }, "model", "too_small"],
  [
    "a function tool without a name",
    { tools: [{ type: "function", function: { name: "" } }] },
    "tools.0.function.name",
    "too_small",
  ],
  ["a non-function tool", { tools: ["get_time"] }, "tools.0", "invalid_type"],
  [
    "tool_choice forced without tools",
    { tool_choice: { type: "function", function: { name: "x" } } },
    "tool_choice",
    "custom",
  ],
  ["tool_choice required without tools", { tool_choice: "required" }, "tool_choice", "custom"],
  [
    "tool_choice naming an unknown tool",
    { tools, tool_choice: { type: "function", function: { name: "nope" } } },
    "tool_choice",
    "custom",
  ],
  ["tool_choice with an unknown mode", { tools, tool_choice: "sometimes" }, "tool_choice", "invalid_value"],
  [
    "response_format of an unknown type",
    { response_format: { type: "xml" } },
    "response_format.type",
    "invalid_union",
  ],
  [
    "json_schema without its schema",
    { response_format: { type: "json_schema" } },
    "response_format.json_schema",
    "invalid_type",
  ],
];

describe("chat.completions.create bounds", () => {
  it.each(rejected)("rejects %s before sending", async (_, params, path, rule) => {
    const error = await invalid(h, () => create(params));
    expect(error.issues).toContainEqual(expect.objectContaining({ path, rule }));
    expect(error.message).toContain("chat.completions.create");
  });

  it("the same bounds apply to streaming calls", async () => {
    const error = await invalid(h, () =>
      h.gw.chat.completions.create({ ...base, stream: true, temperature: 9 }),
    );
    expect(error.issues[0]).toMatchObject({
      path: "temperature",
      rule: "too_big",
      message: "must be at most 2",
    });
  });

  it("lists every problem at once", async () => {
    const error = await invalid(h, () =>
      create({ temperature: 3, top_p: 2, stop: ["1", "2", "3", "4", "5"] }),
    );
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(["stop", "temperature", "top_p"]);
  });

  it("a seed given twice with different values is a conflict", async () => {
    const error = await invalid(h, () => create({ seed: 1, seen: 2 }));
    expect(error.issues[0]).toMatchObject({ path: "seen", rule: "conflict" });
  });

  it("accepts the edges of every range", async () => {
    const before = h.mock.requests.length;
    for (const params of [
      { temperature: 0, top_p: 0, presence_penalty: -2, frequency_penalty: -2, logit_bias: { "1": -100 } },
      { temperature: 2, top_p: 1, presence_penalty: 2, frequency_penalty: 2, logit_bias: { "1": 100 } },
      { stop: ["a", "b", "c", "d"], n: 1, max_tokens: 1, tools, tool_choice: "required" },
    ]) {
      await create(params);
    }
    expect(h.mock.requests.length).toBe(before + 3);
  });

  it("leaves what the spec does not state to the gateway: roles, tool names, n, efforts, new tool kinds", async () => {
    const params = {
      model: "gpt-5",
      messages: [
        { role: "function", name: "lookup", content: "42" },
        { role: "user", content: "hi" },
      ],
      tools: [
        { type: "function", function: { name: "get time now" } },
        { type: "custom", custom: { name: "code_exec" } },
      ],
      tool_choice: { type: "allowed_tools", allowed_tools: { mode: "auto", tools: [] } },
      n: 128,
      top_logprobs: 25,
      reasoning_effort: "xhigh",
      response_format: { type: "json_schema", json_schema: { name: "a".repeat(80), schema: {} } },
    };
    await create(params);
    expect(h.mock.requests.at(-1)!.body).toEqual(params);
  });
});
