/** gw.responses: the OpenAI Responses format on /v1/responses (plain, streaming, with web access). */

import type { APIPromise, ClientContext, RequestOptions } from "../../core/http/index.js";
import { implementationOf } from "../../lib/carried.js";
import { CREATE } from "./operations.js";
import { withOutputText } from "./output-text.js";
import {
  type ParsedResponse,
  RESPONSES_PARSE,
  type ResponseParsedStream,
  type ResponseParseParams,
  type ResponseParseParamsStreaming,
} from "./parse.js";
import type {
  ResponseCreateParams,
  ResponseCreateParamsNonStreaming,
  ResponseCreateParamsStreaming,
} from "./requests.js";
import type { ResponseObject } from "./results.js";
import {
  RESPONSES_RUN_TOOLS,
  type ResponseRunToolsParams,
  type ResponseStreamingToolRunner,
  type ResponseToolRunner,
} from "./run-tools.js";
import { ResponseStream } from "./stream.js";

/** `gw.responses`: the OpenAI Responses API on /v1/responses. */
export class Responses {
  constructor(private readonly client: ClientContext) {}

  /** Streams the answer: resolves, once the headers arrive, to a {@link ResponseStream}. */
  create(params: ResponseCreateParamsStreaming, options?: RequestOptions): APIPromise<ResponseStream>;
  /** Resolves to the whole {@link ResponseObject}. */
  create(params: ResponseCreateParamsNonStreaming, options?: RequestOptions): APIPromise<ResponseObject>;
  /**
   * Either, as `params.stream` says. Throws {@link ValidationError} before sending a request
   * that breaks the spec's bounds (unless `validation: 'off'`).
   */
  create(
    params: ResponseCreateParams,
    options?: RequestOptions,
  ): APIPromise<ResponseObject> | APIPromise<ResponseStream>;
  create(
    params: ResponseCreateParams,
    options?: RequestOptions,
  ): APIPromise<ResponseObject> | APIPromise<ResponseStream> {
    return this.client.transport.jsonOrStream(CREATE, params, options, ResponseStream.open, withOutputText);
  }

  /**
   * Structured output: `text: { format: zodTextFormat(schema, name) }`; see docs/structured-output.md.
   * Its code comes with that format (a bundle that does not use the helper carries none of it).
   */
  parse<T>(
    params: ResponseParseParamsStreaming<T>,
    options?: RequestOptions,
  ): Promise<ResponseParsedStream<T>>;
  parse<T>(params: ResponseParseParams<T>, options?: RequestOptions): Promise<ParsedResponse<T>>;
  async parse<T>(params: ResponseParseParams<T> | ResponseParseParamsStreaming<T>, options?: RequestOptions) {
    return implementationOf(RESPONSES_PARSE, params)(this, params, options) as Promise<
      ParsedResponse<T> | ResponseParsedStream<T>
    >;
  }

  /**
   * The tool loop over `defineTool` tools; see docs/tools.md. Its code comes with those tools (a
   * bundle without `defineTool` carries none of it).
   */
  runTools(
    params: ResponseRunToolsParams & { stream: true },
    options?: RequestOptions,
  ): ResponseStreamingToolRunner;
  runTools(params: ResponseRunToolsParams, options?: RequestOptions): ResponseToolRunner;
  runTools(params: ResponseRunToolsParams, options?: RequestOptions): ResponseToolRunner<unknown> {
    return implementationOf(RESPONSES_RUN_TOOLS, params)(this, params, options);
  }
}
