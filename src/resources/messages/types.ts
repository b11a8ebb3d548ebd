/**
 * Messages request types (declared; `schema.ts` is the run-time check and
 * tests/types/messages.test-d.ts keeps the two together) and response/event types (parsed leniently).
 * The spec shows no fields for /v1/messages; these follow the Anthropic Messages format it relays.
 */
import type { ModelChoice } from "../../core/http/index.js";
import type { MessagesModel } from "./models.js";

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

/** One turn of a Messages conversation. */
export interface MessageParam {
  /** `"user"` or `"assistant"` upstream (the system prompt goes in `system`); sent as given. */
  role: "user" | "assistant" | (string & {});
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

/** Text the model wrote. */
export interface TextBlock {
  type: "text";
  text: string;
  citations?: unknown[] | null;
}

/** The model's thinking; send it back unchanged (with its signature) in the next turn. */
export interface ThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
}

/** Thinking the upstream encrypted; send it back unchanged. */
export interface RedactedThinkingBlock {
  type: "redacted_thinking";
  data: string;
}

/** A tool call (`tool_use`) or a server tool call such as a web search (`server_tool_use`). */
export interface ToolUseBlock {
  type: "tool_use" | "server_tool_use";
  id: string;
  name: string;
  /** The arguments, parsed from the streamed JSON once the block is complete. */
  input: unknown;
  /**
   * Only in a stream's snapshot() of a block that was cut off (abort, error): the JSON received so
   * far, which does not parse yet. Never in a completed block.
   */
  partial_json?: string;
  /** Who called the tool: the model directly (`{ type: "direct" }`) or a server tool (code execution). */
  caller?: { type: string; tool_id?: string };
}

/** The results of a server-side web search. */
export interface WebSearchToolResultBlock {
  type: "web_search_tool_result";
  tool_use_id: string;
  content: unknown;
  /** Who called the search (see ToolUseBlock.caller). */
  caller?: { type: string; tool_id?: string };
}

/** A block of a response message's content. */
export type ContentBlock =
  | TextBlock
  | ThinkingBlock
  | RedactedThinkingBlock
  | ToolUseBlock
  | WebSearchToolResultBlock;

/** Token counts of a message (`input_tokens` excludes cache reads and writes). */
export interface MessageUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  /** The cache writes by lifetime (part of `cache_creation_input_tokens`). */
  cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number } | null;
  /** Server tool requests billed with the message. */
  server_tool_use?: { web_search_requests: number; web_fetch_requests?: number } | null;
  /** Thinking tokens (part of `output_tokens`). */
  output_tokens_details?: { thinking_tokens: number } | null;
  service_tier?: string | null;
  /** Where the request was served (`inference_geo`). */
  inference_geo?: string | null;
}

/** Why the model stopped. */
export type StopReason = "end_turn" | "max_tokens" | "stop_sequence" | "tool_use" | "pause_turn" | "refusal";

/** A Messages-format response (`type: "message"`). */
export interface Message {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: ContentBlock[];
  stop_reason: StopReason | (string & {}) | null;
  stop_sequence: string | null;
  usage: MessageUsage;
  /** With `stop_reason: "refusal"`: what was refused and why, where the upstream says. */
  stop_details?: { type: "refusal"; category: string | null; explanation: string | null } | null;
  /** The code-execution container the request used (its id, for reuse). */
  container?: { id: string; expires_at: string } | null;
}

/** A piece of a content block in a stream. */
export type ContentBlockDelta =
  | { type: "text_delta"; text: string }
  | { type: "input_json_delta"; partial_json: string }
  | { type: "thinking_delta"; thinking: string }
  | { type: "signature_delta"; signature: string }
  | { type: "citations_delta"; citation: unknown };

/** Opens a stream: the message with empty content. */
export interface MessageStartEvent {
  type: "message_start";
  message: Message;
}
/** A content block begins at `index`. */
export interface ContentBlockStartEvent {
  type: "content_block_start";
  index: number;
  content_block: ContentBlock;
}
/** A piece of the content block at `index`. */
export interface ContentBlockDeltaEvent {
  type: "content_block_delta";
  index: number;
  delta: ContentBlockDelta;
}
/** The content block at `index` is complete. */
export interface ContentBlockStopEvent {
  type: "content_block_stop";
  index: number;
}
/** The stop reason and the cumulative usage, near the end of a stream. */
export interface MessageDeltaEvent {
  type: "message_delta";
  delta: {
    stop_reason: Message["stop_reason"];
    stop_sequence: string | null;
    stop_details?: Message["stop_details"];
    container?: Message["container"];
  };
  /** Cumulative: output_tokens, and the input/cache counts some relays repeat here. */
  usage: Partial<Record<keyof MessageUsage, unknown>> & { output_tokens: number };
}
/** Ends a stream. */
export interface MessageStopEvent {
  type: "message_stop";
}

/** The events of a Messages stream (`ping` is skipped; an `error` event is thrown as a typed error). */
export type MessageStreamEvent =
  | MessageStartEvent
  | ContentBlockStartEvent
  | ContentBlockDeltaEvent
  | ContentBlockStopEvent
  | MessageDeltaEvent
  | MessageStopEvent;
