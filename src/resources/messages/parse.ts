/**
 * `gw.messages.parse`: structured output in the Messages format, through its own JSON mechanism: a
 * tool whose input schema is the schema, and `tool_choice` forcing it. The tool's input is the answer;
 * it comes back validated as `parsed`. `zodSchema(schema)` carries {@link parseMessage}, with its
 * validator, to the method under {@link MESSAGES_PARSE} (lib/carried.ts).
 */
import { ValidationError } from "../../core/errors/index.js";
import type { RequestOptions } from "../../core/http/index.js";
import { field, part } from "../../lib/answer-shape.js";
import { carriedMethod } from "../../lib/carried.js";
import type { ParseableSchema, StructuredStream } from "../../lib/index.js";
import type { StructuredAnswer } from "../../lib/outcome.js";
import type { OutputParser } from "../../lib/output.js";
import type {
  CustomToolParam,
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
} from "./requests.js";
import type { Message, ToolUseBlock } from "./results.js";
import type { MessageStream } from "./stream.js";

const OPERATION = "messages.parse";

/** What `parse` adds to a Messages request (it sets `tool_choice` itself). */
export interface MessageParseOptions<T> {
  /**
   * The answer's schema, from `zodSchema(schema, { name, description })`: a zod 4 schema or a
   * Standard Schema validator. It becomes the forced tool (default name `json_output`).
   */
  schema: ParseableSchema<T>;
}

/** `parse` params: a Messages request plus the schema. */
export interface MessageParseParams<T>
  extends Omit<MessageCreateParamsNonStreaming, "tool_choice">,
    MessageParseOptions<T> {}

/** `parse` params, streamed: the stream adds `partialObjects()` and `finalParsed()`. */
export interface MessageParseParamsStreaming<T>
  extends Omit<MessageCreateParamsStreaming, "tool_choice">,
    MessageParseOptions<T> {}

/** A message with the validated object. */
export interface ParsedMessage<T> extends Message {
  parsed: T;
}

/** A Messages stream with `partialObjects()` and `finalParsed()`. */
export type MessageParsedStream<T> = MessageStream & StructuredStream<T>;

/** What parse needs of `gw.messages` (structural, so this file imports no class). */
export interface MessagesCreate {
  create(params: MessageCreateParamsNonStreaming, options?: RequestOptions): PromiseLike<Message>;
  create(params: MessageCreateParamsStreaming, options?: RequestOptions): PromiseLike<MessageStream>;
}

/** A message's content blocks, checked to be a list (a MalformedResponseError otherwise). */
export function blocksOf(message: Message, operation: string): Message["content"] {
  return part<Message["content"]>(field(message, "content"), "content", "a list", operation, message);
}

/** The text of a message's text blocks. */
export function textOf(blocks: Message["content"]): string {
  return blocks
    .map((entry) => (entry?.type === "text" && typeof entry.text === "string" ? entry.text : ""))
    .join("");
}

/** A message as a structured answer: the forced tool's input, a refusal, a cut at max_tokens. */
function answerOf(message: Message, name: string): StructuredAnswer {
  const blocks = blocksOf(message, OPERATION);
  const block = blocks.find(
    (entry): entry is ToolUseBlock => entry?.type === "tool_use" && entry.name === name,
  );
  const text = textOf(blocks);
  return {
    raw: block ? { parsed: block.input } : text,
    refusal: message.stop_reason === "refusal" ? text || "refusal" : undefined,
    truncated: message.stop_reason === "max_tokens" ? "max_tokens" : undefined,
  };
}

/**
 * `gw.messages.parse`: {@link parseMessage} with the schema's parser and answer tool bound, as the
 * schema `zodSchema(schema)` makes carries it.
 */
export const MESSAGES_PARSE = carriedMethod<
  (
    messages: MessagesCreate,
    params: MessageParseParams<unknown> | MessageParseParamsStreaming<unknown>,
    options?: RequestOptions,
  ) => Promise<ParsedMessage<unknown> | MessageParsedStream<unknown>>
>(OPERATION, "schema", "zodSchema(schema)");

/** `gw.messages.parse`, not streamed or streamed. */
export async function parseMessage<T>(
  messages: MessagesCreate,
  parser: OutputParser<T>,
  answer: { name: string; description?: string | undefined },
  params: MessageParseParams<T> | MessageParseParamsStreaming<T>,
  options?: RequestOptions,
): Promise<ParsedMessage<T> | MessageParsedStream<T>> {
  const { schema: _, ...rest } = params;
  const tool: CustomToolParam = {
    name: answer.name,
    ...(answer.description ? { description: answer.description } : {}),
    input_schema: parser.wire("anthropic-tool", OPERATION) as CustomToolParam["input_schema"],
  };
  if (rest.tools?.some((given) => given?.name === answer.name)) {
    throw new ValidationError(OPERATION, [
      {
        path: "tools",
        rule: "unique",
        message: `has a tool named ${JSON.stringify(answer.name)}, the answer's own: name the answer otherwise (zodSchema(schema, { name }))`,
      },
    ]);
  }
  const request = {
    ...rest,
    tools: [...(rest.tools ?? []), tool],
    tool_choice: { type: "tool" as const, name: answer.name },
  };
  if (request.stream === true) {
    const stream = await messages.create(request as MessageCreateParamsStreaming, options);
    return parser.stream(
      stream,
      {
        delta: (event) =>
          event.type === "content_block_delta" && event.delta?.type === "input_json_delta"
            ? event.delta.partial_json
            : undefined,
        final: () => stream.finalMessage(),
        answer: (message) => answerOf(message, answer.name),
      },
      OPERATION,
    );
  }
  const message = (await messages.create(
    request as MessageCreateParamsNonStreaming,
    options,
  )) as ParsedMessage<T>;
  message.parsed = await parser.read(answerOf(message, answer.name), OPERATION);
  return message;
}
