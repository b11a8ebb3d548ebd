/**
 * Native-format compatibility: request bodies as the Gemini docs send them reach the gateway
 * unchanged (the model goes into the path), and the upstream captures (shared/upstream) parse into
 * what a user reads.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  answerText,
  functionCalls,
  type GenerateContentParams,
  type GenerateContentResponse,
  NotFoundError,
  thoughtText,
} from "../../src/index.js";
import { capture, loopback, replay, thrown } from "../support/index.js";

const json = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
type Body = Omit<GenerateContentParams, "model">;

/** Bodies from the Gemini API docs (text, multimodal, function calling, thinking, safety), field for field. */
const bodies: Record<string, Body> = {
  "gemini-generate-request-thinking.json (captured request)": json("gemini-generate-request-thinking.json"),
  "system instruction and config": {
    systemInstruction: { parts: [{ text: "You are a cat. Your name is Neko." }] },
    contents: [{ parts: [{ text: "Hello there" }] }],
    generationConfig: {
      temperature: 1.0,
      topP: 0.8,
      topK: 10,
      stopSequences: ["Title"],
      maxOutputTokens: 800,
    },
  },
  "inline image and a file": {
    contents: [
      {
        parts: [
          { inlineData: { mimeType: "image/jpeg", data: "/9j/4AAQSkZJRg==" } },
          {
            fileData: {
              mimeType: "application/pdf",
              fileUri: "https://generativelanguage.googleapis.com/v1beta/files/abc",
            },
          },
          { text: "Caption this image." },
        ],
      },
    ],
  },
  "function calling round trip": {
    contents: [
      { role: "user", parts: [{ text: "Turn the lights down to a romantic level" }] },
      {
        role: "model",
        parts: [
          {
            functionCall: { name: "set_light_values", args: { brightness: 25 } },
            thoughtSignature: "CiQB0e2Kb",
          },
        ],
      },
      {
        role: "user",
        parts: [{ functionResponse: { name: "set_light_values", response: { brightness: 25 } } }],
      },
    ],
    tools: [
      {
        functionDeclarations: [
          {
            name: "set_light_values",
            description: "Sets the brightness and color temperature of a light.",
            parameters: {
              type: "object",
              properties: {
                brightness: { type: "integer" },
                color_temp: { type: "string", enum: ["daylight", "cool", "warm"] },
              },
              required: ["brightness"],
            },
          },
        ],
      },
    ],
    toolConfig: { functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["set_light_values"] } },
  },
  "Gemini 3 thinking level, search grounding, safety settings, JSON output": {
    contents: [{ role: "user", parts: [{ text: "Who won the euro 2024?" }] }],
    tools: [{ googleSearch: {} }],
    safetySettings: [{ category: "HARM_CATEGORY_HATE_SPEECH", threshold: "BLOCK_LOW_AND_ABOVE" }],
    generationConfig: {
      thinkingConfig: { thinkingLevel: "low", includeThoughts: true },
      responseMimeType: "application/json",
      responseJsonSchema: { type: "object", properties: { winner: { type: "string" } } },
    },
  },
};

describe("native request bodies reach the gateway unchanged", () => {
  it.each(Object.entries(bodies))("%s", async (_, body) => {
    const { gw, mock } = await loopback();
    await gw.native.generateContent({ model: "gemini-2.5-flash", ...body });
    expect(mock.requests.at(-1)!.path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
    expect(mock.requests.at(-1)!.body).toEqual(body);
    const stream = await gw.native.streamGenerateContent({ model: "gemini-3-pro-preview", ...body });
    await stream.finalResponse();
    expect(mock.requests.at(-1)!.path).toBe("/v1beta/models/gemini-3-pro-preview:streamGenerateContent");
    expect(mock.requests.at(-1)!.body).toEqual(body);
  });

  it("fields genway does not declare: through params with a cast, and through extra_body", async () => {
    const { gw, mock } = await loopback();
    const body = {
      contents: [{ parts: [{ text: "hi" }, { executableCode: { language: "PYTHON", code: "print(1)" } }] }],
      labels: { team: "a" },
      generationConfig: { speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: "Kore" } } } },
    };
    await gw.native.generateContent({
      model: "gemini-2.5-flash-preview-tts",
      ...body,
    } as GenerateContentParams);
    expect(mock.requests.at(-1)!.body).toEqual(body);
    await gw.native.generateContent(
      { model: "gemini-2.5-flash", contents: [{ parts: [{ text: "hi" }] }] },
      { extra_body: { serviceTier: "flex" } },
    );
    expect(mock.requests.at(-1)!.body).toEqual({
      contents: [{ parts: [{ text: "hi" }] }],
      serviceTier: "flex",
    });
  });

  it("a model id that would change the path is refused before the wire", async () => {
    const { gw, mock } = await loopback();
    const error = await thrown(() =>
      gw.native.generateContent({ model: "../admin", contents: [{ parts: [{ text: "x" }] }] }),
    );
    expect(error.name).toBe("ValidationError");
    expect(mock.requests).toHaveLength(0);
  });
});

describe("native captures parse into typed results", () => {
  it("gemini-generate.json: a thought-only answer cut at MAX_TOKENS", async () => {
    const gw = replay(capture("native", "gemini-generate.json"), "application/json");
    const response: GenerateContentResponse = await gw.native.generateContent({
      model: "gemini-2.0-flash-thinking-exp-01-21",
      contents: [{ parts: [{ text: "What is the sum of natural numbers from 1 to 100?" }] }],
    });
    expect(response.candidates![0]!.finishReason).toBe("MAX_TOKENS");
    expect(answerText(response)).toBe("");
    expect(thoughtText(response)).toMatch(/^\*\*Breaking Down the Sum of Natural Numbers\*\*/);
    expect(response.usageMetadata).toMatchObject({
      promptTokenCount: 17,
      thoughtsTokenCount: 19,
      totalTokenCount: 36,
    });
    expect(response.modelVersion).toBe("gemini-2.0-flash-thinking-exp-01-21");
  });

  it("gemini-generate-thought-signature.json: the signature stays on its part", async () => {
    const gw = replay(capture("native", "gemini-generate-thought-signature.json"), "application/json");
    const response = await gw.native.generateContent({
      model: "gemini-3-pro-preview",
      contents: [{ parts: [{ text: "hi" }] }],
    });
    const parts = response.candidates![0]!.content!.parts!;
    expect(
      parts.some((part) => typeof part.thoughtSignature === "string" && part.thoughtSignature.length > 0),
    ).toBe(true);
  });

  it("gemini-stream.txt: the text joined, STOP, the final usage", async () => {
    const stream = await replay(capture("native", "gemini-stream.txt")).native.streamGenerateContent({
      model: "gemini-2.0-flash",
      contents: [{ parts: [{ text: "hi" }] }],
    });
    const response = await stream.finalResponse();
    expect(response.candidates![0]!.finishReason).toBe("STOP");
    expect(response.usageMetadata!.totalTokenCount).toBe(383);
    expect(response.modelVersion).toBe("gemini-2.0-flash");
    expect(answerText(response).length).toBeGreaterThan(0);
  });

  it("gemini-thinking-stream.txt: thoughts apart, a signed function call", async () => {
    const stream = await replay(capture("native", "gemini-thinking-stream.txt")).native.streamGenerateContent(
      {
        model: "gemini-3-flash-preview",
        contents: [{ parts: [{ text: "hi" }] }],
      },
    );
    const response = await stream.finalResponse();
    expect(thoughtText(response)).toMatch(/^\*\*Processing User Requests\*\*/);
    expect(functionCalls(response)[0]!.name).toBe("read_theme");
    expect(response.usageMetadata!.totalTokenCount).toBe(490);
  });

  it("gemini-stream-thought-signature.txt: the signature of the empty final part is kept", async () => {
    const stream = await replay(
      capture("native", "gemini-stream-thought-signature.txt"),
    ).native.streamGenerateContent({
      model: "gemini-3-pro-preview",
      contents: [{ parts: [{ text: "hi" }] }],
    });
    const response = await stream.finalResponse();
    expect(response.usageMetadata!.totalTokenCount).toBe(294);
    expect(response.candidates![0]!.content!.parts!.some((part) => part.thoughtSignature)).toBe(true);
  });

  it("gemini-error.json: a NotFoundError naming the model", async () => {
    const gw = replay(JSON.stringify(json("gemini-error.json")), "application/json", 404);
    const error = await thrown(() =>
      gw.native.generateContent({
        model: "custom-gemini-2.0-flash",
        contents: [{ parts: [{ text: "hi" }] }],
      }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.status).toBe(404);
    expect(error.message).toContain("models/custom-gemini-2.0-flash is not found");
  });

  it("newapi-errors.json: new-api answers the native route in the OpenAI shape", async () => {
    const body =
      json("newapi-errors.json")["newapi_auth_401 (TokenAuth, all relay routes incl. /v1/messages, /v1beta)"];
    const error = await thrown(() =>
      replay(JSON.stringify(body), "application/json", 401).native.generateContent({
        model: "gemini-2.5-flash",
        contents: [{ parts: [{ text: "hi" }] }],
      }),
    );
    expect(error).toBeInstanceOf(AuthenticationError);
  });
});
