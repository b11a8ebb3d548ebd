/** A streamed Messages response: events in, the assembled Message (text, thinking, tool input, usage) out. */

import type { Connection } from "../../core/connection.js";
import { EventStream } from "../../core/stream.js";
import { END, type Interpret, jsonEvents } from "../../core/stream-events.js";
import type { ContentBlock, ContentBlockDelta, Message, MessageStreamEvent, ToolUseBlock } from "./types.js";

/** Anthropic framing: named events, `ping` keep-alives, an `error` event on failure, no `[DONE]`. */
const interpretMessages: Interpret<MessageStreamEvent> = (message, parse, fail) => {
  if (message.data === "[DONE]") return END; // some relays add one
  const event = parse() as { type?: string };
  const type = event.type ?? message.event;
  if (type === "ping") return undefined;
  if (type === "error") throw fail(event);
  return event as MessageStreamEvent;
};

/** message_stop closes every Messages stream: one that ends before it was cut short (see jsonEvents). */
const isLastMessageEvent = (event: MessageStreamEvent) => event.type === "message_stop";

/** A streamed Messages response: iterate the events, or read `text()` or the assembled message. */
export class MessageStream extends EventStream<MessageStreamEvent, Message> {
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

  /** @internal Wraps a response whose body is the event stream. */
  static open(connection: Connection): MessageStream {
    return new MessageStream(jsonEvents(connection, interpretMessages, isLastMessageEvent), connection);
  }

  protected accumulate(event: MessageStreamEvent): void {
    const message = this.#message;
    switch (event.type) {
      case "message_start":
        this.#message = {
          ...structuredClone(event.message),
          content: [],
          usage: Object.assign({ input_tokens: 0, output_tokens: 0 }, event.message.usage),
        };
        break;
      case "content_block_start":
        message.content[event.index] = structuredClone(event.content_block);
        break;
      case "content_block_delta":
        this.#applyDelta(event.index, event.delta);
        break;
      case "content_block_stop": {
        const raw = this.#json.get(event.index);
        const block = message.content[event.index] as ToolUseBlock | undefined;
        if (raw !== undefined && block) Object.assign(block, parseInput(raw));
        this.#json.delete(event.index);
        break;
      }
      case "message_delta":
        message.stop_reason = event.delta.stop_reason;
        message.stop_sequence = event.delta.stop_sequence;
        // Counts here are cumulative; a null means "not reported", not zero.
        for (const [key, value] of Object.entries(event.usage ?? {})) {
          if (value !== null && value !== undefined) message.usage[key] = value;
        }
        break;
    }
  }

  #applyDelta(index: number, delta: ContentBlockDelta): void {
    const block = this.#message.content[index] as (ContentBlock & Record<string, unknown>) | undefined;
    if (!block) return;
    switch (delta.type) {
      case "text_delta":
        block.text = String(block.text ?? "") + delta.text;
        break;
      case "thinking_delta":
        block.thinking = String(block.thinking ?? "") + delta.thinking;
        break;
      case "signature_delta":
        block.signature = delta.signature;
        break;
      case "input_json_delta":
        this.#json.set(index, (this.#json.get(index) ?? "") + delta.partial_json);
        break;
      case "citations_delta":
        block.citations = [...((block.citations as unknown[] | null | undefined) ?? []), delta.citation];
        break;
    }
  }

  protected result(): Message {
    return this.snapshot();
  }

  /** The message assembled so far (a copy); survives an abort. Tool input still streaming is in `partial_json`. */
  snapshot(): Message {
    const message = structuredClone(this.#message);
    for (const [index, raw] of this.#json) {
      const block = message.content[index] as ToolUseBlock | undefined;
      if (block) Object.assign(block, parseInput(raw));
    }
    return message;
  }

  protected textOf(event: MessageStreamEvent): string | undefined {
    return event.type === "content_block_delta" && event.delta.type === "text_delta"
      ? event.delta.text
      : undefined;
  }

  /** The whole message: text, thinking (with its signature), tool input parsed, usage. */
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
