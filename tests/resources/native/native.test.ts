/** gw.native.generateContent: path and body on the wire, thinking, helpers, usage; bounds before the wire. */
import { describe, expect, expectTypeOf, it } from "vitest";
import Genway, {
  answerText,
  BadRequestError,
  functionCalls,
  type GenerateContentResponse,
  type NativeModel,
  RateLimitError,
  thoughtText,
  type UsageMetadata,
} from "../../../src/index.js";
import { fixture, invalid, mockForFile, rejection } from "../../support/index.js";

const h = mockForFile();

const here = new URL(".", import.meta.url);
const last = () => h.mock.requests.at(-1)! as { path: string; body: any; headers: Record<string, string> };
const contents = (text: string) => [{ role: "user" as const, parts: [{ text }] }];

describe("native.generateContent", () => {
  it("plain {model, contents}: the model goes into the path, the rest is the body", async () => {
    const response = await h.gw.native.generateContent({
      model: "gemini-2.5-flash",
      contents: contents("Hello"),
    });
    expect(last().path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
    expect(last().body).toEqual({ contents: contents("Hello") });
    expect(last().headers.authorization).toBe(`Bearer ${h.mock.apiKey}`);
    expectTypeOf(response).toEqualTypeOf<GenerateContentResponse>();
    expect(response.candidates![0]).toMatchObject({ finishReason: "STOP", content: { role: "model" } });
    expect(answerText(response)).toBe('Hello from the genway mock gateway! You said: "Hello".');
    expectTypeOf(response.usageMetadata!).toEqualTypeOf<UsageMetadata>();
    const usage = response.usageMetadata!;
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount! + usage.candidatesTokenCount!);
    expect(usage.promptTokensDetails).toEqual([{ modality: "TEXT", tokenCount: usage.promptTokenCount }]);
    expect(response.modelVersion).toBe("gemini-2.5-flash");
  });

  it("any model id: encoded into its path segment, answered under its own name", async () => {
    const response = await h.gw.native.generateContent({
      model: "my-gemini:free@2",
      contents: contents("hi"),
    });
    expect(last().path).toBe("/v1beta/models/my-gemini%3Afree%402:generateContent");
    expect(response.modelVersion).toBe("my-gemini:free@2");
  });

  it('accepts "models/…" ids as the official SDKs spell them', async () => {
    await h.gw.native.generateContent({ model: "models/gemini-2.5-pro", contents: contents("hi") });
    expect(last().path).toBe("/v1beta/models/gemini-2.5-pro:generateContent");
  });

  it("thinkingConfig: thought parts come apart from the answer; thinking tokens counted", async () => {
    const generationConfig = {
      temperature: 0.5,
      thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
    };
    const response = await h.gw.native.generateContent({
      model: "gemini-2.5-pro",
      contents: contents("Why?"),
      generationConfig,
    });
    expect(last().body.generationConfig).toEqual(generationConfig);
    expect(response.candidates![0]!.content!.parts!.map((part) => Boolean(part.thought))).toEqual([
      true,
      false,
    ]);
    expect(thoughtText(response)).toContain("**Reading the request**");
    expect(answerText(response)).toBe('Hello from the genway mock gateway! You said: "Why?".');
    expect(answerText(response)).not.toContain("Reading the request");
    const usage = response.usageMetadata!;
    expect(usage.thoughtsTokenCount).toBeGreaterThan(0);
    expect(usage.totalTokenCount).toBe(
      usage.promptTokenCount! + usage.candidatesTokenCount! + usage.thoughtsTokenCount!,
    );
  });

  it("function declarations give a functionCall part", async () => {
    const tools = [
      {
        functionDeclarations: [
          { name: "get_weather", parameters: { type: "OBJECT", properties: { city: { type: "STRING" } } } },
        ],
      },
    ];
    const response = await h.gw.native.generateContent({
      model: "gemini-2.5-flash",
      contents: contents("Weather?"),
      tools,
    });
    expect(last().body.tools).toEqual(tools);
    expect(functionCalls(response)).toEqual([{ name: "get_weather", args: { city: "sample city" } }]);
    expect(answerText(response)).toBe("");
  });

  it("inline image data is sent as given", async () => {
    const parts = [
      { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } },
      { text: "What is this?" },
    ];
    const response = await h.gw.native.generateContent({
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts }],
    });
    expect(last().body.contents[0].parts).toEqual(parts);
    expect(answerText(response)).toContain("I looked at 1 image.");
  });

  it("the helpers read upstream captures (thought-only and signed answers)", () => {
    const thinking = JSON.parse(fixture(here, "gemini-generate.json")) as GenerateContentResponse;
    expect(answerText(thinking)).toBe("");
    expect(thoughtText(thinking)).toMatch(/^\*\*Breaking Down the Sum/);
    expect(thinking.usageMetadata).toMatchObject({ thoughtsTokenCount: 19, totalTokenCount: 36 });
    const signed = JSON.parse(
      fixture(here, "gemini-generate-thought-signature.json"),
    ) as GenerateContentResponse;
    expect(answerText(signed)).toMatch(/^There are \*\*3\*\* "r"s in strawberry\./);
    expect(answerText({})).toBe("");
  });

  it("a gateway error is thrown typed", async () => {
    const error = await rejection(
      h.gw.native.generateContent({ model: "gemini-2.5-flash", contents: contents("[error:rate_limit]") }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.status).toBe(429);
  });

  it("with validation off, the gateway's own check answers 221306 as a BadRequestError", async () => {
    const gw = new Genway({ apiKey: h.mock.apiKey, baseURL: h.url, maxRetries: 0, validation: "off" });
    const error = await rejection(
      gw.native.generateContent({
        model: "gemini-2.5-flash",
        contents: contents("hi"),
        generationConfig: { topP: 3 },
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe(221306);
  });
});

describe("native bounds", () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ["no contents", { contents: [] }, "contents", "too_small"],
    ["a content without parts", { contents: [{ role: "user", parts: [] }] }, "contents.0.parts", "too_small"],
    [
      "temperature above 2",
      { generationConfig: { temperature: 2.1 } },
      "generationConfig.temperature",
      "too_big",
    ],
    ["topP above 1", { generationConfig: { topP: 1.1 } }, "generationConfig.topP", "too_big"],
    ["topK of 0", { generationConfig: { topK: 0 } }, "generationConfig.topK", "too_small"],
    [
      "maxOutputTokens of 0",
      { generationConfig: { maxOutputTokens: 0 } },
      "generationConfig.maxOutputTokens",
      "too_small",
    ],
    [
      "six stop sequences",
      { generationConfig: { stopSequences: ["1", "2", "3", "4", "5", "6"] } },
      "generationConfig.stopSequences",
      "too_big",
    ],
    [
      "a thinking budget below -1",
      { generationConfig: { thinkingConfig: { thinkingBudget: -2 } } },
      "generationConfig.thinkingConfig.thinkingBudget",
      "too_small",
    ],
    [
      "a fractional thinking budget",
      { generationConfig: { thinkingConfig: { thinkingBudget: 10.5 } } },
      "generationConfig.thinkingConfig.thinkingBudget",
      "invalid_type",
    ],
    [
      "includeThoughts not a boolean",
      { generationConfig: { thinkingConfig: { includeThoughts: "yes" } } },
      "generationConfig.thinkingConfig.includeThoughts",
      "invalid_type",
    ],
    [
      "a budget and a level together",
      { generationConfig: { thinkingConfig: { thinkingBudget: 128, thinkingLevel: "low" } } },
      "generationConfig.thinkingConfig",
      "custom",
    ],
  ];

  it.each(cases)("rejects %s before sending", async (_, params, path, rule) => {
    const error = await invalid(h, () =>
      h.gw.native.generateContent({
        model: "gemini-2.5-flash",
        contents: contents("hi"),
        ...params,
      } as never),
    );
    expect(error.issues).toContainEqual(expect.objectContaining({ path, rule }));
  });

  it("the stream method checks the same bounds", async () => {
    const error = await invalid(h, () =>
      h.gw.native.streamGenerateContent({
        model: "gemini-2.5-flash",
        contents: contents("hi"),
        generationConfig: { temperature: 5 },
      }),
    );
    expect(error.message).toContain("native.streamGenerateContent");
  });

  it("accepts the edges: dynamic (-1) and zero budgets, 32768, Gemini 3 levels", async () => {
    for (const thinkingConfig of [
      { thinkingBudget: -1 },
      { thinkingBudget: 0 },
      { thinkingBudget: 32768, includeThoughts: false },
      { thinkingLevel: "high" as const },
    ]) {
      await h.gw.native.generateContent({
        model: "gemini-2.5-flash",
        contents: contents("hi"),
        generationConfig: { thinkingConfig },
      });
      expect(last().body.generationConfig.thinkingConfig).toEqual(thinkingConfig);
    }
  });
});

describe("native fields the spec leaves open", () => {
  it("sends roles, levels and function names as given: the gateway decides", async () => {
    await h.gw.native.generateContent({
      model: "gemini-3-pro-preview",
      contents: [{ role: "function", parts: [{ text: "hi" }] }],
      tools: [{ functionDeclarations: [{ name: "9lives" }] }],
      generationConfig: { candidateCount: 2, thinkingConfig: { thinkingLevel: "ultra" } },
    });
    expect(last().body).toEqual({
      contents: [{ role: "function", parts: [{ text: "hi" }] }],
      tools: [{ functionDeclarations: [{ name: "9lives" }] }],
      generationConfig: { candidateCount: 2, thinkingConfig: { thinkingLevel: "ultra" } },
    });
  });

  it("per-model ranges (candidateCount, thinkingBudget) reach the gateway, whose 400 comes back typed", async () => {
    for (const generationConfig of [{ candidateCount: 9 }, { thinkingConfig: { thinkingBudget: 65536 } }]) {
      const error = await rejection(
        h.gw.native.generateContent({ model: "gemini-2.5-pro", contents: contents("hi"), generationConfig }),
      );
      expect(last().body.generationConfig).toEqual(generationConfig);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.code).toBe(221306);
    }
  });
});

describe("NativeModel", () => {
  it("autocompletes known ids and still takes any string", () => {
    expectTypeOf<Extract<NativeModel, "gemini-2.5-pro">>().toEqualTypeOf<"gemini-2.5-pro">();
    expectTypeOf<"gemini-9-ultra">().toExtend<NativeModel>();
  });
});
