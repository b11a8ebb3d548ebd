/** Turns SSE messages into a format's JSON events, with error payloads thrown as typed errors. */
import { decodeError } from "./decode-error.js";
import { MalformedResponseError } from "./errors.js";
import { type EventSourceMessage, readSSE } from "./sse.js";
import type { Connection } from "./transport.js";

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

export async function* jsonEvents<E>(connection: Connection, interpret: Interpret<E>): AsyncGenerator<E> {
  const fail = (payload: unknown) => streamError(payload, connection);
  for await (const message of readSSE(connection)) {
    const event = interpret(message, () => parseData(message.data, connection), fail);
    if (event === END) return;
    if (event !== undefined) yield event;
  }
}

/** The typed error for an error payload that arrived inside a 200 stream. */
export function streamError(payload: unknown, connection: Connection): Error {
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
    throw new MalformedResponseError(`A stream event is not valid JSON: ${data.slice(0, 200)}`, {
      status: connection.response.status,
      requestId: connection.requestId,
      cause: error,
    });
  }
}
