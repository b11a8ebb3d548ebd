/**
 * A binary body that streams: speech audio now, result downloads (images, music wav/mp4, videos)
 * later. Bytes are handed on as they arrive, so playback or a write to disk starts with the first
 * chunk and memory stays flat; the whole body is gathered only when `arrayBuffer()`, `bytes()` or
 * `blob()` is called.
 *
 * The idle clock runs only while we wait on the network: a consumer that takes its time between two
 * reads (a slow disk, a paused player) is not mistaken for a stalled server.
 */

import { GenwayError } from "../errors/errors.js";
import { bodyClock, type Connection, toConnectionError } from "../http/connection.js";

/**
 * A binary body (speech audio, downloaded results) that streams: iterate it, pipe its `body`, or
 * gather it with `arrayBuffer()`, `bytes()` or `blob()`. Bytes are handed on as they arrive.
 */
export class BinaryResponse implements AsyncIterable<Uint8Array> {
  /** The raw response; its body is read through this object, not directly. */
  readonly response: Response;
  readonly requestId: string | undefined;
  /** Aborting it closes the HTTP request. */
  readonly controller: AbortController;
  readonly #connection: Connection;
  #stream: ReadableStream<Uint8Array> | undefined;
  #disturbed = false;

  /** @internal Made by the methods that return binary bodies. */
  constructor(connection: Connection) {
    this.#connection = connection;
    this.response = connection.response;
    this.requestId = connection.requestId;
    this.controller = connection.controller;
  }

  /** @internal The `wrap` for transport.connect and download(). */
  static open(connection: Connection): BinaryResponse {
    return new BinaryResponse(connection);
  }

  /** The Content-Type the server sent (e.g. `audio/mpeg`), or "" when it sent none. */
  get contentType(): string {
    return this.response.headers.get("content-type") ?? "";
  }

  /** Content-Length when the server sent one; streamed (chunked) bodies have none. */
  get contentLength(): number | undefined {
    const raw = this.response.headers.get("content-length");
    const length = raw === null ? Number.NaN : Number(raw);
    return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
  }

  /** True once reading has begun (by any of the ways below); the bytes can be read only once. */
  get bodyUsed(): boolean {
    return this.#disturbed || (this.#stream?.locked ?? false);
  }

  /**
   * The bytes as a web ReadableStream (pipe it to a file, a player, another Response). Reading is
   * pulled: nothing is fetched ahead of the reader beyond what the socket buffers.
   */
  get body(): ReadableStream<Uint8Array> {
    this.#stream ??= this.#open();
    return this.#stream;
  }

  /** `for await (const chunk of binary)`; `break` closes the HTTP request. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array, void, undefined> {
    const reader = this.#take().getReader();
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          finished = true;
          return;
        }
        yield value;
      }
    } finally {
      if (!finished) await reader.cancel().catch(() => {});
      reader.releaseLock();
    }
  }

  /** Closes the HTTP request; a read in progress or to come fails with APIUserAbortError. */
  abort(): void {
    this.#connection.abort("user");
  }

  /** The whole body in memory. Prefer streaming for large files. */
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  /** The whole body in memory. Prefer streaming for large files. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Response(this.#take()).arrayBuffer();
  }

  /** The whole body as a Blob typed with the response's Content-Type. */
  async blob(): Promise<Blob> {
    const type = this.contentType;
    return new Response(this.#take(), type ? { headers: { "content-type": type } } : {}).blob();
  }

  #take(): ReadableStream<Uint8Array> {
    if (this.bodyUsed) {
      throw new GenwayError(
        "This binary body has already been read; a BinaryResponse streams its bytes once.",
      );
    }
    return this.body;
  }

  #open(): ReadableStream<Uint8Array> {
    const connection = this.#connection;
    const source = connection.response.body;
    if (!source) {
      connection.release();
      return new ReadableStream({ start: (controller) => controller.close() });
    }
    const reader = source.getReader();
    // The attempt's clock, resumed by each read and paused whenever the consumer holds a chunk:
    // only time spent waiting on the server counts.
    const clock = bodyClock(connection);
    // Cancelling the reader on abort ends a pending read even when a custom fetch ignores the signal.
    const signal = connection.controller.signal;
    const onAbort = () => reader.cancel().catch(() => {});
    signal.addEventListener("abort", onAbort, { once: true });
    const finish = () => {
      clock.stop();
      signal.removeEventListener("abort", onAbort);
      connection.release();
    };
    const failure = (error: unknown) =>
      toConnectionError(error, connection.abortReason(), connection.idleTimeout, connection.where?.());
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          this.#disturbed = true;
          clock.resume();
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader.read();
            // A read ended by our cancel() looks like the end of the body: it is not one.
            if (signal.aborted) throw signal.reason;
          } catch (error) {
            finish();
            throw failure(error);
          }
          clock.pause();
          if (chunk.done) {
            finish();
            controller.close();
          } else controller.enqueue(chunk.value);
        },
        cancel: async (reason) => {
          finish();
          // Early exit (break, cancel, a failed pipe): tell the server to stop sending.
          connection.abort("user");
          await reader.cancel(reason).catch(() => {});
        },
      },
      // Nothing is read ahead: a chunk is fetched only when the consumer asks for one.
      { highWaterMark: 0 },
    );
  }
}
