/** Messages request types (from the schema) and response/event types (parsed leniently). */
import type * as z from "zod/mini";
import type { MessagesModel } from "./models.js";
import type {
  contentBlockParam,
  customTool,
  messageCreateParams,
  messageParam,
  thinkingParam,
  toolChoiceParam,
  toolParam,
} from "./schema.js";

/**
 * One turn of a Messages conversation: a user or assistant message.
 * @useDeclaredType
 */
export type MessageParam = z.input<typeof messageParam>;
/**
 * A content block of a request message: text, image, tool use, tool result ...
 * @useDeclaredType
 */
export type ContentBlockParam = z.input<typeof contentBlockParam>;
/**
 * A tool the model may use: a custom tool or a server tool such as web search.
 * @useDeclaredType
 */
export type ToolParam = z.input<typeof toolParam>;
/**
 * A custom tool described by a JSON schema.
 * @useDeclaredType
 */
export type CustomToolParam = z.input<typeof customTool>;
/**
 * How the model chooses tools: `auto`, `any`, `none` or one tool.
 * @useDeclaredType
 */
export type ToolChoiceParam = z.input<typeof toolChoiceParam>;
/**
 * Extended thinking: enabled with a token budget, or disabled.
 * @useDeclaredType
 */
export type ThinkingParam = z.input<typeof thinkingParam>;

/**
 * @inline
 * @useDeclaredType
 */
type Params = z.input<typeof messageCreateParams>;
/** The fields of a Messages request, checked against the spec's bounds before sending. */
export type MessageCreateParamsBase = Omit<Params, "model" | "stream"> & { model: MessagesModel };
/** A request answered with one {@link Message}. */
export type MessageCreateParamsNonStreaming = MessageCreateParamsBase & { stream?: false | undefined };
/** A request answered with a {@link MessageStream} (`stream: true`). */
export type MessageCreateParamsStreaming = MessageCreateParamsBase & { stream: true };
/** What `gw.messages.create` takes: streaming or not. */
export type MessageCreateParams = MessageCreateParamsNonStreaming | MessageCreateParamsStreaming;

/** Text the model wrote. */
export interface TextBlock {
  type: "text";
  text: string;
  citations?: unknown[] | null;
  [key: string]: unknown;
}

/** The model's thinking; send it back unchanged (with its signature) in the next turn. */
export interface ThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
  [key: string]: unknown;
}

/** Thinking the upstream encrypted; send it back unchanged. */
export interface RedactedThinkingBlock {
  type: "redacted_thinking";
  data: string;
  [key: string]: unknown;
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
  [key: string]: unknown;
}

/** The results of a server-side web search. */
export interface WebSearchToolResultBlock {
  type: "web_search_tool_result";
  tool_use_id: string;
  content: unknown;
  [key: string]: unknown;
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
  service_tier?: string | null;
  [key: string]: unknown;
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
  [key: string]: unknown;
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
  delta: { stop_reason: Message["stop_reason"]; stop_sequence: string | null; [key: string]: unknown };
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
