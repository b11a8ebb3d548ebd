/**
 * `gw.chat.completions.parse`: structured output in the chat format. How a chat answer reads as a
 * structured one (content, refusal, a cut at the length limit); the rest travels with the
 * `response_format` that `zodResponseFormat` made, which carries this too (core/structured/carried.ts).
 */
import type { RequestOptions } from "../../core/http/index.js";
import type { Carrying, StructuredStream } from "../../core/structured/index.js";
import type { StructuredAnswer } from "../../core/structured/outcome.js";
import type { OutputParser } from "../../core/structured/output.js";
import type { ChatCompletionStream } from "./stream.js";
import type {
  ChatCompletion,
  ChatCompletionChoice,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessage,
  ChatResponseFormat,
} from "./types.js";

/** A json_schema response format that carries its validator (made by `zodResponseFormat`). */
export type ChatParseableFormat<T> = Carrying<Extract<ChatResponseFormat, { type: "json_schema" }>, T>;

const OPERATION = "chat.completions.parse";

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

/** `parse` params: a chat request whose `response_format` came from `zodResponseFormat`. */
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

/** `gw.chat.completions.parse`, not streamed or streamed, with the parser `zodResponseFormat` made. */
export async function parseChat<T>(
  completions: ChatCreate,
  parser: OutputParser<T>,
  params: ChatCompletionParseParams<T> | ChatCompletionParseParamsStreaming<T>,
  options?: RequestOptions,
): Promise<ParsedChatCompletion<T> | ChatCompletionParsedStream<T>> {
  if (params.stream === true) {
    const stream = await completions.create(params, options);
    return parser.stream(
      stream,
      {
        delta: (chunk) => chunk.choices?.[0]?.delta?.content ?? undefined,
        final: () => stream.finalCompletion(),
        answer: (completion) => answerOf(completion.choices[0]),
      },
      OPERATION,
    );
  }
  const completion = (await completions.create(
    params as ChatCompletionCreateParamsNonStreaming,
    options,
  )) as ParsedChatCompletion<T>;
  for (const choice of completion.choices) {
    const onlyTools = !choice.message.content && choice.message.tool_calls?.length && !choice.message.refusal;
    choice.message.parsed = onlyTools ? null : await parser.read(answerOf(choice), OPERATION);
  }
  return completion;
}
