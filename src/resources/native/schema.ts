/**
 * generateContent request, in the native multimodal format the gateway relays. The spec marks
 * generationConfig and thinkingConfig (with thinkingBudget and includeThoughts) "required"; the
 * relayed format requires neither, so all three are optional here and a plain {model, contents}
 * call works. Roles, thinking levels, safety categories and thresholds are open strings: the spec
 * closes none of them. docs/chat.md records each decision.
 */
import * as z from "zod/mini";
import { between, modelChoice } from "../../core/validation/index.js";

/** Builds every schema of this file; runs once, on the first call that validates with one of them. */
function build() {
  const functionCall = z.looseObject({
    name: z.string(),
    args: z.optional(z.record(z.string(), z.unknown())),
    id: z.optional(z.string()),
  });

  const functionResponse = z.looseObject({
    name: z.string(),
    response: z.record(z.string(), z.unknown()),
    id: z.optional(z.string()),
  });

  const part = z.looseObject({
    text: z.optional(z.string()),
    thought: z.optional(z.boolean()),
    thoughtSignature: z.optional(z.string()),
    inlineData: z.optional(z.looseObject({ mimeType: z.string().check(z.minLength(1)), data: z.string() })),
    fileData: z.optional(
      z.looseObject({ mimeType: z.optional(z.string()), fileUri: z.string().check(z.minLength(1)) }),
    ),
    functionCall: z.optional(functionCall),
    functionResponse: z.optional(functionResponse),
  });

  const content = z.looseObject({
    role: z.optional(z.string()),
    parts: z.array(part).check(z.minLength(1)),
  });

  const thinkingConfig = z
    .looseObject({
      thinkingBudget: z.optional(z.int().check(z.minimum(-1))),
      includeThoughts: z.optional(z.boolean()),
      thinkingLevel: z.optional(z.string()),
    })
    .check(
      z.refine((config) => config.thinkingBudget === undefined || config.thinkingLevel === undefined, {
        message: "takes thinkingBudget or thinkingLevel, not both",
      }),
    );

  const generationConfig = z.looseObject({
    temperature: z.optional(between(0, 2)),
    topP: z.optional(between(0, 1)),
    topK: z.optional(z.int().check(z.minimum(1))),
    candidateCount: z.optional(z.int().check(z.minimum(1))),
    maxOutputTokens: z.optional(z.int().check(z.minimum(1))),
    stopSequences: z.optional(z.array(z.string()).check(z.maxLength(5))),
    presencePenalty: z.optional(z.number()),
    frequencyPenalty: z.optional(z.number()),
    seed: z.optional(z.int()),
    responseMimeType: z.optional(z.string()),
    responseSchema: z.optional(z.record(z.string(), z.unknown())),
    responseJsonSchema: z.optional(z.unknown()),
    responseModalities: z.optional(z.array(z.string())),
    imageConfig: z.optional(
      z.looseObject({ aspectRatio: z.optional(z.string()), imageSize: z.optional(z.string()) }),
    ),
    thinkingConfig: z.optional(thinkingConfig),
  });

  const functionDeclaration = z.looseObject({
    name: z.string().check(z.minLength(1)),
    description: z.optional(z.string()),
    parameters: z.optional(z.record(z.string(), z.unknown())),
    parametersJsonSchema: z.optional(z.unknown()),
  });

  const empty = z.optional(z.looseObject({}));

  /** functionDeclarations, googleSearch, codeExecution, urlContext; tools added later pass through. */
  const nativeTool = z.looseObject({
    functionDeclarations: z.optional(z.array(functionDeclaration)),
    googleSearch: empty,
    codeExecution: empty,
    urlContext: empty,
  });

  const toolConfig = z.looseObject({
    functionCallingConfig: z.optional(
      z.looseObject({
        mode: z.optional(z.string()),
        allowedFunctionNames: z.optional(z.array(z.string())),
      }),
    ),
  });

  const safetySetting = z.looseObject({ category: z.string(), threshold: z.string() });

  const generateContentParams = z.looseObject({
    model: modelChoice(),
    contents: z.array(content).check(z.minLength(1)),
    systemInstruction: z.optional(z.looseObject({ role: z.optional(z.string()), parts: z.array(part) })),
    tools: z.optional(z.array(nativeTool)),
    toolConfig: z.optional(toolConfig),
    safetySettings: z.optional(z.array(safetySetting)),
    generationConfig: z.optional(generationConfig),
    cachedContent: z.optional(z.string()),
  });
  return { part, content, thinkingConfig, generationConfig, nativeTool, generateContentParams };
}

let built: ReturnType<typeof build> | undefined;
const schemas = () => (built ??= build());

export const generateContentParams = /* @__PURE__ */ z.lazy(() => schemas().generateContentParams);
