/** A streamed Responses call: events in, the assembled response (text, tool calls, usage) out. */

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
  readableConnection,
  type SSEFraming,
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

/** Named events (`event: response.output_text.delta`), as OpenAI sends them. */
const FRAMING: SSEFraming = { named: true };

type Wire = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * What an item or part a delta edits starts as when its `*.added` event never came: a delta with
 * no target starts it, so its text is kept (new-api's chat-to-Responses conversion sends text
 * deltas with no `response.content_part.added`: relaykit/relayconvert/internal/oai_chat/
 * to_oai_responses_stream_resp.go at 116255f07, appendTextDelta).
 */
const MESSAGE = (id: unknown): Wire => ({
  type: "message",
  id: text(id),
  role: "assistant",
  status: "in_progress",
  content: [],
});
const FUNCTION_CALL = (id: unknown): Wire => ({
  type: "function_call",
  id: text(id),
  call_id: "",
  name: "",
  arguments: "",
  status: "in_progress",
});
const WEB_SEARCH = (id: unknown): Wire => ({ type: "web_search_call", id: text(id), status: "in_progress" });
const REASONING = (id: unknown): Wire => ({ type: "reasoning", id: text(id), summary: [] });
const OUTPUT_TEXT = (): Wire => ({ type: "output_text", text: "", annotations: [] });
const REFUSAL = (): Wire => ({ type: "refusal", refusal: "" });
const SUMMARY_TEXT = (): Wire => ({ type: "summary_text", text: "" });
const REASONING_TEXT = (): Wire => ({ type: "reasoning_text", text: "" });

type Handler = (assembly: ResponseAssembly, event: Wire) => void;
/** Finds (or starts) what an event edits. */
type Locate = (assembly: ResponseAssembly, event: Wire) => Wire | undefined;

/** Folds events into a response: messages, tool calls with their arguments, reasoning, usage. */
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

  /** The lifecycle events carry the whole response; the output assembled is kept if theirs is empty. */
  static #lifecycle(assembly: ResponseAssembly, event: Wire): void {
    if (!isObject(event.response)) return;
    const next = structuredClone(event.response) as unknown as ResponseObject;
    if (!Array.isArray(next.output) || next.output.length === 0) next.output = assembly.#response.output;
    assembly.#response = next;
  }

  /** A web search's progress, on its item. */
  static #searching(status: string): Handler {
    return (assembly, event) => {
      const item = assembly.#item(event, WEB_SEARCH);
      if (item) item.status = status;
    };
  }

  /** A delta's text joined onto `field` of what `locate` finds (or starts). */
  static #append(locate: Locate, field: string): Handler {
    return (assembly, event) => {
      const target = locate(assembly, event);
      if (target) target[field] = text(target[field]) + text(event.delta);
    };
  }

  /** A `*.done` event's whole text (its `from` field) in place of what the deltas joined. */
  static #replace(locate: Locate, field: string, from: string): Handler {
    return (assembly, event) => {
      const target = locate(assembly, event);
      if (target && typeof event[from] === "string") target[field] = event[from];
    };
  }

  // Where each kind of event's text goes.
  static #outputText: Locate = (assembly, event) =>
    assembly.#entry(event, MESSAGE, "content", event.content_index, OUTPUT_TEXT);
  static #refusal: Locate = (assembly, event) =>
    assembly.#entry(event, MESSAGE, "content", event.content_index, REFUSAL);
  static #call: Locate = (assembly, event) => assembly.#item(event, FUNCTION_CALL);
  static #summary: Locate = (assembly, event) =>
    assembly.#entry(event, REASONING, "summary", event.summary_index, SUMMARY_TEXT);
  static #reasoningText: Locate = (assembly, event) =>
    assembly.#entry(event, REASONING, "content", event.content_index, REASONING_TEXT);

  /**
   * What each event does to the response. Read as untrusted JSON: positions go through slot()
   * (never "__proto__"), shapes are checked.
   */
  static readonly #events = handlers<ResponseStreamEvent["type"], ResponseAssembly, Wire>({
    "response.created": ResponseAssembly.#lifecycle,
    "response.in_progress": ResponseAssembly.#lifecycle,
    "response.queued": ResponseAssembly.#lifecycle,
    "response.completed": ResponseAssembly.#lifecycle,
    "response.incomplete": ResponseAssembly.#lifecycle,
    "response.output_item.added": (assembly, event) => assembly.#setItem(event),
    "response.output_item.done": (assembly, event) => assembly.#setItem(event),
    "response.content_part.added": (assembly, event) =>
      assembly.#setPart(event, MESSAGE, "content", event.content_index),
    "response.content_part.done": (assembly, event) =>
      assembly.#setPart(event, MESSAGE, "content", event.content_index),
    "response.output_text.delta": ResponseAssembly.#append(ResponseAssembly.#outputText, "text"),
    "response.output_text.done": ResponseAssembly.#replace(ResponseAssembly.#outputText, "text", "text"),
    "response.output_text.annotation.added": (assembly, event) => {
      const part = ResponseAssembly.#outputText(assembly, event);
      const at = slot(event.annotation_index);
      if (!part || at === undefined) return;
      const annotations = Array.isArray(part.annotations) ? part.annotations : (part.annotations = []);
      (annotations as unknown[])[at] = event.annotation;
    },
    "response.refusal.delta": ResponseAssembly.#append(ResponseAssembly.#refusal, "refusal"),
    "response.refusal.done": ResponseAssembly.#replace(ResponseAssembly.#refusal, "refusal", "refusal"),
    "response.function_call_arguments.delta": ResponseAssembly.#append(ResponseAssembly.#call, "arguments"),
    "response.function_call_arguments.done": ResponseAssembly.#replace(
      ResponseAssembly.#call,
      "arguments",
      "arguments",
    ),
    "response.web_search_call.in_progress": ResponseAssembly.#searching("in_progress"),
    "response.web_search_call.searching": ResponseAssembly.#searching("searching"),
    "response.web_search_call.completed": ResponseAssembly.#searching("completed"),
    "response.reasoning_summary_part.added": (assembly, event) =>
      assembly.#setPart(event, REASONING, "summary", event.summary_index),
    "response.reasoning_summary_part.done": (assembly, event) =>
      assembly.#setPart(event, REASONING, "summary", event.summary_index),
    "response.reasoning_summary_text.delta": ResponseAssembly.#append(ResponseAssembly.#summary, "text"),
    "response.reasoning_summary_text.done": (assembly, event) => {
      const entry = ResponseAssembly.#summary(assembly, event);
      // OpenAI sends the whole text as `text`; new-api's conversions send it as `part.text`.
      const whole =
        typeof event.text === "string" ? event.text : isObject(event.part) ? event.part.text : undefined;
      if (entry && typeof whole === "string") entry.text = whole;
    },
    "response.reasoning_text.delta": ResponseAssembly.#append(ResponseAssembly.#reasoningText, "text"),
    "response.reasoning_text.done": ResponseAssembly.#replace(
      ResponseAssembly.#reasoningText,
      "text",
      "text",
    ),
  });

  accumulate(event: ResponseStreamEvent): void {
    dispatch(ResponseAssembly.#events, event.type, this, event as unknown as Wire);
  }

  /** The item at the event's output_index; `start` makes it when none is there yet. */
  #item(event: Wire, start: (id: unknown) => Wire): Wire | undefined {
    const at = slot(event.output_index);
    if (at === undefined) return undefined;
    const item = ((this.#response.output as unknown[])[at] ??= start(event.item_id));
    return isObject(item) ? item : undefined;
  }

  /** An entry of an item's list (`content` parts, `summary` parts) at `index`, started when missing. */
  #entry(
    event: Wire,
    item: (id: unknown) => Wire,
    field: "content" | "summary",
    index: unknown,
    start: () => Wire,
  ): Wire | undefined {
    const at = slot(index);
    const owner = at === undefined ? undefined : this.#item(event, item);
    if (!owner || at === undefined) return undefined;
    const list = (Array.isArray(owner[field]) ? owner[field] : (owner[field] = [])) as unknown[];
    const entry = (list[at] ??= start());
    return isObject(entry) ? entry : undefined;
  }

  #setItem(event: Wire): void {
    const at = slot(event.output_index);
    if (at !== undefined && isObject(event.item))
      this.#response.output[at] = structuredClone(event.item) as unknown as ResponseOutputItem;
  }

  /** A whole part (`*.part.added`, `*.part.done`) in its place in an item's list. */
  #setPart(event: Wire, item: (id: unknown) => Wire, field: "content" | "summary", index: unknown): void {
    const at = slot(index);
    const owner = at === undefined ? undefined : this.#item(event, item);
    if (!owner || at === undefined || !isObject(event.part)) return;
    const list = (Array.isArray(owner[field]) ? owner[field] : (owner[field] = [])) as unknown[];
    list[at] = structuredClone(event.part);
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
  protected readonly framing = FRAMING;

  /** @internal Streams are made by `create({ stream: true })`. */
  constructor(source: AsyncIterable<ResponseStreamEvent[]>, connection: Connection) {
    super(source, connection, new ResponseAssembly());
  }

  /** @internal Wraps a response whose body is the event stream. */
  static open(connection: Connection): ResponseStream {
    const ending = new ClosingEvent(closesResponse, "response.completed");
    return new ResponseStream(jsonEvents(connection, OPERATION, interpretResponses, ending), connection);
  }

  /**
   * The stream a server route sent with `toReadableStream()` (either format), rebuilt in the page
   * with every helper: iteration, `text()`, `reasoning()`, `finalResponse()`, `snapshot()`.
   * `abort()` or `break` cancels the body, and the route then closes its request upstream.
   */
  static fromReadableStream(body: ReadableStream<Uint8Array>): ResponseStream {
    const connection = readableConnection(body, "ResponseStream.fromReadableStream");
    const ending = new ClosingEvent(closesResponse, "response.completed");
    return new ResponseStream(
      jsonEvents(connection, OPERATION, interpretResponses, ending, true),
      connection,
    );
  }

  protected textOf(event: ResponseStreamEvent): string | undefined {
    return event.type === "response.output_text.delta" ? event.delta : undefined;
  }

  /** Reasoning summaries and reasoning text, as they stream. */
  protected reasoningOf(event: ResponseStreamEvent): string | undefined {
    return event.type === "response.reasoning_summary_text.delta" ||
      event.type === "response.reasoning_text.delta"
      ? event.delta
      : undefined;
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
