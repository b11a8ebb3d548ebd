/**
 * Chat completion request types (declared; `schema.ts` is the run-time check and
 * tests/types/chat.test-d.ts keeps the two together) and response types (parsed leniently).
 */
import type { ModelChoice } from "../../core/http/index.js";
import type { ChatModel } from "./models.js";

/** Text in a message's content. */
export interface ChatTextPart {
  /** The part type. */
  type: "text";
  /** The text. */
  text: string;
}

/** An image to analyse (vision-capable models only). */
export interface ChatImagePart {
  /** The part type. */
  type: "image_url";
  /** The image. */
  image_url: {
    /** An https URL or a `data:image/...;base64,` URL. */
    url: string;
    /** `"auto"` (default), `"low"` or `"high"` upstream; open, sent as given. */
    detail?: "auto" | "low" | "high" | (string & {});
  };
}

/** A video to analyse (the spec: only one model family at present). */
export interface ChatVideoPart {
  /** The part type. */
  type: "video_url";
  /** The video. */
  video_url: {
    /** An https URL or a `data:video/...;base64,` URL. */
    url: string;
  };
}

/** Audio input (audio-capable models, upstream format). */
export interface ChatAudioPart {
  /** The part type. */
  type: "input_audio";
  /** The audio. */
  input_audio: {
    /** The audio bytes, base64-encoded. */
    data: string;
    /** `"wav"` or `"mp3"` upstream; open. */
    format: "wav" | "mp3" | (string & {});
  };
}

/** A file (e.g. a PDF) as input (upstream format). */
export interface ChatFilePart {
  /** The part type. */
  type: "file";
  /** The file: inline data, or the id of an uploaded file. */
  file: {
    /** The file as a `data:` URL (base64). */
    file_data?: string;
    /** The id of an uploaded file. */
    file_id?: string;
    /** The file's name. */
    filename?: string;
  };
}

/**
 * A part of a message's content. Part types the gateway adds later pass through at run time
 * (give them with a cast, or use `RequestOptions.extra_body`).
 */
export type ChatContentPart = ChatTextPart | ChatImagePart | ChatVideoPart | ChatAudioPart | ChatFilePart;

/** A tool call of an earlier assistant turn, sent back in the history. */
export interface ChatMessageToolCall {
  /** The call's id; the tool message answering it names it in `tool_call_id`. */
  id: string;
  /** The call type. */
  type: "function";
  /** The function called. */
  function: {
    /** The function's name. */
    name: string;
    /** The arguments, as JSON text. */
    arguments: string;
  };
}

/**
 * One message of the conversation. The spec declares `{role: string, content: string}`; the
 * relayed format adds content parts, tool calls and tool results.
 */
export interface ChatMessage {
  /**
   * Who speaks: `"system"`, `"developer"`, `"user"`, `"assistant"` or `"tool"` (the result of a
   * tool call). The spec types it as a string, so any role is sent as given.
   */
  role: "system" | "developer" | "user" | "assistant" | "tool" | (string & {});
  /**
   * The text, or content parts (text, images, video, audio, files) for multimodal input. `null`
   * (or absent) on an assistant message that only calls tools.
   */
  content?: string | ChatContentPart[] | null;
  /** An optional name for the participant. */
  name?: string;
  /** An assistant message's refusal, sent back in the history. */
  refusal?: string | null;
  /** The tool calls of an assistant message. */
  tool_calls?: ChatMessageToolCall[];
  /** On a `tool` message: the id of the call this answers. */
  tool_call_id?: string;
}

/** A function the model may call, described by a JSON schema (the only kind the spec names). */
export interface ChatFunctionTool {
  /** The tool type. */
  type: "function";
  /** The function. */
  function: {
    /** The function's name (upstream: letters, digits, `_`, `-`, at most 64; the gateway checks). Not empty. */
    name: string;
    /** What the function does; the model reads it to decide when to call it. */
    description?: string;
    /** The arguments, as a JSON Schema object. */
    parameters?: Record<string, unknown>;
    /** Upstream structured outputs: the arguments follow the schema exactly. */
    strict?: boolean | null;
  };
}

/** A custom tool taking free-form text input (upstream format, newer models). */
export interface ChatCustomTool {
  /** The tool type. */
  type: "custom";
  /** The tool. */
  custom: {
    /** The tool's name. Not empty. */
    name: string;
    /** What the tool does. */
    description?: string;
    /** The input format: `{ type: "text" }` or a grammar. */
    format?: { type: string };
  };
}

/** A tool the model may call. */
export type ChatTool = ChatFunctionTool | ChatCustomTool;

/**
 * Whether and which tool the model calls. The spec: `"none"` (no call), `"auto"` (the model
 * chooses) or a forced function; upstream adds `"required"` and forcing a custom tool. Default is
 * none without tools and auto with tools. `"required"` or a forced tool needs `tools`, and a forced
 * one must name one of them (checked).
 */
export type ChatToolChoice =
  | "none"
  | "auto"
  | "required"
  | {
      /** The choice type. */
      type: "function";
      /** The function the model must call. */
      function: {
        /** Its name: one of `tools`. */
        name: string;
      };
    }
  | {
      /** The choice type. */
      type: "custom";
      /** The custom tool the model must call. */
      custom: {
        /** Its name: one of `tools`. */
        name: string;
      };
    };

/** JSON schema output (upstream structured outputs). */
export interface ChatJSONSchemaFormat {
  /** The schema's name. Not empty. */
  name: string;
  /** What the output is for. */
  description?: string;
  /** The JSON Schema the output follows. */
  schema?: Record<string, unknown>;
  /** Follow the schema exactly. */
  strict?: boolean | null;
}

/**
 * The output format. The spec: `{ type: "json_object" }` turns on JSON mode (the prompt must also
 * ask for JSON; if finish_reason is "length" the content may be cut off). Upstream adds `text` and
 * `json_schema`.
 */
export type ChatResponseFormat =
  | {
      /** `"text"` (default) or `"json_object"` (JSON mode). */
      type: "text" | "json_object";
    }
  | {
      /** Structured output following a JSON Schema. */
      type: "json_schema";
      /** The schema. */
      json_schema: ChatJSONSchemaFormat;
    };

/** Stream settings (only with `stream: true`). */
export interface ChatStreamOptions {
  /**
   * Send a final chunk with `usage` (and `choices: []`). genway sets it to true on streamed calls
   * unless `stream_options` is given, so the assembled completion carries usage.
   */
  include_usage?: boolean;
}

/**
 * The fields of a chat completion request (every chat variant of the spec). Only `model` and
 * `messages` are required. Fields a newer gateway adds go through `RequestOptions.extra_body`.
 */
export interface ChatCompletionCreateParamsBase {
  /** The model, e.g. `"gpt-4o"`, `"claude-sonnet-4-5"`, `"gemini-2.5-flash"`: any id the gateway relays. Required. */
  model: ModelChoice<ChatModel>;
  /** The conversation so far; at least one message. Required. */
  messages: ChatMessage[];
  /**
   * Tools the model may call (the spec: only functions are supported; its "array of string" is an
   * artefact). Optional in every variant.
   */
  tools?: ChatTool[];
  /** Whether and which tool the model calls; see {@link ChatToolChoice}. */
  tool_choice?: ChatToolChoice;
  /** Upstream: allow several tool calls in one turn. */
  parallel_tool_calls?: boolean;
  /** Number of choices generated per input. Integer, 1 to 128 (the upper end is the upstream's); default 1. */
  n?: number;
  /**
   * Beta sampling seed (integer): repeated requests with the same seed and parameters should give
   * the same result; determinism is not guaranteed.
   */
  seed?: number;
  /** The spec's name for `seed` (same meaning); sent as `seed`. Give one of the two. */
  seen?: number;
  /** Up to 4 sequences where generation stops: a string or 1 to 4 strings. Default null. */
  stop?: string | string[] | null;
  /** A unique end-user identifier, for abuse monitoring. */
  user?: string;
  /** Nucleus sampling mass, 0 to 1 (0.1 means the top 10% probability mass). Change this or temperature, not both. */
  top_p?: number;
  /** Sampling temperature, 0 to 2 (spec bound). Higher is more random. */
  temperature?: number;
  /**
   * Default false. True sends partial deltas as data-only server-sent events ended by `data: [DONE]`;
   * the call then resolves to a `ChatCompletionStream`.
   */
  stream?: boolean | null;
  /** Stream settings; see {@link ChatStreamOptions}. */
  stream_options?: ChatStreamOptions | null;
  /** Maps token ids (integers as strings) to a bias from -100 to 100 (spec bound), added to the logits. */
  logit_bias?: Record<string, number> | null;
  /** Upstream: return the log probabilities of the output tokens. */
  logprobs?: boolean | null;
  /** Upstream: with logprobs, the most likely alternatives per token (integer, at least 0). */
  top_logprobs?: number | null;
  /** Maximum generated tokens (integer, at least 1). Default unbounded; input plus output is bounded by the context length. */
  max_tokens?: number | null;
  /** Upstream successor of max_tokens, counting reasoning tokens too (reasoning models). Integer, at least 1. */
  max_completion_tokens?: number | null;
  /**
   * Reasoning models: how hard to think, e.g. `"none"`, `"minimal"`, `"low"`, `"medium"`, `"high"`,
   * `"xhigh"`. Open: the list grows with each model generation.
   */
  reasoning_effort?: "none" | "minimal" | "low" | "medium" | "high" | "xhigh" | (string & {}) | null;
  /** The output format: JSON mode or a JSON schema; see {@link ChatResponseFormat}. */
  response_format?: ChatResponseFormat;
  /** -2.0 to 2.0 (spec bound). Positive values favour new topics. */
  presence_penalty?: number | null;
  /** -2.0 to 2.0 (spec bound), default 0. Positive values reduce verbatim repetition. */
  frequency_penalty?: number | null;
  /** Upstream: output modalities, e.g. `["text"]`, `["text", "audio"]`. Not checked. */
  modalities?: string[] | null;
  /** Upstream: key-value pairs stored with the completion. Not checked. */
  metadata?: Record<string, string> | null;
  /** Upstream: store the completion for distillation or evals. Not checked. */
  store?: boolean | null;
  /** Upstream: the processing tier, e.g. `"auto"`, `"default"`, `"flex"`, `"priority"`; open, not checked. */
  service_tier?: string | null;
}

/** A request answered with one {@link ChatCompletion}. */
export interface ChatCompletionCreateParamsNonStreaming extends ChatCompletionCreateParamsBase {
  /** False or absent: one {@link ChatCompletion}. */
  stream?: false | null;
}
/** A request answered with a `ChatCompletionStream` (`stream: true`). */
export interface ChatCompletionCreateParamsStreaming extends ChatCompletionCreateParamsBase {
  /** True: partial deltas as server-sent events, ended by `data: [DONE]`. */
  stream: true;
}
/** What `gw.chat.completions.create` takes: streaming or not. */
export type ChatCompletionCreateParams =
  | ChatCompletionCreateParamsNonStreaming
  | ChatCompletionCreateParamsStreaming;

/** A function call the model made; `arguments` is JSON text. */
export interface ChatCompletionToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** A web citation in an assistant message (search models). */
export interface ChatCompletionAnnotation {
  type: "url_citation";
  url_citation: { start_index: number; end_index: number; title: string; url: string };
}

/** Spoken output of an audio-capable model (`modalities: ["text", "audio"]`). */
export interface ChatCompletionAudio {
  id: string;
  /** Base64 audio in the requested format. */
  data: string;
  /** Unix seconds after which `id` can no longer be referred to in a follow-up turn. */
  expires_at: number;
  transcript: string;
}

/**
 * The assistant's message in a choice. The fields are OpenAI's (openai-node's
 * ChatCompletionMessage) and what the relay adds; there is no index signature, so a misspelled
 * field (`message.contnet`) does not compile. A field a newer upstream adds is still in the
 * parsed object: read it with `(message as Record<string, unknown>).field` until it is declared.
 */
export interface ChatCompletionMessage {
  role: "assistant";
  content: string | null;
  refusal?: string | null;
  tool_calls?: ChatCompletionToolCall[];
  /** Web citations of search models. */
  annotations?: ChatCompletionAnnotation[];
  /** Audio of an audio-capable model. */
  audio?: ChatCompletionAudio | null;
  /** The deprecated single function call (`functions` instead of `tools`). */
  function_call?: { name: string; arguments: string } | null;
  /**
   * The reasoning text of a reasoning model (DeepSeek-style), as the relay passes it on
   * (new-api relaykit/dto/openai_request.go Message.ReasoningContent).
   */
  reasoning_content?: string | null;
  /** The same reasoning text, under the name some upstreams (OpenRouter) use (new-api Message.Reasoning). */
  reasoning?: string | null;
  /** Image models relayed in the OpenRouter/Gemini-compatible shape put their images here (see chatImageUrls). */
  images?: Array<{ type: "image_url"; image_url: { url: string } }>;
}

/** Token counts of a chat completion (`cached_tokens` are part of `prompt_tokens`). */
export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: CompletionUsagePromptDetails;
  completion_tokens_details?: CompletionUsageCompletionDetails;
  /**
   * Cache hits under DeepSeek's name, as the relay passes it on (new-api relaykit/dto/openai_response.go
   * Usage.PromptCacheHitTokens).
   */
  prompt_cache_hit_tokens?: number;
}

/** How the prompt tokens split (openai-node's CompletionUsage.PromptTokensDetails, plus new-api's cache writes). */
export interface CompletionUsagePromptDetails {
  /** Prompt tokens read from the cache (part of `prompt_tokens`). */
  cached_tokens?: number;
  /** Prompt tokens written to the cache (OpenAI's name). */
  cache_write_tokens?: number;
  /** Prompt tokens written to the cache, converted from the Messages format by the relay. */
  cached_creation_tokens?: number;
  audio_tokens?: number;
  image_tokens?: number;
  text_tokens?: number;
}

/** How the completion tokens split (openai-node's CompletionUsage.CompletionTokensDetails). */
export interface CompletionUsageCompletionDetails {
  /** Tokens the model spent reasoning (part of `completion_tokens`). */
  reasoning_tokens?: number;
  accepted_prediction_tokens?: number;
  rejected_prediction_tokens?: number;
  audio_tokens?: number;
  image_tokens?: number;
  text_tokens?: number;
}

/** One of the `n` answers of a completion. */
export interface ChatCompletionChoice {
  index: number;
  message: ChatCompletionMessage;
  finish_reason: string | null;
  logprobs?: unknown;
}

/** A chat completion (`object: "chat.completion"`). */
export interface ChatCompletion {
  id: string;
  object: "chat.completion";
  created: number;
  model: string;
  choices: ChatCompletionChoice[];
  usage?: CompletionUsage;
  system_fingerprint?: string | null;
  /** The tier that served the request, e.g. `"default"`. */
  service_tier?: string | null;
  /** What the request was tagged with (`metadata` of the request, where the upstream echoes it). */
  metadata?: Record<string, string> | null;
}

/** A piece of a tool call in a streamed chunk; pieces with the same `index` add up. */
export interface ChatCompletionChunkToolCall {
  index: number;
  id?: string;
  type?: "function";
  function?: { name?: string; arguments?: string };
}

/** One event of a chat stream: the deltas of each choice, and `usage` in the last chunk. */
export interface ChatCompletionChunk {
  id: string;
  object: "chat.completion.chunk";
  created: number;
  model: string;
  choices: Array<{
    index: number;
    delta: {
      role?: string;
      content?: string | null;
      refusal?: string | null;
      tool_calls?: ChatCompletionChunkToolCall[];
      /** The deprecated single function call, in pieces. */
      function_call?: { name?: string; arguments?: string };
      /** Reasoning text, as ChatCompletionMessage.reasoning_content (new-api ChatCompletionsStreamResponseChoiceDelta). */
      reasoning_content?: string | null;
      /** The same, under OpenRouter's name. */
      reasoning?: string | null;
    };
    finish_reason: string | null;
    logprobs?: unknown;
  }>;
  /** Only in the last chunk, with `stream_options.include_usage` (`choices` is then empty). */
  usage?: CompletionUsage | null;
  system_fingerprint?: string | null;
  /** The tier that served the request, e.g. `"default"`. */
  service_tier?: string | null;
  /** Random padding some upstreams add against side channels; ignore it. */
  obfuscation?: string;
}
