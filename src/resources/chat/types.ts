/** Chat completion request and response types. Requests come from the schema; responses are parsed leniently. */
import type * as z from "zod/mini";
import type { ChatModel } from "./models.js";
import type { chatCompletionParams, chatMessage, contentPart, functionTool, toolChoice } from "./schema.js";

export type ChatMessage = z.input<typeof chatMessage>;
export type ChatContentPart = z.input<typeof contentPart>;
export type ChatTool = z.input<typeof functionTool>;
export type ChatToolChoice = z.input<typeof toolChoice>;

type Params = z.input<typeof chatCompletionParams>;
export type ChatCompletionCreateParamsBase = Omit<Params, "model" | "stream"> & { model: ChatModel };
export type ChatCompletionCreateParamsNonStreaming = ChatCompletionCreateParamsBase & {
  stream?: false | undefined;
};
export type ChatCompletionCreateParamsStreaming = ChatCompletionCreateParamsBase & { stream: true };
export type ChatCompletionCreateParams =
  | ChatCompletionCreateParamsNonStreaming
  | ChatCompletionCreateParamsStreaming;

export interface ChatCompletionToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface ChatCompletionMessage {
  role: "assistant";
  content: string | null;
  refusal?: string | null;
  tool_calls?: ChatCompletionToolCall[];
  /** Image models relayed in the OpenRouter/Gemini-compatible shape put their images here (see chatImageUrls). */
  images?: Array<{ type: "image_url"; image_url: { url: string } }>;
  [key: string]: unknown;
}

export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number; [key: string]: unknown };
  completion_tokens_details?: { reasoning_tokens?: number; [key: string]: unknown };
  [key: string]: unknown;
}

export interface ChatCompletionChoice {
  index: number;
  message: ChatCompletionMessage;
  finish_reason: string | null;
  logprobs?: unknown;
}

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

export interface ChatCompletionChunkToolCall {
  index: number;
  id?: string;
  type?: "function";
  function?: { name?: string; arguments?: string };
}

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
