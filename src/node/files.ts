/**
 * Node-only file helpers: upload from a path without reading it into memory, and save a binary
 * response to disk with flat memory whatever its size.
 */
import { createWriteStream, openAsBlob } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { basename } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { mimeFromName, toFile } from "../core/uploads/index.js";

export interface FileFromPathOptions {
  /** MIME type; default from the extension, else from the first bytes. */
  type?: string;
  /** File name sent to the server; default the path's base name. */
  name?: string;
}

/**
 * A File backed by the file on disk (fs.openAsBlob): bytes are read only when the request is sent.
 * Like any disk-backed Blob, reading fails if the file changes after this call.
 */
export async function fileFromPath(path: string, options: FileFromPathOptions = {}): Promise<File> {
  // stat first: openAsBlob's own error ("Unable to open file as blob") names neither path nor cause.
  if (!(await stat(path)).isFile()) throw new TypeError(`fileFromPath: ${path} is not a regular file`);
  const name = options.name ?? basename(path);
  // Without a type from the option or the extension, toFile sniffs the first bytes (a small read).
  const type = options.type ?? mimeFromName(path) ?? mimeFromName(name);
  return toFile(await openAsBlob(path), name, type ? { type } : {});
}

/** What saveToFile accepts: a BinaryResponse-like `{ body }`, a fetch Response, or a stream. */
export type SavableBody = { body: ReadableStream<Uint8Array> | null } | Response | ReadableStream<Uint8Array>;

/**
 * Streams `binary` to `path` (created or truncated; the folder must exist). A partial file is
 * removed when the stream fails, so a file on disk is always a whole one.
 */
export async function saveToFile(
  binary: SavableBody,
  path: string,
): Promise<{ bytes: number; path: string }> {
  const stream = "getReader" in binary ? binary : binary.body;
  let bytes = 0;
  async function* count(source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      bytes += chunk.byteLength;
      yield chunk;
    }
  }
  // highWaterMark 0: the Node side reads a chunk only when the file takes one, so what is in memory
  // between the socket and the disk is the chunk being written (and the one on its way).
  const source = stream
    ? Readable.fromWeb(stream as NodeReadableStream<Uint8Array>, { highWaterMark: 0 })
    : Readable.from([]);
  const sink = createWriteStream(path);
  try {
    await pipeline(source, count, sink);
  } catch (error) {
    // The file may still be opening when the source fails: remove it only once the sink has closed,
    // or it would be created again after the removal.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once("close", () => resolve()));
    await rm(path, { force: true });
    throw error;
  }
  return { bytes, path };
}
