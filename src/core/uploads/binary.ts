/**
 * A binary body that streams: speech audio now, result downloads (images, music wav/mp4, videos)
 * later. Bytes are handed on as they arrive, so playback or a write to disk starts with the first
 * chunk and memory stays flat; the whole body is gathered only when `arrayBuffer()`, `bytes()` or
 * `blob()` is called.
 *
 * The idle clock runs only while we wait on the network: a consumer that takes its time between two
 * reads (a slow disk, a paused player) is not mistaken for a stalled server.
 *
 * An empty body is no answer: it resolves only once its first bytes arrived, and a 200 of 0 bytes
 * (new-api sends one, billed, when its read of the upstream's audio breaks off: relay/channel/
 * openai/audio.go OpenaiTTSHandler, relay/audio_handler.go) rejects with a MalformedResponseError
 * of `type: "empty_body"`, never retried.
 */

import { GenwayError, MalformedResponseError } from "../errors/errors.js";
import { bodyClock, bodyFailure, type Connection } from "../http/connection.js";

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
  /** The body's reader, made when the first bytes are awaited (see {@link opener}). */
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  /** The first bytes, read before the answer resolved; handed out first. */
  #first: Uint8Array | undefined;
  /** Detaches the reader from the connection's abort. */
  #unwatch: (() => void) | undefined;

  /** @internal Made by the methods that return binary bodies. */
  constructor(connection: Connection) {
    this.#connection = connection;
    this.response = connection.response;
    this.requestId = connection.requestId;
    this.controller = connection.controller;
  }

  /**
   * @internal The `wrap` of a binary answer (`what` names it in the error of an empty one: "audio",
   * "file"): resolves once the first bytes arrived, rejects on a body of 0 bytes.
   */
  static opener(what: string): (connection: Connection) => Promise<BinaryResponse> {
    return async (connection) => {
      const binary = new BinaryResponse(connection);
      await binary.#awaitFirst(what);
      return binary;
    };
  }

  /** @internal The `wrap` for transport.connect and download(): a file. */
  static readonly open: (connection: Connection) => Promise<BinaryResponse> = BinaryResponse.opener("file");

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

  /**
   * Reads until the first bytes (kept for the consumer), or rejects: a body of 0 bytes (declared by
   * Content-Length: 0, or ending at once) is no answer, and may have been billed.
   */
  async #awaitFirst(what: string): Promise<void> {
    const connection = this.#connection;
    const source = connection.response.body;
    if (source && this.contentLength !== 0) {
      this.#reader = this.#watch(source.getReader());
      for (;;) {
        const chunk = await this.#read();
        if (chunk.done) break;
        if (chunk.value.byteLength > 0) {
          this.#first = chunk.value;
          return;
        }
      }
    } else {
      this.#finish();
      await source?.cancel().catch(() => {});
    }
    const { response } = connection;
    throw new MalformedResponseError(
      `The gateway answered ${response.status} with no ${what} (0 bytes); the request may have been billed, and was not retried.`,
      { status: response.status, type: "empty_body", requestId: this.requestId, headers: response.headers },
    );
  }

  /** Hooks the reader to the connection: an abort cancels it (a pending read ends even when a custom fetch ignores its signal). */
  #watch(reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStreamDefaultReader<Uint8Array> {
    const signal = this.#connection.controller.signal;
    const onAbort = () => reader.cancel().catch(() => {});
    signal.addEventListener("abort", onAbort, { once: true });
    this.#unwatch = () => signal.removeEventListener("abort", onAbort);
    return reader;
  }

  /**
   * One read under the attempt's clock, resumed for the read and paused when it returns: only time
   * spent waiting on the server counts. A failure ends the body and is typed.
   */
  async #read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    const connection = this.#connection;
    const clock = bodyClock(connection);
    const signal = connection.controller.signal;
    clock.resume();
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await this.#reader!.read();
      // A read ended by our cancel() looks like the end of the body: it is not one.
      if (signal.aborted) throw signal.reason;
    } catch (error) {
      this.#finish();
      throw bodyFailure(connection, error);
    }
    clock.pause();
    if (chunk.done) this.#finish();
    return chunk;
  }

  /** The body is done with: the clock stops, the connection lets go of the caller's signal. */
  #finish(): void {
    bodyClock(this.#connection).stop();
    this.#unwatch?.();
    this.#connection.release();
  }

  #open(): ReadableStream<Uint8Array> {
    const connection = this.#connection;
    if (!this.#reader) {
      // Made without awaiting its first bytes (new BinaryResponse(connection)): read from the start.
      const source = connection.response.body;
      if (!source) {
        connection.release();
        return new ReadableStream({ start: (controller) => controller.close() });
      }
      this.#reader = this.#watch(source.getReader());
    }
    const reader = this.#reader;
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          this.#disturbed = true;
          const first = this.#first;
          if (first) {
            this.#first = undefined;
            controller.enqueue(first);
            return;
          }
          const chunk = await this.#read();
          if (chunk.done) controller.close();
          else controller.enqueue(chunk.value);
        },
        cancel: async (reason) => {
          this.#finish();
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
