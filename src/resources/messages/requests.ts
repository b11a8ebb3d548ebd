/**
 * What `gw.messages.create` takes, declared field by field. The spec shows no fields for
 * /v1/messages; these follow the Anthropic Messages format it relays.
 */
// operations.ts holds the schema that checks it at run time; tests/types/messages.test-d.ts keeps
// the two together.
import type { ModelChoice } from "../../core/http/index.js";
import type { MessagesModel } from "./models.js";
import type { ContentBlock, Message } from "./results.js";

/** Prompt caching: cache the prefix up to this block. */
export interface CacheControl {
  /** `"ephemeral"` upstream; open. */
  type: "ephemeral" | (string & {});
  /** How long the entry lives, e.g. `"5m"` (default) or `"1h"`. */
  ttl?: string;
}

/** Text in a message (or in `system`). */
export interface TextBlockParam {
  /** The block type. */
  type: "text";
  /** The text. */
  text: string;
  /** Cache the prompt up to this block. */
  cache_control?: CacheControl | null;
}

/** An image given as base64 data. */
export interface Base64ImageSource {
  /** The source type. */
  type: "base64";
  /** `"image/jpeg"`, `"image/png"`, `"image/gif"` or `"image/webp"` upstream; open. */
  media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp" | (string & {});
  /** The image bytes, base64-encoded. Not empty. */
  data: string;
}

/** An image given by URL. */
export interface URLImageSource {
  /** The source type. */
  type: "url";
  /** The image's https URL. Not empty. */
  url: string;
}

/** An image to recognise (the spec's image recognition variant). */
export interface ImageBlockParam {
  /** The block type. */
  type: "image";
  /** Where the image comes from: base64 data or a URL. Other source types pass through at run time. */
  source: Base64ImageSource | URLImageSource;
  /** Cache the prompt up to this block. */
  cache_control?: CacheControl | null;
}

/** A document (PDF or plain text) as input. */
export interface DocumentBlockParam {
  /** The block type. */
  type: "document";
  /**
   * Where the document comes from, e.g. `{ type: "base64", media_type: "application/pdf", data }`,
   * `{ type: "url", url }` or `{ type: "text", media_type: "text/plain", data }`.
   */
  source: { type: string; media_type?: string; data?: string; url?: string };
  /** The document's title. */
  title?: string | null;
  /** Context about the document the model may use. */
  context?: string | null;
  /** Cache the prompt up to this block. */
  cache_control?: CacheControl | null;
}

/** A tool call of an earlier assistant turn, sent back in the history. */
export interface ToolUseBlockParam {
  /** The block type. */
  type: "tool_use";
  /** The call's id; the tool_result answering it names it. */
  id: string;
  /** The tool's name. */
  name: string;
  /** The arguments the model gave. */
  input: unknown;
}

/** The result of a tool call, sent in a user turn. */
export interface ToolResultBlockParam {
  /** The block type. */
  type: "tool_result";
  /** The id of the tool_use this answers. Not empty. */
  tool_use_id: string;
  /** The result: text, or blocks (text, image). */
  content?: string | Array<TextBlockParam | ImageBlockParam>;
  /** True when the tool failed; the content then describes the error. */
  is_error?: boolean;
}

/** The model's thinking of an earlier turn; send it back unchanged (with its signature). */
export interface ThinkingBlockParam {
  /** The block type. */
  type: "thinking";
  /** The thinking text. */
  thinking: string;
  /** The upstream's signature of it. */
  signature: string;
}

/** Thinking the upstream encrypted; send it back unchanged. */
export interface RedactedThinkingBlockParam {
  /** The block type. */
  type: "redacted_thinking";
  /** The encrypted thinking. */
  data: string;
}

/**
 * A content block of a request message. Block types the gateway adds later pass through at run
 * time (give them with a cast).
 */
export type ContentBlockParam =
  | TextBlockParam
  | ImageBlockParam
  | DocumentBlockParam
  | ToolUseBlockParam
  | ToolResultBlockParam
  | ThinkingBlockParam
  | RedactedThinkingBlockParam;

/**
 * The roles of a Messages turn (the system prompt goes in `system`). Closed in the type only: the
 * run-time check takes any string, as the gateway does; cast a role it adds later (`"x" as MessageRole`).
 */
export type MessageRole = "user" | "assistant";

/** One turn of a Messages conversation. */
export interface MessageParam {
  /** `"user"` or `"assistant"` (the system prompt goes in `system`). */
  role: MessageRole;
  /**
   * The text, or content blocks (text, images, documents, tool use and results, thinking). An
   * assistant turn can send a response's `content` back as it came.
   */
  content: string | Array<ContentBlockParam | ContentBlock>;
}

/** A custom tool, described by a JSON schema (the function-calling variant). */
export interface CustomToolParam {
  /** `"custom"` or absent. */
  type?: "custom" | null;
  /** The tool's name (upstream: letters, digits, `_`, `-`; the gateway checks the length). Not empty. */
  name: string;
  /** What the tool does; the model reads it to decide when to call it. */
  description?: string;
  /** The input, as a JSON Schema object (`type: "object"`, required upstream). */
  input_schema: {
    /** Always `"object"`. */
    type: "object";
    /** The properties of the input. */
    properties?: Record<string, unknown> | null;
    /** The names of the required properties. */
    required?: string[] | null;
  };
  /** Cache the prompt up to this tool. */
  cache_control?: CacheControl | null;
}

/**
 * A tool the upstream runs itself, e.g. `{ type: "web_search_20250305", name: "web_search" }`,
 * bash or the text editor: a versioned type and a name. Their options pass through at run time.
 */
export interface ServerToolParam {
  /** The versioned tool type, e.g. `"web_search_20250305"`. */
  type: string;
  /** The tool's name, e.g. `"web_search"`. */
  name: string;
  /** Cache the prompt up to this tool. */
  cache_control?: CacheControl | null;
}

/** The web search tool the upstream runs (the responses cite the pages it read). */
export interface WebSearchToolParam {
  /** The versioned tool type. */
  type: "web_search_20250305" | "web_search_20260209";
  /** Always `"web_search"`. */
  name: "web_search";
  /** At most this many searches per request. */
  max_uses?: number | null;
  /** Only search these domains. */
  allowed_domains?: string[] | null;
  /** Never search these domains. */
  blocked_domains?: string[] | null;
  /** Where the user is, to localise results. */
  user_location?: {
    /** Always `"approximate"`. */
    type: "approximate";
    /** City. */
    city?: string | null;
    /** Region or state. */
    region?: string | null;
    /** Two-letter country code. */
    country?: string | null;
    /** IANA time zone. */
    timezone?: string | null;
  } | null;
  /** Cache the prompt up to this tool. */
  cache_control?: CacheControl | null;
}

/** A tool the model may use: a custom tool, web search, or another server tool. */
export type ToolParam = CustomToolParam | WebSearchToolParam | ServerToolParam;

/**
 * How the model uses tools: `auto` (it chooses), `any` (it must use one), `none`, or `tool`
 * (that one). A forced choice needs `tools`, and `tool` must name one of them (checked).
 */
export type ToolChoiceParam =
  | {
      /** `"auto"`, `"any"` or `"none"`. */
      type: "auto" | "any" | "none";
      /** At most one tool call per turn. */
      disable_parallel_tool_use?: boolean;
    }
  | {
      /** Use the named tool. */
      type: "tool";
      /** One of `tools`. */
      name: string;
      /** At most one tool call per turn. */
      disable_parallel_tool_use?: boolean;
    };

/**
 * Extended thinking. `enabled` needs `budget_tokens` of at least 1024 (upstream rule); other types
 * (`disabled`, `adaptive` on newer models) are sent as given.
 */
export type ThinkingParam =
  | {
      /** Thinking on, with a token budget. */
      type: "enabled";
      /** Tokens the model may think with; integer, at least 1024 (usually below max_tokens). */
      budget_tokens: number;
    }
  | {
      /** `"disabled"`, `"adaptive"` or a newer type. */
      type: "disabled" | "adaptive" | (string & {});
    };

/** Request metadata. */
export interface MessageMetadata {
  /** An opaque id of the end user (a hash, never a name or e-mail), for abuse monitoring. */
  user_id?: string | null;
}

/**
 * The fields of a Messages request (plain, image recognition, function calling). Only `model` and
 * `messages` are required: the gateway fills `max_tokens` when it is absent. Fields a newer gateway
 * adds go through `RequestOptions.extra_body`.
 */
export interface MessageCreateParamsBase {
  /** The model, e.g. `"claude-sonnet-4-5"`: any id the gateway relays. Required. */
  model: ModelChoice<MessagesModel>;
  /** The conversation; at least one turn. Required. */
  messages: MessageParam[];
  /**
   * Maximum tokens of the answer; integer, at least 1. Required by the Anthropic API; the gateway
   * (new-api) fills a per-model default when absent, so genway leaves it optional.
   */
  max_tokens?: number;
  /** The system prompt: text, or text blocks (with cache_control). */
  system?: string | TextBlockParam[];
  /** Request metadata (the end user's id). */
  metadata?: MessageMetadata;
  /** Custom sequences that stop generation (stop_reason `"stop_sequence"`). */
  stop_sequences?: string[];
  /** True streams the answer as named server-sent events; the call resolves to a `MessageStream`. */
  stream?: boolean;
  /** Sampling temperature, 0 to 1 (the upstream's bound; default 1). */
  temperature?: number;
  /** Nucleus sampling mass, 0 to 1. */
  top_p?: number;
  /** Sample from the K most likely tokens; integer, at least 0. */
  top_k?: number;
  /** Tools the model may use (the function-calling variant). */
  tools?: ToolParam[];
  /** How the model uses the tools; see {@link ToolChoiceParam}. */
  tool_choice?: ToolChoiceParam;
  /** Extended thinking; see {@link ThinkingParam}. */
  thinking?: ThinkingParam;
  /** Upstream: `"auto"` or `"standard_only"` capacity; open. */
  service_tier?: string;
}

/** A request answered with one {@link Message}. */
export interface MessageCreateParamsNonStreaming extends MessageCreateParamsBase {
  /** False or absent: one {@link Message}. */
  stream?: false;
}
/** A request answered with a `MessageStream` (`stream: true`). */
export interface MessageCreateParamsStreaming extends MessageCreateParamsBase {
  /** True: named server-sent events, message_start to message_stop. */
  stream: true;
}
/** What `gw.messages.create` takes: streaming or not. */
export type MessageCreateParams = MessageCreateParamsNonStreaming | MessageCreateParamsStreaming;
