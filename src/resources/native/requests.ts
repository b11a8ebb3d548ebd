/** What `gw.native` takes, declared field by field. */
// operations.ts holds the schema that checks it at run time; tests/types/native.test-d.ts keeps
// the two together.
import type { ModelChoice } from "../../core/http/index.js";
import type { NativeModel } from "./models.js";

/** Raw bytes sent inline, base64-encoded. */
export interface NativeInlineData {
  /** The IANA MIME type of the data, e.g. `"image/png"`, `"audio/wav"`, `"application/pdf"`. Not empty. */
  mimeType: string;
  /** The bytes, base64-encoded. */
  data: string;
}

/** A file referenced by URI (an uploaded file, a `gs://` object or a public URL). */
export interface NativeFileData {
  /** The IANA MIME type of the file. Optional upstream; some models infer it. */
  mimeType?: string;
  /** The file's URI. Not empty. */
  fileUri: string;
}

/** A function call the model made (or that the caller replays in the history). */
export interface NativeFunctionCall {
  /** The name of the declared function. */
  name: string;
  /** The arguments, as a JSON object. Absent when the function takes none. */
  args?: Record<string, unknown>;
  /** Gemini 3: the id to echo in the matching functionResponse. */
  id?: string;
}

/** The result of a function call, sent back to the model. */
export interface NativeFunctionResponse {
  /** The name of the function that was called. */
  name: string;
  /** The result, as a JSON object (e.g. `{ result: ... }`). */
  response: Record<string, unknown>;
  /** The id of the call this answers, when the call carried one. */
  id?: string;
}

/**
 * A part of request content. Exactly one kind of data per part upstream (text, inlineData,
 * fileData, functionCall or functionResponse); genway leaves that check to the gateway.
 */
export interface NativePartParam {
  /** Text. */
  text?: string;
  /** Marks a thought summary part (as the model returned it); send it back unchanged. */
  thought?: boolean;
  /** Opaque signature of the model's reasoning (Gemini 3): send it back with its part unchanged. */
  thoughtSignature?: string;
  /** Inline bytes (image, audio, video, PDF), base64-encoded. */
  inlineData?: NativeInlineData;
  /** A file by URI. */
  fileData?: NativeFileData;
  /** A function call of an earlier model turn. */
  functionCall?: NativeFunctionCall;
  /** The result of a function call. */
  functionResponse?: NativeFunctionResponse;
}

/** A turn of a native request: a role and its parts. */
export interface NativeContentParam {
  /**
   * `"user"` or `"model"` upstream; any string is sent as given. Left open, as Google's own SDK
   * types it: a response's `content` (whose role is open too) goes back in the next request as it
   * came. Optional for single-turn requests.
   */
  role?: "user" | "model" | (string & {});
  /** The parts of the turn; at least one. */
  parts: NativePartParam[];
}

/** A function the model may call, described by an OpenAPI-style schema. */
export interface NativeFunctionDeclaration {
  /** The function's name (upstream: letters, digits, `_`, `.`, `:` or `-`; the gateway checks). Not empty. */
  name: string;
  /** What the function does; the model reads it to decide when to call it. */
  description?: string;
  /** The arguments, as an OpenAPI schema subset (`{ type: "OBJECT", properties: ... }`). */
  parameters?: Record<string, unknown>;
  /** The arguments as a JSON Schema, instead of `parameters` (newer upstream field). */
  parametersJsonSchema?: unknown;
}

/** A tool of a native request: function declarations, or one of the built-in tools. */
export interface NativeTool {
  /** Functions the model may call. */
  functionDeclarations?: NativeFunctionDeclaration[];
  /** Grounding with Google Search (`{}`). */
  googleSearch?: Record<string, unknown>;
  /** Code execution (`{}`). */
  codeExecution?: Record<string, unknown>;
  /** URL context: the model reads the URLs in the prompt (`{}`). */
  urlContext?: Record<string, unknown>;
}

/** How the model uses the declared functions. */
export interface NativeToolConfig {
  /** Function calling mode and the functions it may call. */
  functionCallingConfig?: {
    /** `"AUTO"` (default), `"ANY"` (must call), `"NONE"` or `"VALIDATED"`; any string is sent as given. */
    mode?: "AUTO" | "ANY" | "NONE" | "VALIDATED" | (string & {});
    /** With mode ANY: the functions it may call. */
    allowedFunctionNames?: string[];
  };
}

/** A safety filter setting. */
export interface NativeSafetySetting {
  /** The harm category, e.g. `"HARM_CATEGORY_HARASSMENT"`; open: the upstream adds categories. */
  category: string;
  /** The threshold, e.g. `"BLOCK_ONLY_HIGH"`, `"BLOCK_NONE"`, `"OFF"`; open. */
  threshold: string;
}

/**
 * Thinking settings. The spec lists thinkingBudget and includeThoughts (as "required"); the relayed
 * format makes both optional and adds thinkingLevel for Gemini 3.
 */
export interface ThinkingConfig {
  /**
   * Tokens the model may think with: -1 lets the model decide, 0 turns thinking off where the model
   * allows. Integer, at least -1. The upper end is per model (24576 or 32768 today): left to the gateway.
   */
  thinkingBudget?: number;
  /** Return thought summaries as parts marked `thought: true`. */
  includeThoughts?: boolean;
  /**
   * Gemini 3: a level instead of a budget: `"minimal"`, `"low"`, `"medium"`, `"high"`; open. Not
   * together with thinkingBudget (upstream rule, checked).
   */
  thinkingLevel?: "minimal" | "low" | "medium" | "high" | (string & {});
}

/** Image output settings (image-capable models such as gemini-2.5-flash-image). */
export interface NativeImageConfig {
  /** Aspect ratio of generated images, e.g. `"16:9"`; open. */
  aspectRatio?: string;
  /** Size of generated images, e.g. `"1K"`, `"2K"`, `"4K"`; open. */
  imageSize?: string;
}

/** Sampling and output settings of a native request. The spec requires it; genway does not (see docs). */
export interface GenerationConfig {
  /** Sampling temperature, 0 to 2 (the bound the spec states for chat, also the upstream's). */
  temperature?: number;
  /** Nucleus sampling mass, 0 to 1. */
  topP?: number;
  /** Sample from the K most likely tokens; integer, at least 1. */
  topK?: number;
  /** Number of candidates to return; integer, at least 1 (the upper end is per model). */
  candidateCount?: number;
  /** Maximum tokens of the answer; integer, at least 1. */
  maxOutputTokens?: number;
  /** Up to 5 sequences that stop generation (upstream bound). */
  stopSequences?: string[];
  /** Penalty for tokens already present in the output. */
  presencePenalty?: number;
  /** Penalty growing with how often a token was already used. */
  frequencyPenalty?: number;
  /** Sampling seed (integer); determinism is not guaranteed. */
  seed?: number;
  /** `"text/plain"` (default), `"application/json"` (JSON mode) or `"text/x.enum"`. */
  responseMimeType?: string;
  /** With JSON mode: the OpenAPI schema the answer follows. */
  responseSchema?: Record<string, unknown>;
  /** With JSON mode: a JSON Schema the answer follows (instead of responseSchema). */
  responseJsonSchema?: unknown;
  /** What the model answers with: `["TEXT"]`, `["TEXT", "IMAGE"]`, `["AUDIO"]` ... */
  responseModalities?: string[];
  /** Image output settings. */
  imageConfig?: NativeImageConfig;
  /** Thinking settings. */
  thinkingConfig?: ThinkingConfig;
}

/** A system instruction: parts of text the model follows throughout. */
export interface NativeSystemInstruction {
  /** Ignored upstream; sent as given. */
  role?: string;
  /** The instruction's parts (text). */
  parts: NativePartParam[];
}

/**
 * `{ model, ...body }` of generateContent / streamGenerateContent: `model` goes into the path,
 * everything else is the GenerateContentRequest body. Fields a newer gateway adds go through
 * `RequestOptions.extra_body`.
 */
export interface GenerateContentParams {
  /**
   * The model, e.g. `"gemini-2.5-flash"` (`"models/gemini-2.5-flash"`, as the official SDKs spell
   * it, works too). Goes into the path; any id the gateway relays. Required.
   */
  model: ModelChoice<NativeModel>;
  /** The conversation: at least one turn, each with at least one part. Required. */
  contents: NativeContentParam[];
  /** Instructions the model follows throughout. */
  systemInstruction?: NativeSystemInstruction;
  /** Tools: function declarations, Google Search, code execution, URL context. */
  tools?: NativeTool[];
  /** How the model uses the declared functions. */
  toolConfig?: NativeToolConfig;
  /** Safety filter settings per harm category. */
  safetySettings?: NativeSafetySetting[];
  /** Sampling and output settings, thinking included. */
  generationConfig?: GenerationConfig;
  /** The name of cached content to use as context (`cachedContents/...`). */
  cachedContent?: string;
}
