/**
 * Result files, as the object store behind a gateway serves them: GET /files/<name> with no key.
 * PNGs are rendered at the size written in their name (`img-x-0-1024x576.png`); audio names
 * (.mp3, .aac, .flac, .ogg/.opus, .wav, .pcm) give a small valid file of that format. Like an S3 presigned URL,
 * a request that carries an Authorization header is refused: a client that leaks its gateway key to
 * a file host fails loudly here instead of passing unnoticed.
 */
import type { Route } from "../context.js";
import { framedBody } from "../http.js";
import { AUDIO_CONTENT_TYPES, type AudioFormat, audioFile } from "../media/audio.js";
import { MAX_PNG_SIDE, pngImage } from "../media/png.js";

/** Paths served without a key (the gateway's auth check skips them). */
export const PUBLIC_FILES = /^\/files\//;

/** Bodies go out in pieces of this size, so stall and cut faults apply to downloads too. */
const PIECE = 16 * 1024;
const AUDIO_FILE_BYTES = 64 * 1024;

const AUDIO_EXTENSIONS: Record<string, AudioFormat> = {
  mp3: "mp3",
  aac: "aac",
  flac: "flac",
  ogg: "opus",
  opus: "opus",
  wav: "wav",
  pcm: "pcm",
};

/** Where the image a route generated can be downloaded. */
export function fileURL(origin: string, name: string): string {
  return `${origin}/files/${encodeURIComponent(name)}`;
}

function storeError(status: number, code: string, message: string): Response {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  return new Response(xml, { status, headers: { "content-type": "application/xml" } });
}

function seedOf(name: string): number {
  let seed = 0;
  for (let i = 0; i < name.length; i++) seed = (seed * 31 + name.charCodeAt(i)) >>> 0;
  return seed;
}

function render(name: string): { bytes: Uint8Array; type: string } | undefined {
  const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  if (extension === "png") {
    const size = /-(\d+)x(\d+)\.png$/i.exec(name);
    const width = Math.min(Number(size?.[1] ?? 1024), MAX_PNG_SIDE);
    const height = Math.min(Number(size?.[2] ?? 1024), MAX_PNG_SIDE);
    if (width < 1 || height < 1) return undefined;
    return { bytes: pngImage(width, height, seedOf(name)), type: "image/png" };
  }
  const format = AUDIO_EXTENSIONS[extension];
  if (format) return { bytes: audioFile(format, AUDIO_FILE_BYTES), type: AUDIO_CONTENT_TYPES[format] };
  return undefined;
}

function* pieces(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += PIECE) yield bytes.subarray(at, at + PIECE);
}

export const fileRoutes: Route[] = [
  {
    method: "GET",
    pattern: /^\/files\/(?<name>[^/]+)$/,
    handle(context) {
      if (context.request.headers.has("authorization")) {
        return storeError(
          400,
          "InvalidArgument",
          "Only one auth mechanism allowed; a result URL needs no Authorization header",
        );
      }
      const name = decodeURIComponent(context.params.name ?? "");
      const file = render(name);
      if (!file) return storeError(404, "NoSuchKey", "The specified key does not exist.");
      return new Response(framedBody(pieces(file.bytes), context.frames()), {
        headers: { "content-type": file.type, "content-length": String(file.bytes.length) },
      });
    },
  },
];
