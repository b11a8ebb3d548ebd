/** gw.native: the native multimodal format on /v1beta/models/{model}:generateContent. */
import type { APIPromise, ClientContext } from "../../core/http/index.js";
import { EVENT_STREAM, path, type RequestOptions } from "../../core/http/index.js";
import { validate } from "../../core/validation/index.js";
import {
  type GenerateContentParsedStream,
  type NativeParseParams,
  type NativeParseParamsStreaming,
  type ParsedGenerateContentResponse,
  parseNative,
} from "./parse.js";
import { generateContentParams } from "./schema.js";
import { GenerateContentStream } from "./stream.js";
import type { GenerateContentParams, GenerateContentResponse } from "./types.js";

/** `gw.native`: the native multimodal format on /v1beta/models/{model}:generateContent. */
export class Native {
  constructor(private readonly client: ClientContext) {}

  /** One response. `model` goes into the path; the rest of the params is the body. */
  generateContent(
    params: GenerateContentParams,
    options?: RequestOptions,
  ): APIPromise<GenerateContentResponse> {
    return this.client.transport.json<GenerateContentResponse>(
      () => this.#spec(params, "generateContent", "native.generateContent"),
      options,
    );
  }

  /** A stream of partial responses (`:streamGenerateContent?alt=sse`). */
  streamGenerateContent(
    params: GenerateContentParams,
    options?: RequestOptions,
  ): APIPromise<GenerateContentStream> {
    return this.client.transport.connect(
      () => ({
        ...this.#spec(params, "streamGenerateContent", "native.streamGenerateContent"),
        query: { alt: "sse" },
        accept: EVENT_STREAM,
      }),
      options,
      GenerateContentStream.open,
    );
  }

  /** Structured output: `{ model, contents, schema }`, as responseMimeType + responseJsonSchema; see docs/structured-output.md. */
  parse<T>(
    params: NativeParseParamsStreaming<T>,
    options?: RequestOptions,
  ): Promise<GenerateContentParsedStream<T>>;
  parse<T>(params: NativeParseParams<T>, options?: RequestOptions): Promise<ParsedGenerateContentResponse<T>>;
  parse<T>(params: NativeParseParams<T> | NativeParseParamsStreaming<T>, options?: RequestOptions) {
    return parseNative(this, params, options);
  }

  #spec(params: GenerateContentParams, method: string, operation: string) {
    const { model, ...body } = validate(generateContentParams, params, operation, this.client.validation);
    // "models/gemini-2.5-flash" (as the official SDKs spell it) and "gemini-2.5-flash" are the same model.
    const id = model.replace(/^models\//, "");
    return {
      method: "POST",
      path: path`/v1beta/models/${id}:${method}`,
      body,
      policy: "idempotent",
    } as const;
  }
}
