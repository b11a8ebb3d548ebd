/** gw.chat.completions: every chat variant of the spec on /v1/chat/completions. */

import type { APIPromise, ClientContext, RequestOptions } from "../../core/http/index.js";
import { implementationOf } from "../../lib/carried.js";
import { CREATE } from "./operations.js";
import {
  CHAT_PARSE,
  type ChatCompletionParsedStream,
  type ChatCompletionParseParams,
  type ChatCompletionParseParamsStreaming,
  type ParsedChatCompletion,
} from "./parse.js";
import type {
  ChatCompletionCreateParams,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from "./requests.js";
import type { ChatCompletion } from "./results.js";
import {
  CHAT_RUN_TOOLS,
  type ChatRunToolsParams,
  type ChatStreamingToolRunner,
  type ChatToolRunner,
} from "./run-tools.js";
import { ChatCompletionStream } from "./stream.js";

/** `gw.chat.completions`: every chat variant of the spec on /v1/chat/completions. */
export class ChatCompletions {
  constructor(private readonly client: ClientContext) {}

  /** Streams the answer: resolves, once the headers arrive, to a {@link ChatCompletionStream}. */
  create(
    params: ChatCompletionCreateParamsStreaming,
    options?: RequestOptions,
  ): APIPromise<ChatCompletionStream>;
  /** Resolves to the whole {@link ChatCompletion}. */
  create(
    params: ChatCompletionCreateParamsNonStreaming,
    options?: RequestOptions,
  ): APIPromise<ChatCompletion>;
  /**
   * Either, as `params.stream` says. Throws {@link ValidationError} before sending a request
   * that breaks the spec's bounds (unless `validation: 'off'`).
   */
  create(
    params: ChatCompletionCreateParams,
    options?: RequestOptions,
  ): APIPromise<ChatCompletion> | APIPromise<ChatCompletionStream>;
  create(
    params: ChatCompletionCreateParams,
    options?: RequestOptions,
  ): APIPromise<ChatCompletion> | APIPromise<ChatCompletionStream> {
    return this.client.transport.jsonOrStream<
      ChatCompletion,
      ChatCompletionStream,
      ChatCompletionCreateParams
    >(CREATE, params, options, (connection) => ChatCompletionStream.open(connection, params));
  }

  /**
   * Structured output: `response_format: zodResponseFormat(schema, name)`; see docs/structured-output.md.
   * Its code comes with that format (a bundle that does not use the helper carries none of it).
   */
  parse<T>(
    params: ChatCompletionParseParamsStreaming<T>,
    options?: RequestOptions,
  ): Promise<ChatCompletionParsedStream<T>>;
  parse<T>(params: ChatCompletionParseParams<T>, options?: RequestOptions): Promise<ParsedChatCompletion<T>>;
  async parse<T>(
    params: ChatCompletionParseParams<T> | ChatCompletionParseParamsStreaming<T>,
    options?: RequestOptions,
  ) {
    return implementationOf(CHAT_PARSE, params)(this, params, options) as Promise<
      ParsedChatCompletion<T> | ChatCompletionParsedStream<T>
    >;
  }

  /**
   * The tool loop over `defineTool` tools; see docs/tools.md. Its code comes with those tools (a
   * bundle without `defineTool` carries none of it).
   */
  runTools(params: ChatRunToolsParams & { stream: true }, options?: RequestOptions): ChatStreamingToolRunner;
  runTools(params: ChatRunToolsParams, options?: RequestOptions): ChatToolRunner;
  runTools(params: ChatRunToolsParams, options?: RequestOptions): ChatToolRunner<unknown> {
    return implementationOf(CHAT_RUN_TOOLS, params)(this, params, options);
  }
}
