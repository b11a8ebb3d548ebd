/**
 * `gw.responses.parse`: structured output in the Responses format. How a response reads as a
 * structured answer (output_text, a refusal part, an incomplete status); the rest travels with the
 * `text.format` that `zodTextFormat` made, which carries {@link parseResponse} to the method under
 * {@link RESPONSES_PARSE} (lib/carried.ts).
 */
import type { RequestOptions } from "../../core/http/index.js";
import { field, part } from "../../lib/answer-shape.js";
import { carriedMethod } from "../../lib/carried.js";
import type { Carrying, StructuredStream } from "../../lib/index.js";
import type { StructuredAnswer } from "../../lib/outcome.js";
import type { OutputParser } from "../../lib/output.js";
import type {
  ResponseCreateParamsNonStreaming,
  ResponseCreateParamsStreaming,
  ResponseTextConfig,
  ResponseTextFormat,
} from "./requests.js";
import type { ResponseObject } from "./results.js";
import type { ResponseStream } from "./stream.js";

/** A json_schema text format that carries its validator (made by `zodTextFormat`). */
export type ResponseParseableFormat<T> = Carrying<Extract<ResponseTextFormat, { type: "json_schema" }>, T>;

const OPERATION = "responses.parse";

/** A response with the validated object (null when the model called tools instead of answering). */
export interface ParsedResponse<T> extends ResponseObject {
  output_parsed: T | null;
}

interface ParseableText<T> extends Omit<ResponseTextConfig, "format"> {
  format: ResponseParseableFormat<T>;
}

/** `parse` params: a Responses request whose `text.format` came from `zodTextFormat`. */
export interface ResponseParseParams<T> extends Omit<ResponseCreateParamsNonStreaming, "text"> {
  text: ParseableText<T>;
}

/** `parse` params, streamed: the stream adds `partialObjects()` and `finalParsed()`. */
export interface ResponseParseParamsStreaming<T> extends Omit<ResponseCreateParamsStreaming, "text"> {
  text: ParseableText<T>;
}

/** A Responses stream with `partialObjects()` and `finalParsed()`. */
export type ResponseParsedStream<T> = ResponseStream & StructuredStream<T>;

/** What parse needs of `gw.responses` (structural, so this file imports no class). */
export interface ResponsesCreate {
  create(params: ResponseCreateParamsNonStreaming, options?: RequestOptions): PromiseLike<ResponseObject>;
  create(params: ResponseCreateParamsStreaming, options?: RequestOptions): PromiseLike<ResponseStream>;
}

/** A response's output items, checked to be a list (a MalformedResponseError otherwise). */
export function outputOf(response: ResponseObject, operation: string): ResponseObject["output"] {
  return part<ResponseObject["output"]>(field(response, "output"), "output", "a list", operation, response);
}

/** A response as a structured answer: output_text, a refusal part, an incomplete status. */
function answerOf(response: ResponseObject): StructuredAnswer {
  const refusal = outputOf(response, OPERATION)
    .flatMap((item) => (item?.type === "message" ? item.content : []))
    .find((part) => part?.type === "refusal");
  const reason = response.incomplete_details?.reason;
  return {
    raw: response.output_text,
    refusal: refusal?.type === "refusal" ? refusal.refusal : reason === "content_filter" ? reason : undefined,
    truncated: response.status === "incomplete" ? (reason ?? "incomplete") : undefined,
  };
}

/**
 * `gw.responses.parse`: {@link parseResponse} with the format's parser bound, as the format
 * `zodTextFormat(schema, name)` makes carries it.
 */
export const RESPONSES_PARSE = carriedMethod<
  (
    responses: ResponsesCreate,
    params: ResponseParseParams<unknown> | ResponseParseParamsStreaming<unknown>,
    options?: RequestOptions,
  ) => Promise<ParsedResponse<unknown> | ResponseParsedStream<unknown>>
>(OPERATION, "text.format", "zodTextFormat(schema, name)");

/** `gw.responses.parse`, not streamed or streamed. */
export async function parseResponse<T>(
  responses: ResponsesCreate,
  parser: OutputParser<T>,
  params: ResponseParseParams<T> | ResponseParseParamsStreaming<T>,
  options?: RequestOptions,
): Promise<ParsedResponse<T> | ResponseParsedStream<T>> {
  if (params.stream === true) {
    const stream = await responses.create(params, options);
    return parser.stream(
      stream,
      {
        delta: (event) => (event.type === "response.output_text.delta" ? event.delta : undefined),
        final: () => stream.finalResponse(),
        answer: answerOf,
      },
      OPERATION,
    );
  }
  const response = (await responses.create(
    params as ResponseCreateParamsNonStreaming,
    options,
  )) as ParsedResponse<T>;
  const onlyTools =
    !response.output_text && outputOf(response, OPERATION).some((item) => item?.type === "function_call");
  response.output_parsed = onlyTools ? null : await parser.read(answerOf(response), OPERATION);
  return response;
}
