/** What `gw.native` answers: generateContent responses, also each chunk of a stream (parsed leniently). */

import type { RequestIdentified } from "../../core/http/index.js";
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
  /** Code the model wrote for the code-execution tool. */
  executableCode?: { language: string; code: string };
  /** What running that code gave. */
  codeExecutionResult?: { outcome: string; output?: string };
  /** The clip of a video part (`startOffset`, `endOffset`, `fps`). */
  videoMetadata?: { startOffset?: string; endOffset?: string; fps?: number };
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
  /** Why the model stopped, in words (alongside `finishReason`). */
  finishMessage?: string;
  /** The candidate's average log probability. */
  avgLogprobs?: number;
  logprobsResult?: unknown;
  /** What the URL-context tool fetched. */
  urlContextMetadata?: unknown;
  tokenCount?: number;
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
  toolUsePromptTokensDetails?: ModalityTokenCount[];
  trafficType?: string;
}

/**
 * Why the prompt was blocked: no candidate is generated. Known upstream values plus any string
 * (the upstream adds reasons).
 */
export type BlockReason =
  | "BLOCK_REASON_UNSPECIFIED"
  | "SAFETY"
  | "OTHER"
  | "BLOCKLIST"
  | "PROHIBITED_CONTENT"
  | "IMAGE_SAFETY"
  | (string & {});

/** What the upstream thought of the prompt; `blockReason` is set when it refused to answer. */
export interface PromptFeedback {
  /** Set when the prompt was blocked: the response then has no candidates. */
  blockReason?: BlockReason;
  /** A human-readable explanation of the block, where the upstream gives one. */
  blockReasonMessage?: string;
  /** Ratings per harm category. */
  safetyRatings?: unknown[];
}

/**
 * The generateContent response; also each chunk of a stream. A blocked prompt is a normal 200
 * answer upstream: `promptFeedback.blockReason` is set and `candidates` is absent. genway returns it
 * as such (a stream of it completes), so read `promptFeedback?.blockReason` before the text.
 */
export interface GenerateContentResponse extends RequestIdentified {
  /** The answers; absent when the prompt was blocked. */
  candidates?: NativeCandidate[];
  /** Token counts (in a stream: the running counts; the last chunk's are final). */
  usageMetadata?: UsageMetadata;
  /** The model version that answered, e.g. `"gemini-2.5-flash"`. */
  modelVersion?: string;
  /** The upstream's id of this response (the same on every chunk of a stream). */
  responseId?: string;
  /** Set when the prompt was blocked (see {@link BlockReason}). */
  promptFeedback?: PromptFeedback;
  /** Vertex only: when the response was created (RFC 3339). */
  createTime?: string;
}
