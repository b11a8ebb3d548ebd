/** Responses request types (from the schema) and the response/event types (parsed leniently). */
import type * as z from "zod/mini";
import type { ResponsesModel } from "./models.js";
import type {
  inputContent,
  inputItem,
  responseCreateParams,
  responseTool,
  responseToolChoice,
} from "./schema.js";

/**
 * An item of a Responses request's `input`: a message, or a function call output.
 * @useDeclaredType
 */
export type ResponseInputItem = z.input<typeof inputItem>;
/**
 * A content part of an input message: text or an image.
 * @useDeclaredType
 */
export type ResponseInputContent = z.input<typeof inputContent>;
/**
 * A tool the model may use: a function, or web search.
 * @useDeclaredType
 */
export type ResponseTool = z.input<typeof responseTool>;
/**
 * How the model chooses tools.
 * @useDeclaredType
 */
export type ResponseToolChoice = z.input<typeof responseToolChoice>;

/**
 * @inline
 * @useDeclaredType
 */
type Params = z.input<typeof responseCreateParams>;
/** The fields of a Responses request, checked against the spec's bounds before sending. */
export type ResponseCreateParamsBase = Omit<Params, "model" | "stream"> & { model: ResponsesModel };
/** A request answered with one {@link ResponseObject}. */
export type ResponseCreateParamsNonStreaming = ResponseCreateParamsBase & {
  stream?: false | null | undefined;
};
/** A request answered with a {@link ResponseStream} (`stream: true`). */
export type ResponseCreateParamsStreaming = ResponseCreateParamsBase & { stream: true };
/** What `gw.responses.create` takes: streaming or not. */
export type ResponseCreateParams = ResponseCreateParamsNonStreaming | ResponseCreateParamsStreaming;

/** Text in an output message. */
export interface ResponseOutputText {
  type: "output_text";
  text: string;
  /** url_citation annotations point at the pages a web search used. */
  annotations: Array<{ type: string; url?: string; title?: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

/** A refusal in an output message. */
export interface ResponseOutputRefusal {
  type: "refusal";
  refusal: string;
  [key: string]: unknown;
}

/** A message the model wrote. */
export interface ResponseOutputMessage {
  type: "message";
  id: string;
  role: "assistant";
  status: string;
  content: Array<ResponseOutputText | ResponseOutputRefusal>;
  [key: string]: unknown;
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
  [key: string]: unknown;
}

/** A web search the model ran. */
export interface ResponseWebSearchCall {
  type: "web_search_call";
  id: string;
  status: string;
  action?: { type: string; query?: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** A summary of the model's reasoning. */
export interface ResponseReasoningItem {
  type: "reasoning";
  id: string;
  summary: Array<{ type: "summary_text"; text: string }>;
  [key: string]: unknown;
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
  input_tokens_details?: { cached_tokens?: number; [key: string]: unknown };
  output_tokens_details?: { reasoning_tokens?: number; [key: string]: unknown };
  [key: string]: unknown;
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
  [key: string]: unknown;
}

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
  | (InPart & { type: "response.output_text.delta"; delta: string })
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
