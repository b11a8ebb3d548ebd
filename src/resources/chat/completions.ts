/** gw.chat.completions: every chat variant of the spec on /v1/chat/completions. */

import { ValidationError } from "../../core/errors/index.js";
import type { APIPromise, ClientContext } from "../../core/http/index.js";
import { accepts, operation, type RequestOptions } from "../../core/http/index.js";
import { implementationOf } from "../../lib/carried.js";
import {
  CHAT_PARSE,
  type ChatCompletionParsedStream,
  type ChatCompletionParseParams,
  type ChatCompletionParseParamsStreaming,
  type ParsedChatCompletion,
} from "./parse.js";
import {
  CHAT_RUN_TOOLS,
  type ChatRunToolsParams,
  type ChatStreamingToolRunner,
  type ChatToolRunner,
} from "./run-tools.js";
import { chatCompletionParams } from "./schema.js";
import { ChatCompletionStream } from "./stream.js";
import type {
  ChatCompletion,
  ChatCompletionCreateParams,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from "./types.js";

const CREATE = operation<ChatCompletionCreateParams>({
  name: "chat.completions.create",
  method: "POST",
  path: "/v1/chat/completions",
  policy: "idempotent",
  schema: chatCompletionParams,
  body: toWire,
  accept: accepts,
  // Billed per token: the usage answered, or n x the output limit and the prompt's bound.
  meter: {
    model: (params) => params.model as string,
    usage: (answer) => (answer as ChatCompletion).usage,
    declaresTools: (params) =>
      Boolean(params.tools?.length) ||
      (params.response_format != null && params.response_format.type !== "text"),
    limit: (params) => params.max_completion_tokens ?? params.max_tokens,
    limitField: "max_completion_tokens or max_tokens",
    choices: (params) => params.n,
  },
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

  /**
   * Structured output: `response_format: zodResponseFormat(schema, name)`; see docs/structured-output.md.
   * Runs parse.ts's `parseChat`, which that format carries (so a bundle without the helper has none of it).
   */
  parse<T>(
    params: ChatCompletionParseParamsStreaming<T>,
    options?: RequestOptions,
  ): Promise<ChatCompletionParsedStream<T>>;
  parse<T>(params: ChatCompletionParseParams<T>, options?: RequestOptions): Promise<ParsedChatCompletion<T>>;
  parse<T>(
    params: ChatCompletionParseParams<T> | ChatCompletionParseParamsStreaming<T>,
    options?: RequestOptions,
  ) {
    return implementationOf(CHAT_PARSE, params.response_format)(this, params, options) as Promise<
      ParsedChatCompletion<T> | ChatCompletionParsedStream<T>
    >;
  }

  /**
   * The tool loop over `defineTool` tools; see docs/tools.md. Runs run-tools.ts's `runChatTools`,
   * which every such tool carries (so a bundle without `defineTool` has none of it).
   */
  runTools(params: ChatRunToolsParams & { stream: true }, options?: RequestOptions): ChatStreamingToolRunner;
  runTools(params: ChatRunToolsParams, options?: RequestOptions): ChatToolRunner;
  runTools(params: ChatRunToolsParams, options?: RequestOptions): ChatToolRunner<unknown> {
    return implementationOf(CHAT_RUN_TOOLS, params.tools?.[0])(this, params, options);
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
