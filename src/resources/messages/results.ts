/** What `gw.messages.create` answers: messages and stream events, in the Anthropic format (parsed leniently). */

import type { RequestIdentified } from "../../core/http/index.js";
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
export interface Message extends RequestIdentified {
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
