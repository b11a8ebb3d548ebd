/** Turns SSE messages into a format's JSON events, with error payloads thrown as typed errors. */

import { decodeError, errorFromBody } from "../errors/decode-error.js";
import {
  APIConnectionError,
  IncompleteStreamError,
  isGenwayError,
  MalformedResponseError,
} from "../errors/errors.js";
import type { Connection } from "../http/connection.js";
import { clip } from "../shared/redact.js";
import { readSSE } from "./sse.js";
import { KEEP_ALIVE, MAX_EVENT_SIZE, type SSEMessage, UNFRAMED } from "./sse-parser.js";

/**
 * Positions the assemblers accept from the wire (tool-call, choice, output, content, block indices).
 * Real streams count from 0 in ones; a position past this is a hostile or broken gateway, and
 * honouring it would grow a sparse array that every snapshot then walks.
 */
const MAX_SLOT = 4096;

/**
 * An array position read from an event: a non-negative integer below MAX_SLOT, else undefined and
 * the entry is ignored. Never a string: `arr["__proto__"]` or `arr["constructor"]` would reach a
 * shared prototype.
 */
export function slot(index: unknown): number | undefined {
  return typeof index === "number" && Number.isInteger(index) && index >= 0 && index < MAX_SLOT
    ? index
    : undefined;
}

/** A token count read from a stream's untrusted usage: a finite number >= 0, else 0. */
export function tokenCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const NO_OBJECTS: readonly Record<string, unknown>[] = /* @__PURE__ */ Object.freeze([]);

/**
 * The object entries of a JSON array; anything else is no entries. Read-only: an array whose entries
 * are all objects (every real stream's) is returned as it is, so the per-event checks copy nothing.
 */
export function objects(value: unknown): readonly Record<string, unknown>[] {
  if (!Array.isArray(value)) return NO_OBJECTS;
  for (const entry of value) if (!isObject(entry)) return value.filter(isObject);
  return value;
}

/**
 * Copies `source`'s fields onto `target` (deep copies), leaving out `__proto__`: JSON.parse makes it
 * an own key, and assigning it would swap the target's prototype.
 */
export function mergeFields(target: object, source: Record<string, unknown>, skip?: string): void {
  for (const [key, value] of Object.entries(source)) {
    if (key === "__proto__" || key === skip || value === undefined) continue;
    (target as Record<string, unknown>)[key] = structuredClone(value);
  }
}

/** Returned by an interpreter to end the stream (e.g. `data: [DONE]`). */
export const END: unique symbol = Symbol("end");

/**
 * Per format: map one SSE message to an event, `undefined` to skip it, END to stop.
 * `parse(message.data)` reads the data as a JSON object (anything else is a MalformedResponseError);
 * `fail` turns an error payload into the typed error to throw. Both are made once per stream, not
 * per event.
 */
export type Interpret<E> = (
  message: SSEMessage,
  parse: (data: string) => Record<string, unknown>,
  fail: (payload: unknown) => Error,
) => E | undefined | typeof END;

/**
 * Data-only framing (chat completions, native): every event is a JSON chunk, `data: [DONE]` ends the
 * stream where it is sent, and a chunk carrying `error` is a failure inside the 200.
 */
export function dataOnlyJson<E>(
  message: SSEMessage,
  parse: (data: string) => Record<string, unknown>,
  fail: (payload: unknown) => Error,
) {
  if (message.data === "[DONE]") return END;
  const chunk = parse(message.data) as E & { error?: unknown };
  // `"error": null` is how some relays say "no error" in a normal chunk.
  if (chunk.error !== undefined && chunk.error !== null) throw fail(chunk);
  return chunk as E;
}

/**
 * How a format proves its answer whole: told each event, it says when nothing more is awaited.
 * `[DONE]` and the end of the body prove nothing (new-api sends `[DONE]` after an upstream that was
 * cut: relay/helper/stream_scanner.go StreamScannerHandler, relay/channel/openai/relay-openai.go
 * OaiStreamHandler): a
 * stream that ends before its format's end is cut, and `final…()` rejects with
 * IncompleteStreamError. See docs/reliability.md, "When a stream is complete".
 */
export interface Ending<E> {
  /** Folds one event in; true once nothing more is awaited (the stream stops reading, whole). */
  see(event: E): boolean;
  /**
   * The answer is whole (every chat choice finished, message_stop ...), though more may follow (the
   * usage chunk): a stream that ends here, by `[DONE]`, the end of the body, a keep-alive or the
   * idle clock, is complete.
   */
  readonly whole: boolean;
  /** The format's end, as IncompleteStreamError names it: "message_stop", "a finish_reason on every choice". */
  readonly end: string;
}

/** The end of a format with a closing event (message_stop, response.completed): whole once it arrived. */
export class ClosingEvent<E> implements Ending<E> {
  whole = false;
  constructor(
    private readonly closes: (event: E) => boolean,
    readonly end: string,
  ) {}

  see(event: E): boolean {
    if (this.closes(event)) this.whole = true;
    return this.whole;
  }
}

/**
 * Which answers of a stream (chat choices, native candidates) have appeared and which have finished,
 * by position: whole when at least one appeared and every one that appeared has finished.
 */
export class Finishes {
  seen = 0;
  finished = 0;
  /** Per position: 1 appeared, 2 finished. */
  readonly #state: number[] = [];

  mark(index: number, finished: boolean): void {
    const state = this.#state[index];
    if (state === undefined) this.seen++;
    if (finished && state !== 2) {
      this.finished++;
      this.#state[index] = 2;
    } else if (state === undefined) this.#state[index] = 1;
  }

  get all(): boolean {
    return this.finished > 0 && this.finished === this.seen;
  }
}

/**
 * A format's events, in the batches readSSE delivers (see there). A consumer that stops between
 * two events of a batch (break, abort) stops the source with it. Returns, once the stream ended
 * without an error, `undefined` when the format proved the answer whole, else the
 * IncompleteStreamError that `final…()` rejects with (plain iteration just ends).
 */
export async function* jsonEvents<E>(
  connection: Connection,
  operation: string,
  interpret: Interpret<E>,
  ending: Ending<E>,
  /** A line of JSON with no framing is an event (toReadableStream's NDJSON), not an error to look for. */
  lines = false,
): AsyncGenerator<E[], IncompleteStreamError | undefined> {
  const reader = new BatchReader(connection, operation, interpret, ending, lines);
  const reading = { atEnd: false };
  try {
    for await (const messages of readSSE(connection, MAX_EVENT_SIZE, reading)) {
      const events = reader.read(messages);
      // The events before a failing one still reach the caller (and snapshot()) first.
      if (events.length > 0) yield events;
      if (reader.failure) throw reader.failure;
      // Whole with nothing more awaited, `[DONE]`, or a keep-alive after a whole answer: stop
      // now, whether or not the relay closes (readSSE releases the connection, see there).
      if (reader.stopped) {
        reading.atEnd = true;
        break;
      }
    }
  } catch (error) {
    // The connection went silent or broke once the answer was whole (a relay that stalls after the
    // finish chunk, the usage never sent): the answer is complete, not lost.
    if (!(ending.whole && error instanceof APIConnectionError)) throw error;
  }
  if (ending.whole) return undefined;
  return new IncompleteStreamError(
    `The ${operation} stream ended (${reader.done ? "[DONE]" : "the body ended"}) before ${ending.end}: the answer was cut upstream. snapshot() holds what arrived.`,
    { missing: ending.end, requestId: connection.requestId },
  );
}

/**
 * Turns one batch of SSE messages into events. A plain method, not the generator's own loop: V8
 * optimises it as ordinary code (measured: the per-event loop inside the async generator cost
 * about as much as the async step that hands each event out).
 */
class BatchReader<E> {
  /** Stop reading: the format's end (see Ending), `[DONE]`, or a keep-alive after a whole answer. */
  stopped = false;
  /** The interpreter returned END (`data: [DONE]`). */
  done = false;
  /** The typed error of the batch's failing event, thrown once the events before it are out. */
  failure: Error | undefined;
  readonly #parse: (data: string) => Record<string, unknown>;
  readonly #fail: (payload: unknown) => Error;

  constructor(
    private readonly connection: Connection,
    private readonly operation: string,
    private readonly interpret: Interpret<E>,
    private readonly ending: Ending<E>,
    private readonly lines: boolean,
  ) {
    this.#parse = (data) => parseObject(data, operation, connection);
    this.#fail = (payload) => streamError(payload, connection);
  }

  read(messages: SSEMessage[]): E[] {
    const events: E[] = [];
    for (const message of messages) {
      const kind = message.event;
      if (kind === KEEP_ALIVE) {
        // A relay with nothing to send keeps the line open: after a whole answer, nothing is coming
        // that the answer needs (new-api holds the usage chunk back and pings: see docs/reliability.md).
        if (this.ending.whole) {
          this.stopped = true;
          break;
        }
        continue;
      }
      if (kind === UNFRAMED && !this.lines) {
        this.failure = this.#unframed(message.data);
        if (this.failure) break;
        continue;
      }
      let event: E | undefined | typeof END;
      try {
        event = this.interpret(message, this.#parse, this.#fail);
      } catch (error) {
        this.failure = isGenwayError(error)
          ? error
          : unusableEvent(this.operation, message.data, this.connection, error);
        break;
      }
      if (event === END) {
        this.stopped = this.done = true;
        break;
      }
      if (event === undefined) continue;
      events.push(event);
      if (this.ending.see(event)) {
        this.stopped = true;
        break;
      }
    }
    return events;
  }

  /**
   * A line of JSON written onto the stream without framing: the typed error it names when it is an
   * error envelope of any shape the decoder knows (new-api's `{"error":{...},"type":"error"}` on
   * /v1/messages, controller/relay.go: the deferred handler of func Relay), else nothing (the grammar ignores such a line).
   */
  #unframed(line: string): Error | undefined {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return undefined;
    }
    return errorFromBody(value) === undefined ? undefined : this.#fail(value);
  }
}

/** The typed error for an error payload that arrived inside a 200 stream. */
function streamError(payload: unknown, connection: Connection): Error {
  return decodeError({
    body: payload,
    headers: connection.response.headers,
    requestId: connection.requestId,
  });
}

/** An event's data as a JSON object: not JSON, or JSON that is no object, is a MalformedResponseError. */
function parseObject(data: string, operation: string, connection: Connection): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (error) {
    throw new MalformedResponseError(
      `A ${operation} stream event is not valid JSON: ${clip(data, 200, "...")}`,
      {
        status: connection.response.status,
        requestId: connection.requestId,
        cause: error,
      },
    );
  }
  if (!isObject(value)) {
    throw new MalformedResponseError(
      `A ${operation} stream event is not a JSON object: ${clip(data, 200, "...")}`,
      { status: connection.response.status, requestId: connection.requestId },
    );
  }
  return value;
}

/**
 * The typed error for an event the SDK could not use (a shape no check foresaw): never the raw
 * TypeError from inside, always the operation and a bounded excerpt of what arrived.
 */
export function unusableEvent(
  operation: string,
  data: unknown,
  connection: Connection,
  cause: unknown,
): Error {
  const text = typeof data === "string" ? data : safeJson(data);
  return new MalformedResponseError(
    `A ${operation} stream event could not be read: ${clip(text, 200, "...")}`,
    {
      status: connection.response.status,
      requestId: connection.requestId,
      cause,
    },
  );
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
