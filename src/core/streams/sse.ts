/**
 * The one SSE reader every stream uses: a response body read chunk by chunk, UTF-8 decoded across
 * chunk boundaries, through the event-stream grammar (sse-parser.ts), under the idle clock between
 * chunks and a bound on the size of one event. See docs/reliability.md.
 */
import { MalformedResponseError } from "../errors/errors.js";
import { bodyClock, bodyFailure, type Connection } from "../http/connection.js";
import { isKeepAlive, MAX_EVENT_SIZE, type SSEMessage, SSEParser } from "./sse-parser.js";

/** How a consumer left readSSE early: at the stream's end (`atEnd`), or not (break, error, abort). */
export interface SSEReading {
  /**
   * Set before stopping at the stream's end (its format's end, or `[DONE]`): the rest of the body is
   * read briefly (see `release`), so that a server ending it now leaves its connection reusable,
   * instead of the request being cut.
   */
  atEnd: boolean;
}

/**
 * Yields the events of an SSE body, in batches: all the events one network chunk completed, so a
 * chunk of a hundred events costs one async step, not a hundred. Ends cleanly at the end of the
 * body, whatever the last event was. The consumer checks the abort signal between events.
 */
export async function* readSSE(
  connection: Connection,
  maxEventSize = MAX_EVENT_SIZE,
  reading?: SSEReading,
): AsyncGenerator<SSEMessage[]> {
  const { response } = connection;
  const body = response.body;
  if (!body) return;
  const parser = new SSEParser(maxEventSize);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const signal = connection.controller.signal;
  // A custom fetch may ignore the signal; cancelling the reader ends a pending read either way.
  const onAbort = () => reader.cancel().catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  const clock = bodyClock(connection);
  // Until the first data event the answer has not come: a relay may ping before it (idle-clock.ts).
  clock.awaitData();
  let finished = false;
  try {
    for (let ended = false; !ended; ) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
        if (signal.aborted) throw signal.reason;
      } catch (error) {
        throw bodyFailure(connection, error);
      }
      const batch: SSEMessage[] = [];
      let progress = false;
      if (chunk.done) {
        // Flush a trailing multi-byte remainder, then end a line and an event the server did not close.
        parser.feed(decoder.decode(), batch);
        parser.end(batch);
        ended = true;
      } else {
        parser.feed(decoder.decode(chunk.value, { stream: true }), batch);
        // Keep-alives are not progress: a relay that pings while its upstream is dead (new-api's
        // ping ticker, relay/helper/stream_scanner.go) must not hold the idle clock off.
        progress = carriesData(batch) || parser.midEvent;
        if (progress) clock.touch();
      }
      if (batch.length > 0) {
        // A slow consumer is not a silent server: the clock waits while the caller holds our events.
        // Keep-alives alone reach no caller (the stream's reader handles them at once): it runs on.
        const held = progress || ended;
        if (held) clock.pause();
        yield batch;
        // Aborted while holding the events: stop here, even if the rest of the body is already read.
        if (signal.aborted) throw bodyFailure(connection, signal.reason);
        if (held) clock.resume();
      }
      if (parser.overflow) throw oversize(connection, maxEventSize);
    }
    finished = true;
  } finally {
    clock.stop();
    signal.removeEventListener("abort", onAbort);
    connection.release();
    if (!finished) {
      if (reading?.atEnd) release(reader, connection);
      else {
        // Early exit (break, error, abort): close the HTTP request so the server stops sending.
        connection.abort("user");
        reader.cancel().catch(() => {});
      }
    }
  }
}

/** How long, and for how many reads, a stream complete by its format waits for its body's end. */
const RELEASE_MS = 100;
const RELEASE_READS = 8;

/**
 * The format's end came before the body's (a chat stream's `[DONE]` may still be on its way): read on
 * in the background, without waiting for it, for at most RELEASE_READS chunks and RELEASE_MS. A
 * server that ends the body now (every normal one does, within a few ms) leaves the connection
 * reusable by the next call; one that keeps it open (keep-alives, more data, silence: D11) has the
 * request closed.
 */
function release(reader: ReadableStreamDefaultReader<Uint8Array>, connection: Connection): void {
  const close = () => {
    connection.abort("user");
    reader.cancel().catch(() => {});
  };
  const timer = setTimeout(close, RELEASE_MS);
  (timer as { unref?: () => void }).unref?.();
  (async () => {
    for (let reads = 0; reads < RELEASE_READS; reads++) if ((await reader.read()).done) return;
    close();
  })()
    .catch(() => {})
    .finally(() => clearTimeout(timer));
}

/** Whether a batch holds an event that carries data (the first message says so on every real stream). */
function carriesData(batch: SSEMessage[]): boolean {
  for (const message of batch) if (!isKeepAlive(message)) return true;
  return false;
}

function oversize(connection: Connection, limit: number): MalformedResponseError {
  return new MalformedResponseError(`A stream event exceeded ${limit} characters; the stream was closed.`, {
    status: connection.response.status,
    requestId: connection.requestId,
    headers: connection.response.headers,
  });
}
