/**
 * Responses request types (declared; `schema.ts` is the run-time check and
 * tests/types/responses.test-d.ts keeps the two together) and the response/event types (parsed
 * leniently). The spec declares `{model, input: [{role, content: string}], stream}`; the rest
 * follows the OpenAI Responses format the gateway relays.
 */
import type { ModelChoice } from "../../core/http/index.js";
import type { ResponsesModel } from "./models.js";

/** Text in an input message. */
export interface ResponseInputText {
  /** The part type. */
  type: "input_text";
  /** The text. */
  text: string;
}

/** An image in an input message. */
export interface ResponseInputImage {
  /** The part type. */
  type: "input_image";
  /** An https URL or a `data:image/...;base64,` URL. */
  image_url?: string | null;
  /** The id of an uploaded file, instead of image_url. */
  file_id?: string | null;
  /** `"auto"` (default), `"low"` or `"high"` upstream; open. */
  detail?: "auto" | "low" | "high" | (string & {});
}

/**
 * A content part of an input message. Part types the gateway adds later (input_file, input_audio
 * ...) pass through at run time (give them with a cast).
 */
export type ResponseInputContent = ResponseInputText | ResponseInputImage;

/** A message of the input (the spec's `{role, content}`). */
export interface ResponseInputMessage {
  /** `"message"`, or absent. */
  type?: "message";
  /**
   * `"user"`, `"assistant"`, `"system"` or `"developer"` upstream. The spec types it as a string, so
   * any role is sent as given.
   */
  role: "user" | "assistant" | "system" | "developer" | (string & {});
  /** The text (as the spec declares it), or content parts (text, images). */
  content: string | ResponseInputContent[];
}

/** The result of a function call, sent back to the model. */
export interface ResponseFunctionCallOutputItem {
  /** The item type. */
  type: "function_call_output";
  /** The `call_id` of the function_call this answers. */
  call_id: string;
  /** The result, as text (usually JSON). */
  output: string;
}

/** A function call of an earlier turn, sent back in the input (when not using previous_response_id). */
export interface ResponseFunctionCallItem {
  /** The item type. */
  type: "function_call";
  /** The call's id, echoed by its function_call_output. */
  call_id: string;
  /** The function's name. */
  name: string;
  /** The arguments, as JSON text. */
  arguments: string;
  /** The item's id, as the response gave it. */
  id?: string;
}

/** An earlier item, by id. */
export interface ResponseItemReference {
  /** The item type. */
  type: "item_reference";
  /** The id of the item. */
  id: string;
}

/**
 * An item of a Responses request's `input`: a message, a function call or its output, a
 * reference, or an item of an earlier response's `output` sent back as it came. Item types the gateway adds later (reasoning ...) pass through at run time.
 */
export type ResponseInputItem =
  | ResponseInputMessage
  | ResponseFunctionCallOutputItem
  | ResponseFunctionCallItem
  | ResponseItemReference
  | ResponseOutputItem;

/** A function the model may call. */
export interface ResponseFunctionTool {
  /** The tool type. */
  type: "function";
  /** The function's name (upstream: letters, digits, `_`, `-`, at most 64; the gateway checks). Not empty. */
  name: string;
  /** What the function does. */
  description?: string | null;
  /** The arguments, as a JSON Schema object. */
  parameters?: Record<string, unknown> | null;
  /** Follow the schema exactly. */
  strict?: boolean | null;
}

/** Web access (the spec's "with web access" variant): the upstream searches and cites the pages. */
export interface ResponseWebSearchTool {
  /** `"web_search"` or `"web_search_preview"` (or one of their dated versions). */
  type: "web_search" | "web_search_preview" | "web_search_preview_2025_03_11" | "web_search_2025_08_26";
  /** How much context to gather: `"low"`, `"medium"` (default) or `"high"`; open. */
  search_context_size?: "low" | "medium" | "high" | (string & {});
  /** Where the user is, to localise results. */
  user_location?: {
    /** Always `"approximate"`. */
    type?: "approximate";
    /** City. */
    city?: string | null;
    /** Region or state. */
    region?: string | null;
    /** Two-letter country code. */
    country?: string | null;
    /** IANA time zone. */
    timezone?: string | null;
  } | null;
}

/**
 * A tool the model may use: a function, or web search. Other hosted tools (file_search, mcp,
 * code_interpreter ...) pass through at run time (give them with a cast).
 */
export type ResponseTool = ResponseFunctionTool | ResponseWebSearchTool;

/**
 * How the model chooses tools: `"none"`, `"auto"`, `"required"`, one function, or a hosted tool
 * (`{ type: "web_search_preview" }`).
 */
export type ResponseToolChoice =
  | "none"
  | "auto"
  | "required"
  | {
      /** Call this function. */
      type: "function";
      /** Its name: one of `tools`. */
      name: string;
    }
  | {
      /** Use this hosted tool, e.g. `"web_search_preview"`. */
      type: ResponseWebSearchTool["type"] | (string & {});
    };

/**
 * Reasoning models: how hard to think. Known efforts plus any string (the list grows with each
 * model generation).
 */
export type ReasoningEffort = "none" | "minimal" | "low" | "medium" | "high" | "xhigh" | (string & {});

/** Reasoning settings. */
export interface ResponseReasoning {
  /** How hard to think; open ({@link ReasoningEffort}). */
  effort?: ReasoningEffort | null;
  /** A summary of the reasoning: `"auto"`, `"concise"` or `"detailed"`; open. */
  summary?: "auto" | "concise" | "detailed" | (string & {}) | null;
}

/** The output format: plain text, JSON mode, or structured output following a JSON Schema. */
export type ResponseTextFormat =
  | {
      /** `"text"` (default) or `"json_object"` (JSON mode: the prompt must ask for JSON). */
      type: "text" | "json_object";
    }
  | {
      /** Structured output. */
      type: "json_schema";
      /** The schema's name. Not empty. */
      name: string;
      /** The JSON Schema the output follows. */
      schema: Record<string, unknown>;
      /** What the output is for. */
      description?: string;
      /** Follow the schema exactly. */
      strict?: boolean | null;
    };

/** Text output settings. */
export interface ResponseTextConfig {
  /** The output format; see {@link ResponseTextFormat}. */
  format?: ResponseTextFormat;
  /** `"low"`, `"medium"` or `"high"` verbosity (newer models); open. */
  verbosity?: "low" | "medium" | "high" | (string & {}) | null;
}

/**
 * The fields of a Responses request (plain, streaming, with web access). Only `model` and `input`
 * are required. Fields a newer gateway adds go through `RequestOptions.extra_body`.
 */
export interface ResponseCreateParamsBase {
  /** The model, e.g. `"gpt-5"`, `"o3"`: any id the gateway relays. Required. */
  model: ModelChoice<ResponsesModel>;
  /**
   * The input: a non-empty string, or a non-empty list of items (the spec's `[{role, content}]`,
   * content parts, function call outputs). Required.
   */
  input: string | ResponseInputItem[];
  /** A system (developer) message put before the input. */
  instructions?: string | null;
  /**
   * True streams named server-sent events (response.created ... response.completed); the call then
   * resolves to a `ResponseStream`. The spec requires it only in the streaming variant.
   */
  stream?: boolean | null;
  /** Tools the model may use: functions, web search. */
  tools?: ResponseTool[];
  /** How the model chooses tools; see {@link ResponseToolChoice}. */
  tool_choice?: ResponseToolChoice;
  /** Allow several tool calls in one turn. */
  parallel_tool_calls?: boolean | null;
  /** Maximum output tokens, reasoning included; integer, at least 16 (upstream bound). */
  max_output_tokens?: number | null;
  /** Maximum calls to hosted tools in the response; integer, at least 1. */
  max_tool_calls?: number | null;
  /** Sampling temperature, 0 to 2. */
  temperature?: number | null;
  /** Nucleus sampling mass, 0 to 1. */
  top_p?: number | null;
  /** With `include: ["message.output_text.logprobs"]`: alternatives per token (integer, at least 0). */
  top_logprobs?: number | null;
  /** Continue from a stored response: the model sees its input and output. */
  previous_response_id?: string | null;
  /** Store the response upstream (default true), so previous_response_id can refer to it. */
  store?: boolean | null;
  /** Run in the background and poll (upstream). */
  background?: boolean | null;
  /** A unique end-user identifier, for abuse monitoring. */
  user?: string;
  /** Up to 16 key-value pairs (keys at most 64 characters, values at most 512; upstream bounds). */
  metadata?: Record<string, string> | null;
  /** Reasoning settings: `effort` (open) and `summary`. */
  reasoning?: ResponseReasoning | null;
  /** `"auto"` drops input from the middle when the context overflows; `"disabled"` (default) fails. Open. */
  truncation?: "auto" | "disabled" | (string & {}) | null;
  /** Extra output to include, e.g. `"web_search_call.action.sources"`, `"reasoning.encrypted_content"`. */
  include?: string[] | null;
  /** Text output settings: format (JSON mode, JSON schema) and verbosity. */
  text?: ResponseTextConfig | null;
  /** The processing tier, e.g. `"auto"`, `"default"`, `"flex"`, `"priority"`; open. */
  service_tier?: string | null;
}

/** A request answered with one {@link ResponseObject}. */
export interface ResponseCreateParamsNonStreaming extends ResponseCreateParamsBase {
  /** False or absent: one response object. */
  stream?: false | null;
}
/** A request answered with a `ResponseStream` (`stream: true`). */
export interface ResponseCreateParamsStreaming extends ResponseCreateParamsBase {
  /** True: named server-sent events, response.created to response.completed. */
  stream: true;
}
/** What `gw.responses.create` takes: streaming or not. */
export type ResponseCreateParams = ResponseCreateParamsNonStreaming | ResponseCreateParamsStreaming;

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
export interface ResponseObject {
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
      type: "response.reasoning_summary_text.delta";
      item_id: string;
      summary_index: number;
      delta: string;
    });
