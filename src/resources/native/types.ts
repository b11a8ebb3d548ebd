/** Native-format request types (from the schema) and response types (parsed leniently). */
import type * as z from "zod/mini";
import type { NativeModel } from "./models.js";
import type {
  content,
  generateContentParams,
  generationConfig,
  nativeTool,
  part,
  thinkingConfig,
} from "./schema.js";

/**
 * A part of request content: text, inline data, a file, a function call or response.
 * @useDeclaredType
 */
export type NativePartParam = z.input<typeof part>;
/**
 * A turn of a native request: a role and its parts.
 * @useDeclaredType
 */
export type NativeContentParam = z.input<typeof content>;
/**
 * A tool of a native request: function declarations, or search grounding.
 * @useDeclaredType
 */
export type NativeTool = z.input<typeof nativeTool>;
/**
 * Sampling and output settings of a native request.
 * @useDeclaredType
 */
export type GenerationConfig = z.input<typeof generationConfig>;
/**
 * Thinking settings: budget, and whether thought summaries are returned.
 * @useDeclaredType
 */
export type ThinkingConfig = z.input<typeof thinkingConfig>;

/**
 * @inline
 * @useDeclaredType
 */
type Params = z.input<typeof generateContentParams>;
/** `{ model, ...body }`: the model goes into the path, everything else is the request body. */
export type GenerateContentParams = Omit<Params, "model"> & {
  model: NativeModel;
};

/** A part of response content. */
export interface NativePart {
  text?: string;
  /** True on thought-summary parts (with thinkingConfig.includeThoughts): not part of the answer. */
  thought?: boolean;
  /** Opaque; send it back with the part in the next turn so the model keeps its reasoning. */
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: { name: string; args?: Record<string, unknown>; id?: string };
  functionResponse?: { name: string; response: Record<string, unknown> };
  [key: string]: unknown;
}

/** The content of a candidate: a role and its parts. */
export interface NativeContent {
  role?: "user" | "model" | (string & {});
  parts?: NativePart[];
}

/** One answer of a generateContent response. */
export interface NativeCandidate {
  content?: NativeContent;
  finishReason?: "STOP" | "MAX_TOKENS" | "SAFETY" | "RECITATION" | "OTHER" | (string & {});
  index?: number;
  safetyRatings?: unknown[];
  citationMetadata?: unknown;
  groundingMetadata?: unknown;
  [key: string]: unknown;
}

/** Tokens of one modality. */
export interface ModalityTokenCount {
  modality: "TEXT" | "IMAGE" | "AUDIO" | "VIDEO" | "DOCUMENT" | (string & {});
  tokenCount: number;
}

/** Token counts. Thinking tokens are billed as output but counted apart from candidatesTokenCount. */
export interface UsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  toolUsePromptTokenCount?: number;
  promptTokensDetails?: ModalityTokenCount[];
  candidatesTokensDetails?: ModalityTokenCount[];
  cacheTokensDetails?: ModalityTokenCount[];
  trafficType?: string;
  [key: string]: unknown;
}

/** The generateContent response; also each chunk of a stream. */
export interface GenerateContentResponse {
  candidates?: NativeCandidate[];
  usageMetadata?: UsageMetadata;
  modelVersion?: string;
  responseId?: string;
  promptFeedback?: { blockReason?: string; safetyRatings?: unknown[]; [key: string]: unknown };
  [key: string]: unknown;
}
