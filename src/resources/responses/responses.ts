/** gw.responses: the OpenAI Responses format on /v1/responses (plain, streaming, with web access). */

import type { APIPromise, ClientContext, RequestOptions } from "../../core/http/index.js";
import { implementation } from "../../lib/carried.js";
import { CREATE } from "./operations.js";
import { withOutputText } from "./output-text.js";
import type {
  ParsedResponse,
  ResponseParsedStream,
  ResponseParseParams,
  ResponseParseParamsStreaming,
} from "./parse.js";
import type {
  ResponseCreateParams,
  ResponseCreateParamsNonStreaming,
  ResponseCreateParamsStreaming,
} from "./requests.js";
import type { ResponseObject } from "./results.js";
import type { ResponseRunToolsParams, ResponseStreamingToolRunner, ResponseToolRunner } from "./run-tools.js";
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

  /** Structured output: `text: { format: zodTextFormat(schema, name) }`; see docs/structured-output.md. */
  parse<T>(
    params: ResponseParseParamsStreaming<T>,
    options?: RequestOptions,
  ): Promise<ResponseParsedStream<T>>;
  parse<T>(params: ResponseParseParams<T>, options?: RequestOptions): Promise<ParsedResponse<T>>;
  parse<T>(params: ResponseParseParams<T> | ResponseParseParamsStreaming<T>, options?: RequestOptions) {
    return implementation<Promise<ParsedResponse<T> | ResponseParsedStream<T>>>(
      params.text?.format,
      "responses.parse",
      "text.format",
      "zodTextFormat(schema, name)",
    )(this, params, options);
  }

  /** The tool loop over `defineTool` tools; see docs/tools.md. */
  runTools(
    params: ResponseRunToolsParams & { stream: true },
    options?: RequestOptions,
  ): ResponseStreamingToolRunner;
  runTools(params: ResponseRunToolsParams, options?: RequestOptions): ResponseToolRunner;
  runTools(params: ResponseRunToolsParams, options?: RequestOptions): ResponseToolRunner<unknown> {
    return implementation<ResponseToolRunner<unknown>>(
      params.tools?.[0],
      "responses.runTools",
      "tools",
      "defineTool",
    )(this, params, options);
  }
}
