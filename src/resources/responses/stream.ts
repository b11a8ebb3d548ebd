/** A streamed Responses call: events in, the assembled response (text, tool calls, usage) out. */

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
import { withOutputText } from "./output-text.js";
import type { ResponseObject, ResponseOutputItem, ResponseStreamEvent } from "./results.js";

/** Named in the errors of this stream. */
const OPERATION = "responses.create";

/**
 * Responses framing: named events with the type repeated in the data. `error` (and the
 * `response.failed` that follows it) end the stream with a typed error. The real API sends no
 * `[DONE]`; openai-node's fixtures do, so it is accepted.
 */
const interpretResponses: Interpret<ResponseStreamEvent> = (message, parse, fail) => {
  if (message.data === "[DONE]") return END;
  const event = parse(message.data) as { type?: string; response?: { error?: unknown } };
  const type = event.type ?? message.event;
  if (type === "error") throw fail(event);
  if (type === "response.failed") {
    throw fail({ error: event.response?.error ?? { message: "The response failed." } });
  }
  return event as ResponseStreamEvent;
};

/** The closing events: a stream that ends before one was cut (see jsonEvents). */
const closesResponse = (event: ResponseStreamEvent) =>
  event.type === "response.completed" || event.type === "response.incomplete";

/** Folds events into a response: messages, tool calls with their arguments, reasoning summaries, usage. */
class ResponseAssembly implements Assembler<ResponseStreamEvent, ResponseObject> {
  #response: ResponseObject = {
    id: "",
    object: "response",
    created_at: 0,
    status: "in_progress",
    model: "",
    output: [],
    output_text: "",
  };

  accumulate(event: ResponseStreamEvent): void {
    const output = this.#response.output;
    // Read as untrusted JSON: positions go through slot() (never "__proto__"), shapes are checked.
    const wire = event as unknown as Record<string, unknown>;
    switch (event.type) {
      case "response.created":
      case "response.in_progress":
      case "response.queued":
      case "response.completed":
      case "response.incomplete": {
        // The lifecycle events carry the whole response; keep output we assembled if theirs is empty.
        if (!isObject(wire.response)) break;
        const next = structuredClone(wire.response) as unknown as ResponseObject;
        if (!Array.isArray(next.output) || next.output.length === 0) next.output = output;
        this.#response = next;
        break;
      }
      case "response.output_item.added":
      case "response.output_item.done": {
        const at = slot(wire.output_index);
        if (at !== undefined && isObject(wire.item))
          output[at] = structuredClone(wire.item) as unknown as ResponseOutputItem;
        break;
      }
      case "response.content_part.added":
      case "response.content_part.done": {
        const message = this.#itemAt(wire.output_index);
        const at = slot(wire.content_index);
        if (!message || at === undefined || !isObject(wire.part)) break;
        if (!Array.isArray(message.content)) message.content = [];
        (message.content as unknown[])[at] = structuredClone(wire.part);
        break;
      }
      case "response.output_text.delta":
        this.#edit(wire, (part) => {
          part.text = String(part.text ?? "") + String(wire.delta ?? "");
        });
        break;
      case "response.output_text.done":
        this.#edit(wire, (part) => {
          if (typeof wire.text === "string") part.text = wire.text;
        });
        break;
      case "response.output_text.annotation.added":
        this.#edit(wire, (part) => {
          const at = slot(wire.annotation_index);
          if (at === undefined) return;
          if (!Array.isArray(part.annotations)) part.annotations = [];
          (part.annotations as unknown[])[at] = wire.annotation;
        });
        break;
      case "response.refusal.delta":
        this.#edit(wire, (part) => {
          part.refusal = String(part.refusal ?? "") + String(wire.delta ?? "");
        });
        break;
      case "response.function_call_arguments.delta": {
        const item = this.#itemAt(wire.output_index);
        if (item) item.arguments = String(item.arguments ?? "") + String(wire.delta ?? "");
        break;
      }
      case "response.function_call_arguments.done": {
        const item = this.#itemAt(wire.output_index);
        if (item && typeof wire.arguments === "string") item.arguments = wire.arguments;
        break;
      }
      case "response.reasoning_summary_text.delta": {
        const item = this.#itemAt(wire.output_index);
        const at = slot(wire.summary_index);
        if (!item || at === undefined) break;
        if (!Array.isArray(item.summary)) item.summary = [];
        const summary = item.summary as unknown[];
        if (!isObject(summary[at])) summary[at] = { type: "summary_text", text: "" };
        const entry = summary[at] as Record<string, unknown>;
        entry.text = String(entry.text ?? "") + String(wire.delta ?? "");
        break;
      }
    }
  }

  /** The output item at a wire position, when there is one and it is an object. */
  #itemAt(index: unknown): Record<string, unknown> | undefined {
    const at = slot(index);
    const item = at === undefined ? undefined : (this.#response.output[at] as unknown);
    return isObject(item) ? item : undefined;
  }

  /** Edits the content part an event points at (output_index, content_index), when it exists. */
  #edit(at: Record<string, unknown>, edit: (part: Record<string, unknown>) => void) {
    const content = this.#itemAt(at.output_index)?.content;
    const index = slot(at.content_index);
    const part = Array.isArray(content) && index !== undefined ? (content[index] as unknown) : undefined;
    if (isObject(part)) edit(part);
  }

  /** The response assembled so far (a copy, with output_text). */
  copy(): ResponseObject {
    return withOutputText(structuredClone(this.#response));
  }

  current(): ResponseObject {
    return this.#response;
  }

  /** response.completed and response.incomplete carry the usage; the in-progress events carry none. */
  usageFinal(): boolean {
    return isObject(this.#response.usage);
  }

  atLeast(tokens: number): ResponseObject | undefined {
    const usage = this.#response.usage;
    const input = tokenCount(usage?.input_tokens);
    if (!usage || input === 0) return undefined;
    const output = Math.max(tokenCount(usage.output_tokens), tokens);
    return { ...this.#response, usage: { ...usage, output_tokens: output, total_tokens: input + output } };
  }

  delivered(): string[] {
    const texts: string[] = [];
    for (const item of this.#response.output as unknown[]) {
      if (!isObject(item)) continue;
      for (const key of ["name", "arguments", "input", "code"] as const) {
        if (typeof item[key] === "string") texts.push(item[key]);
      }
      for (const part of [
        ...(Array.isArray(item.content) ? item.content : []),
        ...(Array.isArray(item.summary) ? item.summary : []),
      ]) {
        if (!isObject(part)) continue;
        if (typeof part.text === "string") texts.push(part.text);
        if (typeof part.refusal === "string") texts.push(part.refusal);
      }
    }
    return texts;
  }
}

/** A streamed Responses response: iterate the events, or read `text()` or the assembled response. */
export class ResponseStream extends EventStream<ResponseStreamEvent, ResponseObject> {
  protected readonly operation = OPERATION;

  /** @internal Streams are made by `create({ stream: true })`. */
  constructor(source: AsyncIterable<ResponseStreamEvent[]>, connection: Connection) {
    super(source, connection, new ResponseAssembly());
  }

  /** @internal Wraps a response whose body is the event stream. */
  static open(connection: Connection): ResponseStream {
    const ending = new ClosingEvent(closesResponse, "response.completed");
    return new ResponseStream(jsonEvents(connection, OPERATION, interpretResponses, ending), connection);
  }

  protected textOf(event: ResponseStreamEvent): string | undefined {
    return event.type === "response.output_text.delta" ? event.delta : undefined;
  }

  /**
   * The whole response: messages, tool calls with their arguments, usage, and output_text. Rejects
   * with IncompleteStreamError when neither response.completed nor response.incomplete came (the
   * answer was cut: snapshot() has it); `status: "incomplete"` is a result, `response.failed` its
   * typed error.
   */
  finalResponse(): Promise<ResponseObject> {
    return this.final();
  }

  /** The output text of the whole response. */
  async finalText(): Promise<string> {
    return (await this.final()).output_text;
  }
}
