/**
 * generateContent request, in the native multimodal format the gateway relays. The spec marks
 * generationConfig and thinkingConfig (with thinkingBudget and includeThoughts) "required"; the
 * relayed format requires neither, so all three are optional here and a plain {model, contents}
 * call works. docs/chat.md records the decision.
 */
import * as z from "zod/mini";
import { between } from "../../core/schema-rules.js";

export const part = z.looseObject({
  text: z.optional(z.string()),
  thought: z.optional(z.boolean()),
  thoughtSignature: z.optional(z.string()),
  inlineData: z.optional(z.looseObject({ mimeType: z.string().check(z.minLength(1)), data: z.string() })),
  fileData: z.optional(
    z.looseObject({ mimeType: z.optional(z.string()), fileUri: z.string().check(z.minLength(1)) }),
  ),
  functionCall: z.optional(
    z.looseObject({ name: z.string(), args: z.optional(z.record(z.string(), z.unknown())) }),
  ),
  functionResponse: z.optional(
    z.looseObject({ name: z.string(), response: z.record(z.string(), z.unknown()) }),
  ),
});

export const content = z.looseObject({
  role: z.optional(z.enum(["user", "model"])),
  parts: z.array(part).check(z.minLength(1)),
});

export const thinkingConfig = z
  .looseObject({
    /** Tokens the model may think with: -1 lets it decide, 0 turns thinking off (where the model allows). */
    thinkingBudget: z.optional(z.int().check(z.minimum(-1), z.maximum(32768))),
    /** Return thought summaries as parts marked `thought: true`. */
    includeThoughts: z.optional(z.boolean()),
    /** Gemini 3 models: a level instead of a budget. */
    thinkingLevel: z.optional(z.enum(["minimal", "low", "medium", "high"])),
  })
  .check(
    z.refine((config) => config.thinkingBudget === undefined || config.thinkingLevel === undefined, {
      message: "takes thinkingBudget or thinkingLevel, not both",
    }),
  );

export const generationConfig = z.looseObject({
  temperature: z.optional(between(0, 2)),
  topP: z.optional(between(0, 1)),
  topK: z.optional(z.int().check(z.minimum(1))),
  candidateCount: z.optional(z.int().check(z.minimum(1), z.maximum(8))),
  maxOutputTokens: z.optional(z.int().check(z.minimum(1))),
  stopSequences: z.optional(z.array(z.string()).check(z.maxLength(5))),
  presencePenalty: z.optional(z.number()),
  frequencyPenalty: z.optional(z.number()),
  seed: z.optional(z.int()),
  responseMimeType: z.optional(z.string()),
  responseSchema: z.optional(z.record(z.string(), z.unknown())),
  responseModalities: z.optional(z.array(z.string())),
  thinkingConfig: z.optional(thinkingConfig),
});

const functionDeclaration = z.looseObject({
  name: z.string().check(z.regex(/^[A-Za-z_][\w.:-]{0,63}$/)),
  description: z.optional(z.string()),
  parameters: z.optional(z.record(z.string(), z.unknown())),
});

/** functionDeclarations, googleSearch, codeExecution, urlContext... */
export const nativeTool = z.looseObject({ functionDeclarations: z.optional(z.array(functionDeclaration)) });

export const generateContentParams = z.looseObject({
  /** Goes into the path (`/v1beta/models/{model}:generateContent`), not the body. */
  model: z.string().check(z.minLength(1)),
  contents: z.array(content).check(z.minLength(1)),
  systemInstruction: z.optional(z.looseObject({ role: z.optional(z.string()), parts: z.array(part) })),
  tools: z.optional(z.array(nativeTool)),
  toolConfig: z.optional(z.looseObject({})),
  safetySettings: z.optional(z.array(z.looseObject({ category: z.string(), threshold: z.string() }))),
  generationConfig: z.optional(generationConfig),
  cachedContent: z.optional(z.string()),
});
