/** gw.messages: the Anthropic Messages format on /v1/messages (plain, image recognition, function calling). */
import type { APIPromise, ClientContext, RequestOptions } from "../../core/http/index.js";
import { implementation } from "../../lib/carried.js";
import { CREATE } from "./operations.js";
import type {
  MessageParsedStream,
  MessageParseParams,
  MessageParseParamsStreaming,
  ParsedMessage,
} from "./parse.js";
import type {
  MessageCreateParams,
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
} from "./requests.js";
import type { Message } from "./results.js";
import type { MessageRunToolsParams, MessageStreamingToolRunner, MessageToolRunner } from "./run-tools.js";
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

  /** Structured output through a forced tool: `{ ...params, schema }`; see docs/structured-output.md. */
  parse<T>(params: MessageParseParamsStreaming<T>, options?: RequestOptions): Promise<MessageParsedStream<T>>;
  parse<T>(params: MessageParseParams<T>, options?: RequestOptions): Promise<ParsedMessage<T>>;
  parse<T>(params: MessageParseParams<T> | MessageParseParamsStreaming<T>, options?: RequestOptions) {
    return implementation<Promise<ParsedMessage<T> | MessageParsedStream<T>>>(
      params.schema,
      "messages.parse",
      "schema",
      "zodSchema(schema)",
    )(this, params, options);
  }

  /** The tool loop over `defineTool` tools; see docs/tools.md. */
  runTools(
    params: MessageRunToolsParams & { stream: true },
    options?: RequestOptions,
  ): MessageStreamingToolRunner;
  runTools(params: MessageRunToolsParams, options?: RequestOptions): MessageToolRunner;
  runTools(params: MessageRunToolsParams, options?: RequestOptions): MessageToolRunner<unknown> {
    return implementation<MessageToolRunner<unknown>>(
      params.tools?.[0],
      "messages.runTools",
      "tools",
      "defineTool",
    )(this, params, options);
  }
}
