/** gw.messages: the Anthropic Messages format on /v1/messages (plain, image recognition, function calling). */
import type { APIPromise, ClientContext } from "../../core/http/index.js";
import { accepts, operation, type RequestOptions } from "../../core/http/index.js";
import { messageCreateParams } from "./schema.js";
import { MessageStream } from "./stream.js";
import type {
  Message,
  MessageCreateParams,
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
} from "./types.js";

const CREATE = operation<MessageCreateParams>({
  name: "messages.create",
  method: "POST",
  path: "/v1/messages",
  policy: "idempotent",
  schema: messageCreateParams,
  accept: accepts,
  // The format version the Anthropic SDK sends; relays pass it on. A caller's own header wins.
  headers: { "anthropic-version": "2023-06-01" },
});

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
}
