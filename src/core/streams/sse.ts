/**
 * The one SSE reader every stream uses. It decodes UTF-8 across chunk boundaries, accepts LF, CR
 * and CRLF framing, comments and a missing final blank line (eventsource-parser), enforces the
 * idle clock between chunks and bounds the size of a single event.
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { MalformedResponseError } from "../errors/errors.js";
import { type Connection, toConnectionError } from "../http/connection.js";
import { IdleClock } from "./idle-clock.js";

export type { EventSourceMessage };

/** A single event larger than this (8 MiB of text) is a broken or hostile stream, not data. */
export const MAX_EVENT_SIZE = 8 * 1024 * 1024;

/**
 * Yields the events of an SSE body, in batches: all the events one network chunk completed, so a
 * chunk of a hundred events costs one async step, not a hundred. Ends cleanly at the end of the
 * body, whatever the last event was. The consumer checks the abort signal between events.
 */
export async function* readSSE(
  connection: Connection,
  maxEventSize = MAX_EVENT_SIZE,
): AsyncGenerator<EventSourceMessage[]> {
  const { response } = connection;
  const body = response.body;
  if (!body) return;
  let queue: EventSourceMessage[] = [];
  let overflow = false;
  const parser = createParser({
    onEvent: (event) => {
      // The parser only bounds what it buffers; an event that arrived whole in one chunk is held
      // to the same limit, so the outcome does not depend on how the network cut the stream.
      if (event.data.length > maxEventSize) overflow = true;
      if (!overflow) queue.push(event);
    },
    onError: (error) => {
      if (error.type === "max-buffer-size-exceeded") overflow = true;
    },
    maxBufferSize: maxEventSize,
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const signal = connection.controller.signal;
  // A custom fetch may ignore the signal; cancelling the reader ends a pending read either way.
  const onAbort = () => reader.cancel().catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  const clock = new IdleClock(connection.idleTimeout, () => connection.abort("idle"));
  let finished = false;
  try {
    for (let ended = false; !ended; ) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
        if (signal.aborted) throw signal.reason;
      } catch (error) {
        throw toConnectionError(error, connection.abortReason(), connection.idleTimeout);
      }
      if (chunk.done) {
        // Flush a trailing multi-byte remainder, then end an event the server did not close with a blank line.
        parser.feed(`${decoder.decode()}\n\n`);
        ended = true;
      } else {
        clock.touch();
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
      if (queue.length > 0) {
        const batch = queue;
        queue = [];
        // A slow consumer is not a silent server: the clock waits while the caller holds our events.
        clock.pause();
        yield batch;
        // Aborted while holding the events: stop here, even if the rest of the body is already read.
        if (signal.aborted) throw toConnectionError(signal.reason, connection.abortReason(), 0);
        clock.resume();
      }
      if (overflow) throw oversize(connection, maxEventSize);
    }
    finished = true;
  } finally {
    clock.stop();
    signal.removeEventListener("abort", onAbort);
    connection.release();
    if (!finished) {
      // Early exit (break, error, abort): close the HTTP request so the server stops sending.
      connection.abort("user");
      reader.cancel().catch(() => {});
    }
  }
}

function oversize(connection: Connection, limit: number): MalformedResponseError {
  return new MalformedResponseError(`A stream event exceeded ${limit} characters; the stream was closed.`, {
    status: connection.response.status,
    requestId: connection.requestId,
    headers: connection.response.headers,
  });
}
