/**
 * generateContent and streamGenerateContent, declared once: the operations and the schema their
 * params must meet, in the native multimodal format the gateway relays. The spec marks
 * generationConfig and thinkingConfig (with thinkingBudget and includeThoughts) "required"; the
 * relayed format requires neither, so all three are optional here and a plain {model, contents}
 * call works. Roles, thinking levels, safety categories and thresholds are open strings: the spec
 * closes none of them. docs/chat.md records each decision.
 */
import { EVENT_STREAM, operation, path } from "../../core/http/index.js";
import { modelChoice, v } from "../../core/validation/index.js";
import { nativeLimits } from "../../limits.js";
import type { GenerateContentParams } from "./requests.js";
import type { GenerateContentResponse } from "./results.js";

const bounds = nativeLimits.generationConfig;

const functionCall = v.object({
  name: v.string(),
  args: v.optional(v.record(v.unknown())),
  id: v.optional(v.string()),
});

const functionResponse = v.object({
  name: v.string(),
  response: v.record(v.unknown()),
  id: v.optional(v.string()),
});

const part = v.object({
  text: v.optional(v.string()),
  thought: v.optional(v.boolean()),
  thoughtSignature: v.optional(v.string()),
  inlineData: v.optional(v.object({ mimeType: v.text(), data: v.string() })),
  fileData: v.optional(v.object({ mimeType: v.optional(v.string()), fileUri: v.text() })),
  functionCall: v.optional(functionCall),
  functionResponse: v.optional(functionResponse),
});

const content = v.object({
  role: v.optional(v.string()),
  parts: v.array(part, { minItems: 1 }),
});

const thinkingConfig = v.refine(
  v.object({
    thinkingBudget: v.optional(v.number(bounds.thinkingConfig.thinkingBudget)),
    includeThoughts: v.optional(v.boolean()),
    thinkingLevel: v.optional(v.string()),
  }),
  (config) =>
    config.thinkingBudget === undefined || config.thinkingLevel === undefined
      ? undefined
      : { message: "takes thinkingBudget or thinkingLevel, not both" },
);

const generationConfig = v.object({
  temperature: v.optional(v.number(bounds.temperature)),
  topP: v.optional(v.number(bounds.topP)),
  topK: v.optional(v.number(bounds.topK)),
  candidateCount: v.optional(v.number(bounds.candidateCount)),
  maxOutputTokens: v.optional(v.number(bounds.maxOutputTokens)),
  stopSequences: v.optional(v.array(v.string(), bounds.stopSequences)),
  presencePenalty: v.optional(v.number()),
  frequencyPenalty: v.optional(v.number()),
  seed: v.optional(v.integer()),
  responseMimeType: v.optional(v.string()),
  responseSchema: v.optional(v.record(v.unknown())),
  responseJsonSchema: v.optional(v.unknown()),
  responseModalities: v.optional(v.array(v.string())),
  imageConfig: v.optional(
    v.object({ aspectRatio: v.optional(v.string()), imageSize: v.optional(v.string()) }),
  ),
  thinkingConfig: v.optional(thinkingConfig),
});

const functionDeclaration = v.object({
  name: v.text(),
  description: v.optional(v.string()),
  parameters: v.optional(v.record(v.unknown())),
  parametersJsonSchema: v.optional(v.unknown()),
});

const empty = v.optional(v.object({}));

/** functionDeclarations, googleSearch, codeExecution, urlContext; tools added later pass through. */
const nativeTool = v.object({
  functionDeclarations: v.optional(v.array(functionDeclaration)),
  googleSearch: empty,
  codeExecution: empty,
  urlContext: empty,
});

const toolConfig = v.object({
  functionCallingConfig: v.optional(
    v.object({ mode: v.optional(v.string()), allowedFunctionNames: v.optional(v.array(v.string())) }),
  ),
});

const safetySetting = v.object({ category: v.string(), threshold: v.string() });

/** @internal Exported for its type test (tests/types), which keeps it and the declared params type together. */
export const generateContentParams = v.object({
  model: modelChoice(),
  contents: v.array(content, { minItems: 1 }),
  systemInstruction: v.optional(v.object({ role: v.optional(v.string()), parts: v.array(part) })),
  tools: v.optional(v.array(nativeTool)),
  toolConfig: v.optional(toolConfig),
  safetySettings: v.optional(v.array(safetySetting)),
  generationConfig: v.optional(generationConfig),
  cachedContent: v.optional(v.string()),
});

/**
 * "models/gemini-2.5-flash" (as the official SDKs spell it) and "gemini-2.5-flash" are the same
 * model. A fallback list is split by the transport before the path is built: one id here.
 */
const modelId = (params: GenerateContentParams) => (params.model as string).replace(/^models\//, "");

/** `model` goes into the path; the rest of the params is the body. */
function withoutModel({ model: _, ...body }: GenerateContentParams) {
  return body;
}

export const GENERATE = operation<GenerateContentParams>({
  name: "native.generateContent",
  method: "POST",
  path: (params) => path`/v1beta/models/${modelId(params)}:generateContent`,
  policy: "idempotent",
  schema: generateContentParams,
  body: withoutModel,
  // Billed per token: the usageMetadata answered, or candidateCount x maxOutputTokens and the prompt's bound.
  meter: {
    model: modelId,
    usage: (answer) => (answer as GenerateContentResponse).usageMetadata,
    declaresTools: (params) =>
      Boolean(params.tools?.length) ||
      params.generationConfig?.responseSchema != null ||
      params.generationConfig?.responseJsonSchema != null,
    hidden: (params) => {
      if (params.cachedContent != null) return `cachedContent ${params.cachedContent} joins the input`;
      const builtIn = params.tools?.flatMap(Object.keys).find((key) => key !== "functionDeclarations");
      return builtIn && `the tool ${builtIn} adds its results to the input`;
    },
    limit: (params) => params.generationConfig?.maxOutputTokens,
    limitField: "generationConfig.maxOutputTokens",
    choices: (params) => params.generationConfig?.candidateCount,
  },
});

export const STREAM = operation<GenerateContentParams>({
  ...GENERATE,
  name: "native.streamGenerateContent",
  path: (params) => path`/v1beta/models/${modelId(params)}:streamGenerateContent`,
  query: { alt: "sse" },
  accept: EVENT_STREAM,
});
