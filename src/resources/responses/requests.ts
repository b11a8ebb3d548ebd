/**
 * What `gw.responses.create` takes, declared field by field. The spec declares
 * `{model, input: [{role, content: string}], stream}`; the rest follows the OpenAI Responses format
 * the gateway relays.
 */
// operations.ts holds the schema that checks it at run time; tests/types/responses.test-d.ts keeps
// the two together.
import type { ModelChoice } from "../../core/http/index.js";
import type { ResponsesModel } from "./models.js";
import type { ResponseObject, ResponseOutputItem } from "./results.js";

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

/**
 * The roles of a Responses input message. The spec types a role as any string, so the run-time
 * check refuses none: only the type is closed. Cast a role the gateway adds later (`"x" as ResponseRole`).
 */
export type ResponseRole = "user" | "assistant" | "system" | "developer";

/** A message of the input (the spec's `{role, content}`). */
export interface ResponseInputMessage {
  /** `"message"`, or absent. */
  type?: "message";
  /** `"user"`, `"assistant"`, `"system"` or `"developer"`. */
  role: ResponseRole;
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
