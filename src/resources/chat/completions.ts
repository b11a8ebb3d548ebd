/** gw.chat.completions: every chat variant of the spec on /v1/chat/completions. */

import { ValidationError } from "../../core/errors/index.js";
import type { APIPromise, ClientContext } from "../../core/http/index.js";
import { accepts, operation, type RequestOptions } from "../../core/http/index.js";
import { tokenMeter } from "../../core/money/index.js";
import { implementation } from "../../lib/carried.js";
import type {
  ChatCompletionParsedStream,
  ChatCompletionParseParams,
  ChatCompletionParseParamsStreaming,
  ParsedChatCompletion,
} from "./parse.js";
import type {
  ChatCompletionCreateParams,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from "./requests.js";
import type { ChatCompletion } from "./results.js";
import type { ChatRunToolsParams, ChatStreamingToolRunner, ChatToolRunner } from "./run-tools.js";
import { chatCompletionParams } from "./schema.js";
import { ChatCompletionStream } from "./stream.js";

const CREATE = operation<ChatCompletionCreateParams>({
  name: "chat.completions.create",
  method: "POST",
  path: "/v1/chat/completions",
  policy: "idempotent",
  schema: chatCompletionParams,
  body: toWire,
  accept: accepts,
  // Billed per token: the usage answered, or n x the output limit and the prompt's bound.
  meter: tokenMeter<ChatCompletionCreateParams>({
    model: (params) => params.model as string,
    usage: (answer) => (answer as ChatCompletion).usage,
    declaresTools: (params) =>
      Boolean(params.tools?.length) ||
      (params.response_format != null && params.response_format.type !== "text"),
    limit: (params) => params.max_completion_tokens ?? params.max_tokens,
    limitField: "max_completion_tokens or max_tokens",
    choices: (params) => params.n,
  }),
});

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

  /** Structured output: `response_format: zodResponseFormat(schema, name)`; see docs/structured-output.md. */
  parse<T>(
    params: ChatCompletionParseParamsStreaming<T>,
    options?: RequestOptions,
  ): Promise<ChatCompletionParsedStream<T>>;
  parse<T>(params: ChatCompletionParseParams<T>, options?: RequestOptions): Promise<ParsedChatCompletion<T>>;
  parse<T>(
    params: ChatCompletionParseParams<T> | ChatCompletionParseParamsStreaming<T>,
    options?: RequestOptions,
  ) {
    return implementation<Promise<ParsedChatCompletion<T> | ChatCompletionParsedStream<T>>>(
      params.response_format,
      "chat.completions.parse",
      "response_format",
      "zodResponseFormat(schema, name)",
    )(this, params, options);
  }

  /** The tool loop over `defineTool` tools; see docs/tools.md. */
  runTools(params: ChatRunToolsParams & { stream: true }, options?: RequestOptions): ChatStreamingToolRunner;
  runTools(params: ChatRunToolsParams, options?: RequestOptions): ChatToolRunner;
  runTools(params: ChatRunToolsParams, options?: RequestOptions): ChatToolRunner<unknown> {
    return implementation<ChatToolRunner<unknown>>(
      params.tools?.[0],
      "chat.completions.runTools",
      "tools",
      "defineTool",
    )(this, params, options);
  }
}

/**
 * The spec calls the seed `seen`; the relayed format calls it `seed`. Accept either, send `seed`.
 * Streams ask for the usage chunk so that finalCompletion() carries usage (and a cost).
 */
function toWire(params: ChatCompletionCreateParams): Record<string, unknown> {
  const { seen, ...body } = params as ChatCompletionCreateParams & { seen?: number };
  if (seen !== undefined) {
    if (body.seed !== undefined && body.seed !== seen) {
      throw new ValidationError("chat.completions.create", [
        { path: "seen", rule: "conflict", message: "is the spec's name for seed; give one of seen and seed" },
      ]);
    }
    body.seed = seen;
  }
  if (body.stream && body.stream_options === undefined) body.stream_options = { include_usage: true };
  return body;
}
