/** Turns SSE messages into a format's JSON events, with error payloads thrown as typed errors. */

import type { Connection } from "./connection.js";
import { decodeError } from "./decode-error.js";
import { APIConnectionError, MalformedResponseError } from "./errors.js";
import { clip } from "./redact.js";
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

/** The object entries of a JSON array; anything else is no entries. */
export function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
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
 * `parse` reads the data as JSON; `fail` turns an error payload into the typed error to throw.
 */
export type Interpret<E> = (
  message: EventSourceMessage,
  parse: () => unknown,
  fail: (payload: unknown) => Error,
) => E | undefined | typeof END;

/**
 * Data-only framing (chat completions, native): every event is a JSON chunk, `data: [DONE]` ends the
 * stream where it is sent, and a chunk carrying `error` is a failure inside the 200.
 */
export function dataOnlyJson<E>(
  message: EventSourceMessage,
  parse: () => unknown,
  fail: (payload: unknown) => Error,
) {
  if (message.data === "[DONE]") return END;
  const chunk = parse() as E & { error?: unknown };
  if (chunk.error !== undefined) throw fail(chunk);
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
  interpret: Interpret<E>,
  isLast?: IsLast<E>,
): AsyncGenerator<E[]> {
  const fail = (payload: unknown) => streamError(payload, connection);
  let ended = isLast === undefined;
  for await (const messages of readSSE(connection)) {
    const events: E[] = [];
    let event: E | undefined | typeof END;
    for (const message of messages) {
      try {
        event = interpret(message, () => parseData(message.data, connection), fail);
      } catch (error) {
        // The events before the failing one still reach the caller (and snapshot()) first.
        if (events.length > 0) yield events;
        throw error;
      }
      if (event === END) break;
      if (event === undefined) continue;
      if (isLast?.(event)) ended = true;
      events.push(event);
    }
    if (events.length > 0) yield events;
    if (event === END) return;
  }
  if (!ended) {
    throw new APIConnectionError(
      "The stream ended before its end marker: the connection was closed early. snapshot() holds what arrived.",
    );
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

function parseData(data: string, connection: Connection): unknown {
  try {
    return JSON.parse(data);
  } catch (error) {
    throw new MalformedResponseError(`A stream event is not valid JSON: ${clip(data, 200)}`, {
      status: connection.response.status,
      requestId: connection.requestId,
      cause: error,
    });
  }
}
