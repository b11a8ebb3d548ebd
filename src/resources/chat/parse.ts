/**
 * `gw.chat.completions.parse`: structured output in the chat format. How a chat answer reads as a
 * structured one (content, refusal, a cut at the length limit); the rest travels with the
 * `response_format` that `zodResponseFormat` made, which carries {@link parseChat} to the method
 * under {@link CHAT_PARSE} (lib/carried.ts).
 */
import type { RequestOptions } from "../../core/http/index.js";
import { field, part } from "../../lib/answer-shape.js";
import { carriedMethod } from "../../lib/carried.js";
import type { Carrying, StructuredStream } from "../../lib/index.js";
import type { StructuredAnswer } from "../../lib/outcome.js";
import type { OutputParser } from "../../lib/output.js";
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatResponseFormat,
} from "./requests.js";
import type { ChatCompletion, ChatCompletionChoice, ChatCompletionMessage } from "./results.js";
import type { ChatCompletionStream } from "./stream.js";

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

/**
 * The choices of a completion, each checked to be an object with a message (a MalformedResponseError
 * names the part missing): what `parse` and `runTools` read.
 */
export function choicesOf<C extends ChatCompletion>(completion: C, operation: string): C["choices"] {
  const choices = part<C["choices"]>(
    field(completion, "choices"),
    "choices",
    "a non-empty list",
    operation,
    completion,
  );
  choices.forEach((choice, i) => {
    part(choice, `choices.${i}`, "an object", operation, completion);
    part(choice.message, `choices.${i}.message`, "an object", operation, completion);
  });
  return choices;
}

/** The text of a message's content: a string, or the text parts of a list of parts. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  let text = "";
  for (const entry of content) {
    const value = field(entry, "text");
    if (field(entry, "type") === "text" && typeof value === "string") text += value;
  }
  return text;
}

/**
 * The refusal a message carries: `message.refusal` as text (or an object holding it in `refusal`),
 * or a `refusal` part of the content.
 */
function refusalOf(message: ChatCompletionMessage): string | undefined {
  const refusal: unknown = message.refusal;
  if (typeof refusal === "string" && refusal) return refusal;
  const inObject = field(refusal, "refusal") ?? field(refusal, "text");
  if (typeof inObject === "string" && inObject) return inObject;
  if (!Array.isArray(message.content)) return undefined;
  for (const entry of message.content as unknown[]) {
    const text = field(entry, "refusal");
    if (field(entry, "type") === "refusal" && typeof text === "string") return text || "refusal";
  }
  return undefined;
}

/** A choice as a structured answer: content, refusal, and whether it was cut off. */
function answerOf(choice: ChatCompletionChoice | undefined): StructuredAnswer {
  const message = choice?.message;
  const reason = choice?.finish_reason;
  return {
    raw: contentText(message?.content),
    refusal: (message && refusalOf(message)) ?? (reason === "content_filter" ? "content_filter" : undefined),
    truncated: reason === "length" ? "length" : undefined,
  };
}

/**
 * `gw.chat.completions.parse`: {@link parseChat} with the parser of the `response_format` bound, as
 * the format `zodResponseFormat(schema, name)` makes carries it.
 */
export const CHAT_PARSE = carriedMethod<
  (
    completions: ChatCreate,
    params: ChatCompletionParseParams<unknown> | ChatCompletionParseParamsStreaming<unknown>,
    options?: RequestOptions,
  ) => Promise<ParsedChatCompletion<unknown> | ChatCompletionParsedStream<unknown>>
>(OPERATION, "response_format", "zodResponseFormat(schema, name)");

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
  for (const choice of choicesOf(completion, OPERATION)) {
    const answer = answerOf(choice);
    const calls = choice.message.tool_calls;
    const onlyTools = !answer.raw && Array.isArray(calls) && calls.length > 0 && answer.refusal === undefined;
    choice.message.parsed = onlyTools ? null : await parser.read(answer, OPERATION);
  }
  return completion;
}
