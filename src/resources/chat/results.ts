/** What `gw.chat.completions.create` answers: completions and stream chunks (parsed leniently). */

import type { RequestIdentified } from "../../core/http/index.js";
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
export interface ChatCompletion extends RequestIdentified {
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
