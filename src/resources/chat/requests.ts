/** What `gw.chat.completions.create` takes, declared field by field. */
// operations.ts holds the schema that checks it at run time; tests/types/chat.test-d.ts keeps
// the two together.
import type { ModelChoice } from "../../core/http/index.js";
import type { ChatModel } from "./models.js";
import type { ChatCompletion } from "./results.js";

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
 * The roles of chat completions. The spec types a role as any string and the gateway relays what it
 * gets, so the run-time check refuses none: only the type is closed. For a role the gateway added
 * later, cast: `{ role: "critic" as ChatRole, content }`.
 */
export type ChatRole = "system" | "developer" | "user" | "assistant" | "tool";

/**
 * One message of the conversation. The spec declares `{role: string, content: string}`; the
 * relayed format adds content parts, tool calls and tool results.
 */
export interface ChatMessage {
  /**
   * Who speaks: `"system"`, `"developer"`, `"user"`, `"assistant"` or `"tool"` (the result of a
   * tool call). Closed here, so a typo fails to compile; the gateway takes any string, and so does
   * the run-time check: a role a gateway adds later goes through a cast (`"critic" as ChatRole`).
   */
  role: ChatRole;
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
  /**
   * An assistant message's reasoning, sent back as it came (`message.reasoning_content` of the
   * answer). Thinking models (DeepSeek, Kimi, GLM) refuse a tool-call turn without it in thinking
   * mode; `runTools` sends it back by itself.
   */
  reasoning_content?: string | null;
  /** The same reasoning under the name some upstreams use (OpenRouter, vLLM): send back what came. */
  reasoning?: string | null;
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
