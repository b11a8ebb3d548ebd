/** gw.messages: the Anthropic Messages format on /v1/messages (plain, image recognition, function calling). */
import type { APIPromise, ClientContext, RequestOptions } from "../../core/http/index.js";
import { implementationOf } from "../../lib/carried.js";
import { CREATE } from "./operations.js";
import {
  MESSAGES_PARSE,
  type MessageParsedStream,
  type MessageParseParams,
  type MessageParseParamsStreaming,
  type ParsedMessage,
} from "./parse.js";
import type {
  MessageCreateParams,
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
} from "./requests.js";
import type { Message } from "./results.js";
import {
  MESSAGES_RUN_TOOLS,
  type MessageRunToolsParams,
  type MessageStreamingToolRunner,
  type MessageToolRunner,
} from "./run-tools.js";
import { MessageStream } from "./stream.js";

/** `gw.messages`: the Anthropic-format Messages API on /v1/messages. */
export class Messages {
  constructor(private readonly client: ClientContext) {}

  /** Streams the answer: resolves, once the headers arrive, to a {@link MessageStream}. */
  create(params: MessageCreateParamsStreaming, options?: RequestOptions): APIPromise<MessageStream>;
  /** Resolves to the whole {@link Message}. */
  create(params: MessageCreateParamsNonStreaming, options?: RequestOptions): APIPromise<Message>;
  /**
   * Either, as `params.stream` says. Throws {@link ValidationError} before sending a request
   * that breaks the spec's bounds (unless `validation: 'off'`).
   */
  create(
    params: MessageCreateParams,
    options?: RequestOptions,
  ): APIPromise<Message> | APIPromise<MessageStream>;
  create(
    params: MessageCreateParams,
    options?: RequestOptions,
  ): APIPromise<Message> | APIPromise<MessageStream> {
    return this.client.transport.jsonOrStream<Message, MessageStream, MessageCreateParams>(
      CREATE,
      params,
      options,
      MessageStream.open,
    );
  }

  /**
   * Structured output through a forced tool: `{ ...params, schema }`; see docs/structured-output.md.
   * Its code comes with the schema from `zodSchema` (a bundle that does not use the helper carries
   * none of it).
   */
  parse<T>(params: MessageParseParamsStreaming<T>, options?: RequestOptions): Promise<MessageParsedStream<T>>;
  parse<T>(params: MessageParseParams<T>, options?: RequestOptions): Promise<ParsedMessage<T>>;
  async parse<T>(params: MessageParseParams<T> | MessageParseParamsStreaming<T>, options?: RequestOptions) {
    return implementationOf(MESSAGES_PARSE, params)(this, params, options) as Promise<
      ParsedMessage<T> | MessageParsedStream<T>
    >;
  }

  /**
   * The tool loop over `defineTool` tools; see docs/tools.md. Its code comes with those tools (a
   * bundle without `defineTool` carries none of it).
   */
  runTools(
    params: MessageRunToolsParams & { stream: true },
    options?: RequestOptions,
  ): MessageStreamingToolRunner;
  runTools(params: MessageRunToolsParams, options?: RequestOptions): MessageToolRunner;
  runTools(params: MessageRunToolsParams, options?: RequestOptions): MessageToolRunner<unknown> {
    return implementationOf(MESSAGES_RUN_TOOLS, params)(this, params, options);
  }
}
