/** A streamed Messages response: events in, the assembled Message (text, thinking, tool input, usage) out. */

import type { Connection } from "../../core/http/index.js";
import {
  type Assembler,
  ClosingEvent,
  dispatch,
  END,
  EventStream,
  handlers,
  type Interpret,
  isObject,
  jsonEvents,
  mergeFields,
  readableConnection,
  type SSEFraming,
  slot,
  tokenCount,
} from "../../core/streams/index.js";
import type {
  ContentBlock,
  ContentBlockDelta,
  Message,
  MessageStreamEvent,
  ToolUseBlock,
} from "./results.js";

/** Named in the errors of this stream. */
const OPERATION = "messages.create";

/** Anthropic framing: named events, `ping` keep-alives, an `error` event on failure, no `[DONE]`. */
const interpretMessages: Interpret<MessageStreamEvent> = (message, parse, fail) => {
  if (message.data === "[DONE]") return END; // some relays add one
  const event = parse(message.data) as { type?: string };
  const type = event.type ?? message.event;
  if (type === "ping") return undefined;
  if (type === "error") throw fail(event);
  return event as MessageStreamEvent;
};

/** message_stop closes every Messages stream: one that ends before it was cut (see jsonEvents). */
const closesMessage = (event: MessageStreamEvent) => event.type === "message_stop";

/** Named events (`event: content_block_delta`), as Anthropic sends them. */
const FRAMING: SSEFraming = { named: true };

type Wire = Record<string, unknown>;

/**
 * The block a delta of each kind edits, as it starts when its `content_block_start` never came (a
 * delta with no target starts it, so its text is kept).
 */
const TEXT_BLOCK: Wire = { type: "text", text: "" };
const THINKING_BLOCK: Wire = { type: "thinking", thinking: "", signature: "" };
const TOOL_BLOCK: Wire = { type: "tool_use", id: "", name: "", input: {} };

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Folds events into a Message: text, thinking (with its signature), tool input parsed, usage. */
class MessageAssembly implements Assembler<MessageStreamEvent, Message> {
  #message: Message = {
    id: "",
    type: "message",
    role: "assistant",
    model: "",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 0, output_tokens: 0 },
  };
  /** Tool input JSON received so far, by block index, until the block stops. */
  readonly #json = new Map<number, string>();
  /** message_delta reported the output (message_start's `output_tokens: 1` is a placeholder). */
  #usageFinal = false;

  /** What each kind of delta does to the block at its index (read as untrusted JSON, shapes checked). */
  static readonly #deltas = handlers<ContentBlockDelta["type"], MessageAssembly, Wire>({
    text_delta: (assembly, event) => {
      const block = assembly.#block(event, TEXT_BLOCK);
      if (block) block.text = text(block.text) + text((event.delta as Wire).text);
    },
    thinking_delta: (assembly, event) => {
      const block = assembly.#block(event, THINKING_BLOCK);
      if (block) block.thinking = text(block.thinking) + text((event.delta as Wire).thinking);
    },
    signature_delta: (assembly, event) => {
      const block = assembly.#block(event, THINKING_BLOCK);
      if (block) block.signature = (event.delta as Wire).signature;
    },
    input_json_delta: (assembly, event) => {
      const at = slot(event.index);
      if (at === undefined || !assembly.#block(event, TOOL_BLOCK)) return;
      assembly.#json.set(at, (assembly.#json.get(at) ?? "") + text((event.delta as Wire).partial_json));
    },
    citations_delta: (assembly, event) => {
      const block = assembly.#block(event, TEXT_BLOCK);
      if (!block) return;
      const citations = Array.isArray(block.citations)
        ? (block.citations as unknown[])
        : (block.citations = []);
      citations.push((event.delta as Wire).citation);
    },
  });

  /** What each event does to the message; positions go through slot() (never "__proto__"). */
  static readonly #events = handlers<MessageStreamEvent["type"], MessageAssembly, Wire>({
    message_start: (assembly, event) => {
      if (!isObject(event.message)) return;
      const start = structuredClone(event.message) as unknown as Message;
      assembly.#message = {
        ...start,
        content: [],
        usage: Object.assign({ input_tokens: 0, output_tokens: 0 }, isObject(start.usage) ? start.usage : {}),
      };
    },
    content_block_start: (assembly, event) => {
      const index = slot(event.index);
      if (index !== undefined && isObject(event.content_block)) {
        assembly.#message.content[index] = structuredClone(event.content_block) as unknown as ContentBlock;
      }
    },
    content_block_delta: (assembly, event) => {
      if (isObject(event.delta)) dispatch(MessageAssembly.#deltas, event.delta.type, assembly, event);
    },
    content_block_stop: (assembly, event) => {
      const index = slot(event.index);
      if (index === undefined) return;
      const raw = assembly.#json.get(index);
      const block = assembly.#message.content[index] as ToolUseBlock | undefined;
      if (raw !== undefined && isObject(block)) Object.assign(block, parseInput(raw));
      assembly.#json.delete(index);
    },
    // The stop reason and what else the upstream says at the end (stop_details, container), and the
    // usage: its counts are cumulative, and a null means "not reported", not zero.
    message_delta: (assembly, event) => {
      const message = assembly.#message;
      if (isObject(event.delta)) mergeFields(message, event.delta);
      for (const [key, value] of Object.entries(isObject(event.usage) ? event.usage : {})) {
        if (key !== "__proto__" && value !== null && value !== undefined)
          (message.usage as unknown as Wire)[key] = value;
        if (key === "output_tokens" && typeof value === "number") assembly.#usageFinal = true;
      }
    },
    // The format's end: the stream's Ending sees it.
    message_stop: "ignored",
  });

  accumulate(event: MessageStreamEvent): void {
    dispatch(MessageAssembly.#events, event.type, this, event as unknown as Wire);
  }

  /**
   * The block a delta edits: the one at its index, else (its start never came) a new block of the
   * delta's kind. Undefined when the index is not a usable position, or holds no object.
   */
  #block(event: Wire, start: Wire): Wire | undefined {
    const index = slot(event.index);
    if (index === undefined) return undefined;
    const content = this.#message.content as unknown[];
    const block = (content[index] ??= structuredClone(start));
    return isObject(block) ? block : undefined;
  }

  /** The message assembled so far (a copy); tool input still streaming is in `partial_json`. */
  copy(): Message {
    const message = structuredClone(this.#message);
    for (const [index, raw] of this.#json) {
      const block = message.content[index] as ToolUseBlock | undefined;
      if (block) Object.assign(block, parseInput(raw));
    }
    return message;
  }

  current(): Message {
    return this.#message;
  }

  usageFinal(): boolean {
    return this.#usageFinal;
  }

  /** message_start reports the input (cache reads and writes apart): the output is what to raise. */
  atLeast(tokens: number): Message | undefined {
    const usage = this.#message.usage;
    const prompt =
      tokenCount(usage.input_tokens) +
      tokenCount(usage.cache_read_input_tokens) +
      tokenCount(usage.cache_creation_input_tokens);
    if (prompt === 0) return undefined;
    return {
      ...this.#message,
      usage: { ...usage, output_tokens: Math.max(tokenCount(usage.output_tokens), tokens) },
    };
  }

  delivered(): string[] {
    const texts = [...this.#json.values()];
    for (const block of this.#message.content as unknown[]) {
      if (!isObject(block)) continue;
      for (const key of ["text", "thinking", "name"] as const) {
        if (typeof block[key] === "string") texts.push(block[key]);
      }
      // Tool input parsed at its block's end (the raw JSON of an open block is in #json).
      if (isObject(block.input)) texts.push(JSON.stringify(block.input));
    }
    return texts;
  }
}

/** A streamed Messages response: iterate the events, or read `text()` or the assembled message. */
export class MessageStream extends EventStream<MessageStreamEvent, Message> {
  protected readonly operation = OPERATION;
  protected readonly framing = FRAMING;

  /** @internal Streams are made by `create({ stream: true })`. */
  constructor(source: AsyncIterable<MessageStreamEvent[]>, connection: Connection) {
    super(source, connection, new MessageAssembly());
  }

  /** @internal Wraps a response whose body is the event stream. */
  static open(connection: Connection): MessageStream {
    return new MessageStream(
      jsonEvents(connection, OPERATION, interpretMessages, new ClosingEvent(closesMessage, "message_stop")),
      connection,
    );
  }

  /**
   * The stream a server route sent with `toReadableStream()` (either format), rebuilt in the page
   * with every helper: iteration, `text()`, `reasoning()`, `finalMessage()`, `snapshot()`.
   * `abort()` or `break` cancels the body, and the route then closes its request upstream.
   */
  static fromReadableStream(body: ReadableStream<Uint8Array>): MessageStream {
    const connection = readableConnection(body, "MessageStream.fromReadableStream");
    const ending = new ClosingEvent(closesMessage, "message_stop");
    return new MessageStream(jsonEvents(connection, OPERATION, interpretMessages, ending, true), connection);
  }

  protected textOf(event: MessageStreamEvent): string | undefined {
    return event.type === "content_block_delta" && event.delta?.type === "text_delta"
      ? event.delta.text
      : undefined;
  }

  protected reasoningOf(event: MessageStreamEvent): string | undefined {
    return event.type === "content_block_delta" && event.delta?.type === "thinking_delta"
      ? event.delta.thinking
      : undefined;
  }

  /**
   * The whole message: text, thinking (with its signature), tool input parsed, usage. Rejects with
   * IncompleteStreamError when message_stop never came (the answer was cut: snapshot() has it).
   */
  finalMessage(): Promise<Message> {
    return this.final();
  }

  /** The text blocks of the message, joined (thinking and tool calls left out). */
  async finalText(): Promise<string> {
    const { content } = await this.final();
    return content.map((block) => (block.type === "text" ? block.text : "")).join("");
  }
}

/** Tool input JSON: parsed when complete; kept raw (never lost) while it does not parse yet. */
function parseInput(raw: string): { input: unknown } | { partial_json: string } {
  if (raw === "") return { input: {} };
  try {
    return { input: JSON.parse(raw) };
  } catch {
    return { partial_json: raw };
  }
}
