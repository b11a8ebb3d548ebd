/** What `gw.responses.create` answers: the response object and its stream events (parsed leniently). */

import type { RequestIdentified } from "../../core/http/index.js";
/** Text in an output message. */
export interface ResponseOutputText {
  type: "output_text";
  text: string;
  /** url_citation annotations point at the pages a web search used. */
  annotations: ResponseAnnotation[];
  /** Token log probabilities, with `include: ["message.output_text.logprobs"]`. */
  logprobs?: unknown[];
}

/**
 * A citation in output text: `url_citation` (a web page), `file_citation` and `container_file_citation`
 * (a file the tools used), `file_path` (a file the model made).
 */
export interface ResponseAnnotation {
  type: "url_citation" | "file_citation" | "container_file_citation" | "file_path" | (string & {});
  /** url_citation: the page. */
  url?: string;
  title?: string;
  /** Where the citation sits in the text. */
  start_index?: number;
  end_index?: number;
  /** The file of a file citation or file path. */
  file_id?: string;
  filename?: string;
  container_id?: string;
  index?: number;
}

/** A refusal in an output message. */
export interface ResponseOutputRefusal {
  type: "refusal";
  refusal: string;
}

/** A message the model wrote. */
export interface ResponseOutputMessage {
  type: "message";
  id: string;
  role: "assistant";
  status: string;
  content: Array<ResponseOutputText | ResponseOutputRefusal>;
  /** Whether the message is commentary on the way or the final answer (reasoning models). */
  phase?: "commentary" | "final_answer" | null;
}

/** A function call the model made. */
export interface ResponseFunctionCall {
  type: "function_call";
  id?: string;
  call_id: string;
  name: string;
  /** JSON text, assembled from the deltas when streamed. */
  arguments: string;
  status?: string;
}

/** A web search the model ran. */
export interface ResponseWebSearchCall {
  type: "web_search_call";
  id: string;
  status: string;
  /** What the search did: `search` (with `query`), `open_page` (`url`) or `find` (`pattern` in `url`). */
  action?: {
    type: "search" | "open_page" | "find" | (string & {});
    query?: string;
    url?: string;
    pattern?: string;
  };
}

/** A summary of the model's reasoning. */
export interface ResponseReasoningItem {
  type: "reasoning";
  id: string;
  summary: Array<{ type: "summary_text"; text: string }>;
  /** The reasoning text itself, where the upstream gives it. */
  content?: Array<{ type: "reasoning_text"; text: string }>;
  /** Opaque reasoning to send back in the next turn (with `include: ["reasoning.encrypted_content"]`). */
  encrypted_content?: string | null;
  status?: string;
}

/** An item of a response's `output`. */
export type ResponseOutputItem =
  | ResponseOutputMessage
  | ResponseFunctionCall
  | ResponseWebSearchCall
  | ResponseReasoningItem;

/** Token counts of a response (`cached_tokens` are part of `input_tokens`). */
export interface ResponseUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  input_tokens_details?: {
    cached_tokens?: number;
    /** Input tokens written to the cache (new-api InputTokenDetails.CacheWriteTokens). */
    cache_write_tokens?: number;
  };
  output_tokens_details?: { reasoning_tokens?: number };
}

/** A Responses-format response (`object: "response"`). */
export interface ResponseObject extends RequestIdentified {
  id: string;
  object: "response";
  created_at: number;
  status: "completed" | "failed" | "in_progress" | "incomplete" | "queued" | "cancelled" | (string & {});
  model: string;
  output: ResponseOutputItem[];
  usage?: ResponseUsage | null;
  error?: { code: string; message: string } | null;
  incomplete_details?: { reason?: string } | null;
  /** Added by genway (as openai-node does): the output_text parts of every message, joined. */
  output_text: string;
  // The request's settings, echoed by the upstream (openai-node's Response; a relay may leave them out).
  instructions?: string | unknown[] | null;
  metadata?: Record<string, string> | null;
  previous_response_id?: string | null;
  max_output_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  parallel_tool_calls?: boolean;
  tool_choice?: unknown;
  tools?: unknown[];
  text?: unknown;
  reasoning?: { effort?: string | null; summary?: string | null } | null;
  truncation?: "auto" | "disabled" | null;
  service_tier?: string | null;
  background?: boolean | null;
  /** Unix seconds when the response completed. */
  completed_at?: number | null;
  user?: string;
}

/** A Responses-format response, by the name openai-node gives it (the same type as {@link ResponseObject}). */
export type Response = ResponseObject;

/** @inline */
interface Located {
  sequence_number?: number;
  output_index: number;
}
/** @inline */
interface InPart extends Located {
  item_id: string;
  content_index: number;
}

/** The events of a Responses stream. `error` and `response.failed` are thrown as typed errors. */
export type ResponseStreamEvent =
  | {
      type:
        | "response.created"
        | "response.in_progress"
        | "response.completed"
        | "response.incomplete"
        | "response.queued";
      sequence_number?: number;
      response: ResponseObject;
    }
  | (Located & { type: "response.output_item.added" | "response.output_item.done"; item: ResponseOutputItem })
  | (InPart & {
      type: "response.content_part.added" | "response.content_part.done";
      part: ResponseOutputText | ResponseOutputRefusal;
    })
  | (InPart & {
      type: "response.output_text.delta";
      delta: string;
      logprobs?: unknown[];
      obfuscation?: string;
    })
  | (InPart & { type: "response.output_text.done"; text: string })
  | (InPart & {
      type: "response.output_text.annotation.added";
      annotation_index: number;
      annotation: ResponseOutputText["annotations"][number];
    })
  | (InPart & { type: "response.refusal.delta"; delta: string })
  | (InPart & { type: "response.refusal.done"; refusal: string })
  | (Located & { type: "response.function_call_arguments.delta"; item_id: string; delta: string })
  | (Located & { type: "response.function_call_arguments.done"; item_id: string; arguments: string })
  | (Located & {
      type:
        | "response.web_search_call.in_progress"
        | "response.web_search_call.searching"
        | "response.web_search_call.completed";
      item_id: string;
    })
  | (Located & {
      type: "response.reasoning_summary_part.added" | "response.reasoning_summary_part.done";
      item_id: string;
      summary_index: number;
      part: ResponseReasoningItem["summary"][number];
    })
  | (Located & {
      type: "response.reasoning_summary_text.delta";
      item_id: string;
      summary_index: number;
      delta: string;
    })
  | (Located & {
      type: "response.reasoning_summary_text.done";
      item_id: string;
      summary_index: number;
      /** The whole summary text (new-api's conversions send it as `part.text` instead). */
      text?: string;
      part?: ResponseReasoningItem["summary"][number];
    })
  | (InPart & { type: "response.reasoning_text.delta"; delta: string })
  | (InPart & { type: "response.reasoning_text.done"; text: string });
