/** A streamed Messages response: events in, the assembled Message (text, thinking, tool input, usage) out. */

import type { Connection } from "../../core/http/index.js";
import {
  type Assembler,
  ClosingEvent,
  END,
  EventStream,
  type Interpret,
  isObject,
  jsonEvents,
  slot,
  tokenCount,
} from "../../core/streams/index.js";
import type { ContentBlock, Message, MessageStreamEvent, ToolUseBlock } from "./results.js";

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

  accumulate(event: MessageStreamEvent): void {
    const message = this.#message;
    // Read as untrusted JSON: positions go through slot() (never "__proto__"), shapes are checked.
    const wire = event as unknown as Record<string, unknown>;
    const index = slot(wire.index);
    switch (event.type) {
      case "message_start": {
        if (!isObject(wire.message)) break;
        const start = structuredClone(wire.message) as unknown as Message;
        this.#message = {
          ...start,
          content: [],
          usage: Object.assign(
            { input_tokens: 0, output_tokens: 0 },
            isObject(start.usage) ? start.usage : {},
          ),
        };
        break;
      }
      case "content_block_start":
        if (index !== undefined && isObject(wire.content_block)) {
          message.content[index] = structuredClone(wire.content_block) as unknown as ContentBlock;
        }
        break;
      case "content_block_delta":
        if (index !== undefined && isObject(wire.delta)) this.#applyDelta(index, wire.delta);
        break;
      case "content_block_stop": {
        if (index === undefined) break;
        const raw = this.#json.get(index);
        const block = message.content[index] as ToolUseBlock | undefined;
        if (raw !== undefined && isObject(block)) Object.assign(block, parseInput(raw));
        this.#json.delete(index);
        break;
      }
      case "message_delta": {
        const delta = isObject(wire.delta) ? wire.delta : {};
        if ("stop_reason" in delta) message.stop_reason = delta.stop_reason as Message["stop_reason"];
        if ("stop_sequence" in delta) message.stop_sequence = delta.stop_sequence as Message["stop_sequence"];
        // Counts here are cumulative; a null means "not reported", not zero.
        for (const [key, value] of Object.entries(isObject(wire.usage) ? wire.usage : {})) {
          if (key !== "__proto__" && value !== null && value !== undefined)
            (message.usage as unknown as Record<string, unknown>)[key] = value;
          if (key === "output_tokens" && typeof value === "number") this.#usageFinal = true;
        }
        break;
      }
    }
  }

  #applyDelta(index: number, delta: Record<string, unknown>): void {
    const block = this.#message.content[index] as unknown;
    if (!isObject(block)) return;
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    switch (delta.type) {
      case "text_delta":
        block.text = text(block.text) + text(delta.text);
        break;
      case "thinking_delta":
        block.thinking = text(block.thinking) + text(delta.thinking);
        break;
      case "signature_delta":
        block.signature = delta.signature;
        break;
      case "input_json_delta":
        this.#json.set(index, (this.#json.get(index) ?? "") + text(delta.partial_json));
        break;
      case "citations_delta":
        block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
        break;
    }
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

  protected textOf(event: MessageStreamEvent): string | undefined {
    return event.type === "content_block_delta" && event.delta?.type === "text_delta"
      ? event.delta.text
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
