/** gw.native: the native multimodal format on /v1beta/models/{model}:generateContent. */
import type { APIPromise, ClientContext, RequestOptions } from "../../core/http/index.js";
import { implementationOf } from "../../lib/carried.js";
import { GENERATE, STREAM } from "./operations.js";
import {
  type GenerateContentParsedStream,
  NATIVE_PARSE,
  type NativeParseParams,
  type NativeParseParamsStreaming,
  type ParsedGenerateContentResponse,
} from "./parse.js";
import type { GenerateContentParams } from "./requests.js";
import type { GenerateContentResponse } from "./results.js";
import { GenerateContentStream } from "./stream.js";

/** `gw.native`: the native multimodal format on /v1beta/models/{model}:generateContent. */
export class Native {
  constructor(private readonly client: ClientContext) {}

  /** One response. `model` goes into the path; the rest of the params is the body. */
  generateContent(
    params: GenerateContentParams,
    options?: RequestOptions,
  ): APIPromise<GenerateContentResponse> {
    return this.client.transport.call(GENERATE, params, options);
  }

  /** A stream of partial responses (`:streamGenerateContent?alt=sse`). */
  streamGenerateContent(
    params: GenerateContentParams,
    options?: RequestOptions,
  ): APIPromise<GenerateContentStream> {
    return this.client.transport.open(STREAM, params, options, (connection) =>
      GenerateContentStream.open(connection, params),
    );
  }

  /**
   * Structured output: `{ model, contents, schema }`, as responseMimeType + responseJsonSchema; see
   * docs/structured-output.md. Its code comes with the schema from `zodSchema` (a bundle that does
   * not use the helper carries none of it).
   */
  parse<T>(
    params: NativeParseParamsStreaming<T>,
    options?: RequestOptions,
  ): Promise<GenerateContentParsedStream<T>>;
  parse<T>(params: NativeParseParams<T>, options?: RequestOptions): Promise<ParsedGenerateContentResponse<T>>;
  async parse<T>(params: NativeParseParams<T> | NativeParseParamsStreaming<T>, options?: RequestOptions) {
    return implementationOf(NATIVE_PARSE, params)(this, params, options) as Promise<
      ParsedGenerateContentResponse<T> | GenerateContentParsedStream<T>
    >;
  }
}
