/** Type tests of gw.native: declared params, the schema kept in step, typed results. */
import { describe, expectTypeOf, it } from "vitest";
import type { Input } from "../../src/core/validation/index.js";
import Genway, {
  type BlockReason,
  type GenerateContentParams,
  type GenerateContentResponse,
  type GenerateContentStream,
  type GenerationConfig,
  type NativeCandidate,
  type NativeContentParam,
  type NativePartParam,
  type NativeTool,
  type ThinkingConfig,
  type UsageMetadata,
} from "../../src/index.js";
import type { generateContentParams } from "../../src/resources/native/operations.js";
import type { Agree, Declared, SameKeys } from "./support.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "https://gateway.example" });

/** The schema's request, and its parts as the request holds them. */
type Schema = Declared<Input<typeof generateContentParams>>;
type SchemaContent = Schema["contents"][number];
type SchemaPart = SchemaContent["parts"][number];
type SchemaConfig = NonNullable<Schema["generationConfig"]>;
type SchemaThinking = NonNullable<SchemaConfig["thinkingConfig"]>;
type SchemaTool = NonNullable<Schema["tools"]>[number];

describe("native params", () => {
  it("declares exactly the fields the schema checks, less those sent unchecked", () => {
    expectTypeOf<SameKeys<GenerateContentParams, Schema, never>>().toEqualTypeOf<Agree>();
  });

  it("the declared type and the schema accept the same requests (no catch-all unions here: exact)", () => {
    expectTypeOf<GenerateContentParams>().toExtend<Schema>();
    expectTypeOf<Schema>().toExtend<GenerateContentParams>();
    expectTypeOf<NativePartParam>().toExtend<SchemaPart>();
    expectTypeOf<SchemaPart>().toExtend<NativePartParam>();
    expectTypeOf<NativeContentParam>().toExtend<SchemaContent>();
    expectTypeOf<SchemaContent>().toExtend<NativeContentParam>();
    expectTypeOf<GenerationConfig>().toExtend<SchemaConfig>();
    expectTypeOf<SchemaConfig>().toExtend<GenerationConfig>();
    expectTypeOf<ThinkingConfig>().toExtend<SchemaThinking>();
    expectTypeOf<SchemaThinking>().toExtend<ThinkingConfig>();
    expectTypeOf<NativeTool>().toExtend<SchemaTool>();
    expectTypeOf<SchemaTool>().toExtend<NativeTool>();
  });
});

async function calls() {
  const params: GenerateContentParams = {
    model: "gemini-2.5-flash",
    systemInstruction: { parts: [{ text: "Be brief." }] },
    contents: [
      {
        role: "user",
        parts: [
          { text: "What is in this image?" },
          { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } },
          { fileData: { mimeType: "video/mp4", fileUri: "https://example.com/clip.mp4" } },
        ],
      },
      { role: "model", parts: [{ functionCall: { name: "look", args: {} }, thoughtSignature: "sig" }] },
      { role: "user", parts: [{ functionResponse: { name: "look", response: { result: "a cat" } } }] },
    ],
    tools: [{ functionDeclarations: [{ name: "look", description: "Looks" }] }, { googleSearch: {} }],
    safetySettings: [{ category: "HARM_CATEGORY_HARASSMENT", threshold: "BLOCK_ONLY_HIGH" }],
    generationConfig: {
      temperature: 1,
      maxOutputTokens: 1024,
      thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
    },
  };
  const response = await gw.native.generateContent(params);
  expectTypeOf(response).toEqualTypeOf<GenerateContentResponse>();
  expectTypeOf(response.candidates).toEqualTypeOf<NativeCandidate[] | undefined>();
  expectTypeOf(response.usageMetadata).toEqualTypeOf<UsageMetadata | undefined>();
  expectTypeOf(response.promptFeedback?.blockReason).toEqualTypeOf<BlockReason | undefined>();

  const stream = await gw.native.streamGenerateContent({
    model: "gemini-3-pro-preview",
    contents: [{ parts: [{ text: "hi" }] }],
    generationConfig: { thinkingConfig: { thinkingLevel: "low" } },
  });
  expectTypeOf(stream).toEqualTypeOf<GenerateContentStream>();
  for await (const chunk of stream) expectTypeOf(chunk).toEqualTypeOf<GenerateContentResponse>();
  expectTypeOf(await stream.finalText()).toEqualTypeOf<string>();

  gw.native.generateContent({
    model: "gemini-2.5-flash",
    // @ts-expect-error: misspelled required field (contents)
    contnets: [],
  });
  gw.native.generateContent({
    model: "gemini-2.5-flash",
    contents: [],
    // @ts-expect-error: thinkingBudget is a number
    generationConfig: { thinkingConfig: { thinkingBudget: "high" } },
  });
  gw.native.streamGenerateContent({
    model: "gemini-2.5-flash",
    // @ts-expect-error: parts is a list
    contents: [{ parts: { text: "hi" } }],
  });
  // @ts-expect-error: model is required (it goes into the path)
  gw.native.generateContent({ contents: [{ parts: [{ text: "hi" }] }] });
}
void calls;
