/** Chat completion request and response types. Requests come from the schema; responses are parsed leniently. */
import type * as z from "zod/mini";
import type { ChatModel } from "./models.js";
import type { chatCompletionParams, chatMessage, contentPart, functionTool, toolChoice } from "./schema.js";

/**
 * One message of a chat request: system, user (text or content parts), assistant or tool.
 * @useDeclaredType
 */
export type ChatMessage = z.input<typeof chatMessage>;
/**
 * A part of a user message's content: text, or an image by URL or data URL.
 * @useDeclaredType
 */
export type ChatContentPart = z.input<typeof contentPart>;
/**
 * A function the model may call, described by a JSON schema.
 * @useDeclaredType
 */
export type ChatTool = z.input<typeof functionTool>;
/**
 * Whether and which tool the model must call: `none`, `auto`, `required` or one function.
 * @useDeclaredType
 */
export type ChatToolChoice = z.input<typeof toolChoice>;

/**
 * @inline
 * @useDeclaredType
 */
type Params = z.input<typeof chatCompletionParams>;
/** The fields of a chat completion request, checked against the spec's bounds before sending. */
export type ChatCompletionCreateParamsBase = Omit<Params, "model" | "stream"> & { model: ChatModel };
/** A request answered with one {@link ChatCompletion}. */
export type ChatCompletionCreateParamsNonStreaming = ChatCompletionCreateParamsBase & {
  stream?: false | undefined;
};
/** A request answered with a {@link ChatCompletionStream} (`stream: true`). */
export type ChatCompletionCreateParamsStreaming = ChatCompletionCreateParamsBase & { stream: true };
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

/** The assistant's message in a choice. */
export interface ChatCompletionMessage {
  role: "assistant";
  content: string | null;
  refusal?: string | null;
  tool_calls?: ChatCompletionToolCall[];
  /** Image models relayed in the OpenRouter/Gemini-compatible shape put their images here (see chatImageUrls). */
  images?: Array<{ type: "image_url"; image_url: { url: string } }>;
  [key: string]: unknown;
}

/** Token counts of a chat completion (`cached_tokens` are part of `prompt_tokens`). */
export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number; [key: string]: unknown };
  completion_tokens_details?: { reasoning_tokens?: number; [key: string]: unknown };
  [key: string]: unknown;
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
  [key: string]: unknown;
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
      [key: string]: unknown;
    };
    finish_reason: string | null;
    logprobs?: unknown;
  }>;
  usage?: CompletionUsage | null;
  system_fingerprint?: string | null;
  [key: string]: unknown;
}
