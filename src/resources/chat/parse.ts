/**
 * `gw.chat.completions.parse`: structured output in the chat format. `zodResponseFormat(schema, name)`
 * is a json_schema response format in OpenAI's strict mode that also knows its validator; the
 * answer comes back with `choices[i].message.parsed`. Loaded only when `parse` is first called.
 */

import type { RequestOptions } from "../../core/http/index.js";
import {
  attachPlan,
  type InferOutput,
  type JSONSchema,
  planFor,
  readStructured,
  requirePlan,
  type StructuredAnswer,
  type StructuredSchema,
  type StructuredStream,
  type WithPlan,
  withStructured,
} from "../../core/structured/index.js";
import type { ChatCompletionStream } from "./stream.js";
import type {
  ChatCompletion,
  ChatCompletionChoice,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessage,
  ChatResponseFormat,
} from "./types.js";

const OPERATION = "chat.completions.parse";

/** A json_schema response format that carries its validator (made by {@link zodResponseFormat}). */
export type ChatParseableFormat<T> = WithPlan<Extract<ChatResponseFormat, { type: "json_schema" }>, T>;

/** Options of {@link zodResponseFormat}. */
export interface ResponseFormatOptions {
  /** What the output is for (the model reads it). */
  description?: string;
  /** The JSON Schema to send, for a validator that cannot write its own. */
  jsonSchema?: JSONSchema;
}

/**
 * A `response_format` for `parse`: the schema's JSON Schema (from `z.toJSONSchema`) in strict mode
 * (every property required, optional ones nullable, no extra properties). Throws ValidationError
 * for what strict mode cannot express (records, `not`, a non-object root ...).
 */
export function zodResponseFormat<S extends StructuredSchema>(
  schema: S,
  name: string,
  options: ResponseFormatOptions = {},
): ChatParseableFormat<InferOutput<S>> {
  const { wire, ...plan } = planFor(
    schema as StructuredSchema<InferOutput<S>>,
    "openai-strict",
    OPERATION,
    options.jsonSchema,
  );
  const json_schema = {
    name,
    strict: true,
    schema: wire,
    ...(options.description ? { description: options.description } : {}),
  };
  return attachPlan({ type: "json_schema" as const, json_schema }, plan);
}

/** The assistant's message with the validated object (null when the model called tools instead). */
export interface ParsedChatCompletionMessage<T> extends ChatCompletionMessage {
  parsed: T | null;
}

/** A choice whose message carries `parsed`. */
export interface ParsedChatCompletionChoice<T> extends ChatCompletionChoice {
  message: ParsedChatCompletionMessage<T>;
}

/** A chat completion whose every choice carries `message.parsed`. */
export interface ParsedChatCompletion<T> extends ChatCompletion {
  choices: ParsedChatCompletionChoice<T>[];
}

/** `parse` params: a chat request whose `response_format` came from {@link zodResponseFormat}. */
export interface ChatCompletionParseParams<T>
  extends Omit<ChatCompletionCreateParamsNonStreaming, "response_format"> {
  response_format: ChatParseableFormat<T>;
}

/** `parse` params, streamed: the stream adds `partialObjects()` and `finalParsed()`. */
export interface ChatCompletionParseParamsStreaming<T>
  extends Omit<ChatCompletionCreateParamsStreaming, "response_format"> {
  response_format: ChatParseableFormat<T>;
}

/** A chat stream with `partialObjects()` and `finalParsed()`. */
export type ChatCompletionParsedStream<T> = ChatCompletionStream & StructuredStream<T>;

/** What parse needs of `gw.chat.completions` (kept structural, so this file imports no class). */
export interface ChatCreate {
  create(
    params: ChatCompletionCreateParamsNonStreaming,
    options?: RequestOptions,
  ): PromiseLike<ChatCompletion>;
  create(
    params: ChatCompletionCreateParamsStreaming,
    options?: RequestOptions,
  ): PromiseLike<ChatCompletionStream>;
}

/** A choice as a structured answer: content, refusal, and whether it was cut off. */
function answerOf(choice: ChatCompletionChoice | undefined): StructuredAnswer {
  const message = choice?.message;
  const reason = choice?.finish_reason;
  return {
    raw: message?.content ?? "",
    refusal: message?.refusal || (reason === "content_filter" ? "content_filter" : undefined),
    truncated: reason === "length" ? "length" : undefined,
  };
}

/** `gw.chat.completions.parse`, not streamed or streamed. */
export async function parseChat<T>(
  completions: ChatCreate,
  params: ChatCompletionParseParams<T> | ChatCompletionParseParamsStreaming<T>,
  options?: RequestOptions,
): Promise<ParsedChatCompletion<T> | ChatCompletionParsedStream<T>> {
  const plan = requirePlan<T>(params.response_format, OPERATION, "response_format", "zodResponseFormat");
  if (params.stream === true) {
    const stream = await completions.create(params, options);
    return withStructured(stream, plan, {
      delta: (chunk) => chunk.choices?.[0]?.delta?.content ?? undefined,
      final: () => stream.finalCompletion(),
      answer: (completion) => answerOf(completion.choices[0]),
    });
  }
  const completion = (await completions.create(
    params as ChatCompletionCreateParamsNonStreaming,
    options,
  )) as ParsedChatCompletion<T>;
  for (const choice of completion.choices) {
    const onlyTools = !choice.message.content && choice.message.tool_calls?.length && !choice.message.refusal;
    choice.message.parsed = onlyTools ? null : await readStructured(plan, answerOf(choice));
  }
  return completion;
}
