/** Turns SSE messages into a format's JSON events, with error payloads thrown as typed errors. */

import { decodeError } from "../errors/decode-error.js";
import { APIConnectionError, isGenwayError, MalformedResponseError } from "../errors/errors.js";
import type { Connection } from "../http/connection.js";
import { clip } from "../http/redact.js";
import { type EventSourceMessage, readSSE } from "./sse.js";

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
  message: EventSourceMessage,
  parse: (data: string) => Record<string, unknown>,
  fail: (payload: unknown) => Error,
) => E | undefined | typeof END;

/**
 * Data-only framing (chat completions, native): every event is a JSON chunk, `data: [DONE]` ends the
 * stream where it is sent, and a chunk carrying `error` is a failure inside the 200.
 */
export function dataOnlyJson<E>(
  message: EventSourceMessage,
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
 * Whether an event proves the answer complete: the format's closing event (message_stop,
 * response.completed) or a finish reason (chat, native). A body that ends before one was cut short
 * by a proxy or a server that gave up, and throws APIConnectionError instead of passing half an
 * answer off as the whole one (snapshot() keeps what arrived). END from the interpreter
 * (`data: [DONE]`) also counts: relays may omit `[DONE]`, never the finish reason.
 */
export type IsLast<E> = (event: E) => boolean;

/**
 * A format's events, in the batches readSSE delivers (see there). A consumer that stops between
 * two events of a batch (break, abort) stops the source with it.
 */
export async function* jsonEvents<E>(
  connection: Connection,
  operation: string,
  interpret: Interpret<E>,
  isLast?: IsLast<E>,
): AsyncGenerator<E[]> {
  const reader = new BatchReader(connection, operation, interpret, isLast);
  for await (const messages of readSSE(connection)) {
    const events = reader.read(messages);
    // The events before a failing one still reach the caller (and snapshot()) first.
    if (events.length > 0) yield events;
    if (reader.failure) throw reader.failure;
    if (reader.stopped) return;
  }
  if (!reader.complete) {
    throw new APIConnectionError(
      "The stream ended before its end marker: the connection was closed early. snapshot() holds what arrived.",
    );
  }
}

/**
 * Turns one batch of SSE messages into events. A plain method, not the generator's own loop: V8
 * optimises it as ordinary code (measured: the per-event loop inside the async generator cost
 * about as much as the async step that hands each event out).
 */
class BatchReader<E> {
  /** A closing event was seen (see IsLast); a format without one is always complete. */
  complete: boolean;
  /** The interpreter returned END: the stream stops where it was sent. */
  stopped = false;
  /** The typed error of the batch's failing event, thrown once the events before it are out. */
  failure: Error | undefined;
  readonly #parse: (data: string) => Record<string, unknown>;
  readonly #fail: (payload: unknown) => Error;

  constructor(
    private readonly connection: Connection,
    private readonly operation: string,
    private readonly interpret: Interpret<E>,
    private readonly isLast: IsLast<E> | undefined,
  ) {
    this.complete = isLast === undefined;
    this.#parse = (data) => parseObject(data, operation, connection);
    this.#fail = (payload) => streamError(payload, connection);
  }

  read(messages: EventSourceMessage[]): E[] {
    const events: E[] = [];
    for (const message of messages) {
      let event: E | undefined | typeof END;
      try {
        event = this.interpret(message, this.#parse, this.#fail);
        if (event === END) {
          this.stopped = true;
          break;
        }
        if (event === undefined) continue;
        if (this.isLast?.(event)) this.complete = true;
      } catch (error) {
        this.failure = isGenwayError(error)
          ? error
          : unusableEvent(this.operation, message.data, this.connection, error);
        break;
      }
      events.push(event);
    }
    return events;
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
