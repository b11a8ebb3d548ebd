/** gw.messages: the Anthropic Messages format on /v1/messages (plain, image recognition, function calling). */
import type { APIPromise, ClientContext } from "../../core/http/index.js";
import { accepts, type RequestOptions } from "../../core/http/index.js";
import { validate } from "../../core/validation/index.js";
import {
  type MessageParsedStream,
  type MessageParseParams,
  type MessageParseParamsStreaming,
  type ParsedMessage,
  parseMessage,
} from "./parse.js";
import {
  type MessageRunToolsParams,
  type MessageStreamingToolRunner,
  type MessageToolRunner,
  runMessageTools,
} from "./run-tools.js";
import { messageCreateParams } from "./schema.js";
import { MessageStream } from "./stream.js";
import type {
  Message,
  MessageCreateParams,
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
} from "./types.js";

const PATH = "/v1/messages";

/** The format version the Anthropic SDK sends; relays pass it on. A caller's own header wins. */
const ANTHROPIC_VERSION = "2023-06-01";

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
    const spec = () => {
      const body = validate(messageCreateParams, params, "messages.create", this.client.validation);
      return { method: "POST", path: PATH, body, policy: "idempotent", accept: accepts(params) } as const;
    };
    const withVersion = { ...options, headers: versioned(options?.headers) };
    if (params.stream !== true) return this.client.transport.json<Message>(spec, withVersion);
    return this.client.transport.connect(spec, withVersion, MessageStream.open);
  }

  /** Structured output through a forced tool: `{ ...params, schema }`; see docs/structured-output.md. */
  parse<T>(params: MessageParseParamsStreaming<T>, options?: RequestOptions): Promise<MessageParsedStream<T>>;
  parse<T>(params: MessageParseParams<T>, options?: RequestOptions): Promise<ParsedMessage<T>>;
  parse<T>(params: MessageParseParams<T> | MessageParseParamsStreaming<T>, options?: RequestOptions) {
    return parseMessage(this, params, options);
  }

  /** The tool loop over `defineTool` tools; see docs/tools.md. */
  runTools(
    params: MessageRunToolsParams & { stream: true },
    options?: RequestOptions,
  ): MessageStreamingToolRunner;
  runTools(params: MessageRunToolsParams, options?: RequestOptions): MessageToolRunner;
  runTools(params: MessageRunToolsParams, options?: RequestOptions): MessageToolRunner<unknown> {
    return runMessageTools(this, params, options);
  }
}

function versioned(headers: RequestOptions["headers"]): Record<string, string | undefined> {
  const own = headers instanceof Headers ? Object.fromEntries(headers) : headers;
  return { "anthropic-version": ANTHROPIC_VERSION, ...own };
}
