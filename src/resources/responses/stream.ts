/** A streamed Responses call: events in, the assembled response (text, tool calls, usage) out. */

import type { Connection } from "../../core/connection.js";
import { EventStream } from "../../core/stream.js";
import { END, type Interpret, jsonEvents } from "../../core/stream-events.js";
import { withOutputText } from "./output-text.js";
import type {
  ResponseObject,
  ResponseOutputItem,
  ResponseOutputMessage,
  ResponseOutputRefusal,
  ResponseOutputText,
  ResponseStreamEvent,
} from "./types.js";

/**
 * Responses framing: named events with the type repeated in the data. `error` (and the
 * `response.failed` that follows it) end the stream with a typed error. The real API sends no
 * `[DONE]`; openai-node's fixtures do, so it is accepted.
 */
const interpretResponses: Interpret<ResponseStreamEvent> = (message, parse, fail) => {
  if (message.data === "[DONE]") return END;
  const event = parse() as { type?: string; response?: { error?: unknown } };
  const type = event.type ?? message.event;
  if (type === "error") throw fail(event);
  if (type === "response.failed") {
    throw fail({ error: event.response?.error ?? { message: "The response failed." } });
  }
  return event as ResponseStreamEvent;
};

/** The closing events: a stream that ends before one was cut short (see jsonEvents). */
const isLastResponseEvent = (event: ResponseStreamEvent) =>
  event.type === "response.completed" || event.type === "response.incomplete";

type Part = ResponseOutputText | ResponseOutputRefusal;

/** A streamed Responses response: iterate the events, or read `text()` or the assembled response. */
export class ResponseStream extends EventStream<ResponseStreamEvent, ResponseObject> {
  #response: ResponseObject = {
    id: "",
    object: "response",
    created_at: 0,
    status: "in_progress",
    model: "",
    output: [],
    output_text: "",
  };

  /** @internal Wraps a response whose body is the event stream. */
  static open(connection: Connection): ResponseStream {
    return new ResponseStream(jsonEvents(connection, interpretResponses, isLastResponseEvent), connection);
  }

  protected accumulate(event: ResponseStreamEvent): void {
    const output = this.#response.output;
    switch (event.type) {
      case "response.created":
      case "response.in_progress":
      case "response.queued":
      case "response.completed":
      case "response.incomplete": {
        // The lifecycle events carry the whole response; keep output we assembled if theirs is empty.
        const next = structuredClone(event.response);
        if (!next.output?.length) next.output = output;
        this.#response = next;
        break;
      }
      case "response.output_item.added":
      case "response.output_item.done":
        output[event.output_index] = structuredClone(event.item);
        break;
      case "response.content_part.added":
      case "response.content_part.done": {
        const message = output[event.output_index] as ResponseOutputMessage | undefined;
        if (message) (message.content ??= [])[event.content_index] = structuredClone(event.part);
        break;
      }
      case "response.output_text.delta":
        this.#edit(event, (part) => {
          part.text = String(part.text ?? "") + event.delta;
        });
        break;
      case "response.output_text.done":
        this.#edit(event, (part) => {
          part.text = event.text;
        });
        break;
      case "response.output_text.annotation.added":
        this.#edit(event, (part) => {
          const annotations = ((part.annotations as unknown[] | undefined) ??= []);
          annotations[event.annotation_index] = event.annotation;
        });
        break;
      case "response.refusal.delta":
        this.#edit(event, (part) => {
          part.refusal = String(part.refusal ?? "") + event.delta;
        });
        break;
      case "response.function_call_arguments.delta":
        this.#item(event.output_index, (item) => {
          item.arguments = String(item.arguments ?? "") + event.delta;
        });
        break;
      case "response.function_call_arguments.done":
        this.#item(event.output_index, (item) => {
          item.arguments = event.arguments;
        });
        break;
      case "response.reasoning_summary_text.delta":
        this.#item(event.output_index, (item) => {
          const summary = ((item.summary as Array<{ type: string; text: string }> | undefined) ??= []);
          const entry = (summary[event.summary_index] ??= { type: "summary_text", text: "" });
          entry.text += event.delta;
        });
        break;
    }
  }

  #item(index: number, edit: (item: ResponseOutputItem & Record<string, unknown>) => void): void {
    const item = this.#response.output[index];
    if (item) edit(item as ResponseOutputItem & Record<string, unknown>);
  }

  #edit(
    at: { output_index: number; content_index: number },
    edit: (part: Part & Record<string, unknown>) => void,
  ) {
    const message = this.#response.output[at.output_index] as ResponseOutputMessage | undefined;
    const part = message?.content?.[at.content_index];
    if (part) edit(part as Part & Record<string, unknown>);
  }

  protected result(): ResponseObject {
    return this.snapshot();
  }

  /** The response assembled so far (a copy, with output_text); survives an abort. */
  snapshot(): ResponseObject {
    return withOutputText(structuredClone(this.#response));
  }

  protected textOf(event: ResponseStreamEvent): string | undefined {
    return event.type === "response.output_text.delta" ? event.delta : undefined;
  }

  /** The whole response: messages, tool calls with their arguments, usage, and output_text. */
  finalResponse(): Promise<ResponseObject> {
    return this.final();
  }

  /** The output text of the whole response. */
  async finalText(): Promise<string> {
    return (await this.final()).output_text;
  }
}
