/**
 * Files going up: anything a caller can hold (Blob, bytes, a stream, a fetch Response) becomes a
 * named, typed File for multipart, or base64 text for JSON fields typed "Base64 or URL".
 * Runtime-agnostic: only Blob/File/FormData/ReadableStream/atob/btoa.
 */
import { ValidationError, type ValidationIssue } from "../errors/errors.js";
import { shown } from "../validation/options.js";
import {
  extensionForMime,
  type ImageSize,
  imageDimensions,
  imageFormat,
  JPEG_HEADER_LIMIT,
  mimeFromName,
  SNIFF_BYTES,
  sniffMime,
} from "./sniff.js";

/** Anything genway can upload. Node users can also pass `fileFromPath()` from `genway/node`. */
export type Uploadable =
  | Blob
  | File
  | Uint8Array
  | ArrayBuffer
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array>
  | Response;

/** Options of {@link toFile}. */
export interface ToFileOptions {
  /** MIME type to send; wins over everything we would infer. */
  type?: string;
  /** Stops reading a stream source (it is cancelled) when it aborts. */
  signal?: AbortSignal | undefined;
}

/** Types that say nothing, so we look at the bytes instead. */
const GENERIC_TYPES = new Set(["", "application/octet-stream", "binary/octet-stream"]);

type Bytes = Uint8Array<ArrayBuffer>;
const isObject = (value: unknown): value is Record<PropertyKey, unknown> =>
  typeof value === "object" && value !== null;

// Duck-typed so Blobs and Responses from another realm (undici, a polyfilled fetch) still count.
function isBlob(value: unknown): value is Blob {
  return (
    isObject(value) &&
    typeof value.size === "number" &&
    typeof value.type === "string" &&
    typeof value.slice === "function" &&
    typeof value.arrayBuffer === "function"
  );
}
function isResponse(value: unknown): value is Response {
  return (
    (typeof Response !== "undefined" && value instanceof Response) ||
    (isObject(value) &&
      typeof value.blob === "function" &&
      typeof value.status === "number" &&
      "headers" in value)
  );
}
const isStream = (value: unknown): value is ReadableStream<Uint8Array> =>
  isObject(value) && typeof value.getReader === "function";
const isAsyncIterable = (value: unknown): value is AsyncIterable<Uint8Array> =>
  isObject(value) && typeof value[Symbol.asyncIterator] === "function";
const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  value instanceof ArrayBuffer || Object.prototype.toString.call(value) === "[object ArrayBuffer]";

/** True for every value {@link toFile} accepts. Strings are not: a string is a URL, base64 or text. */
export function isUploadable(value: unknown): value is Uploadable {
  return (
    isBlob(value) ||
    isArrayBuffer(value) ||
    ArrayBuffer.isView(value) ||
    isResponse(value) ||
    isStream(value) ||
    isAsyncIterable(value)
  );
}

/** Bytes of any ArrayBuffer view, without copying. */
function viewBytes(value: ArrayBufferView | ArrayBuffer): Bytes {
  if (isArrayBuffer(value)) return new Uint8Array(value);
  return new Uint8Array(value.buffer as ArrayBuffer, value.byteOffset, value.byteLength);
}

/** Streams and iterables are gathered into a Blob: a multipart part needs a known size. */
async function collect(chunks: AsyncIterable<Uint8Array | string>): Promise<Blob> {
  const parts: BlobPart[] = [];
  for await (const chunk of chunks) parts.push(typeof chunk === "string" ? chunk : (chunk as Bytes));
  return new Blob(parts);
}

async function* readAll(
  stream: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  // A reader loop, not `for await (of stream)`: Safari's ReadableStream is not async-iterable.
  const reader = stream.getReader();
  const onAbort = () => reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    reader.releaseLock();
  }
}

/** Any Uploadable as a Blob. Blobs come back as they are, so disk-backed Blobs are never read here. */
async function toBlob(value: Uploadable, signal?: AbortSignal): Promise<Blob> {
  if (isBlob(value)) return value;
  if (isArrayBuffer(value) || ArrayBuffer.isView(value)) return new Blob([viewBytes(value)]);
  if (isResponse(value)) return value.blob();
  if (isStream(value)) return collect(readAll(value, signal));
  if (isAsyncIterable(value)) return collect(value);
  throw new ValidationError("toFile", [
    {
      path: "file",
      rule: "invalid_type",
      message: `must be a Blob, File, Uint8Array, ArrayBuffer, ReadableStream, AsyncIterable or Response, got ${shown(value)}`,
    },
  ]);
}

const baseName = (path: string): string => path.split(/[/\\]/).pop() ?? "";

/** The name the value already carries: File.name, fs.ReadStream.path, the last segment of Response.url. */
function ownName(value: Uploadable): string | undefined {
  if (isBlob(value))
    return "name" in value && typeof value.name === "string" && value.name ? value.name : undefined;
  if (isResponse(value)) {
    try {
      return decodeURIComponent(baseName(new URL(value.url).pathname)) || undefined;
    } catch {
      return undefined;
    }
  }
  const path = (value as { path?: unknown }).path;
  return typeof path === "string" ? baseName(path) || undefined : undefined;
}

async function head(blob: Blob, bytes: number): Promise<Bytes> {
  return new Uint8Array(await blob.slice(0, bytes).arrayBuffer());
}

/** `image.png`, `audio.mp3`, `video.mp4`, else `file.<ext>` or `file.bin`. */
function defaultName(type: string): string {
  const kind = type.split("/")[0]!;
  const stem = kind === "image" || kind === "audio" || kind === "video" ? kind : "file";
  return `${stem}.${extensionForMime(type) ?? "bin"}`;
}

/**
 * A File ready for FormData. Type: `options.type` > the Blob's own (non-generic) type > magic bytes >
 * the name's extension; application/octet-stream only when none of those says anything.
 * Blobs and Files are re-wrapped, never copied, so a disk-backed Blob stays on disk.
 */
export async function toFile(value: Uploadable, name?: string, options: ToFileOptions = {}): Promise<File> {
  const blob = await toBlob(value, options.signal);
  const givenName = name ?? ownName(value);
  const type =
    options.type ||
    (GENERIC_TYPES.has(blob.type) ? undefined : blob.type) ||
    sniffMime(await head(blob, 64)) ||
    (givenName && mimeFromName(givenName)) ||
    "application/octet-stream";
  const fileName = givenName ?? defaultName(type);
  if (typeof File !== "undefined" && blob instanceof File && blob.name === fileName && blob.type === type) {
    return blob;
  }
  return new File([blob], fileName, { type });
}

const FILE_KINDS = "a Blob, File, Uint8Array, ArrayBuffer, ReadableStream, AsyncIterable or Response";

/**
 * A multipart body on the platform FormData. Uploadables (or arrays of them, repeated under one
 * name) become files; strings, numbers and booleans become text; other objects become JSON text.
 * Fields listed in `fileFields` must hold Uploadables. Null and undefined fields are left out.
 */
export async function toFormData(
  fields: Record<string, unknown>,
  fileFields: string[],
  operation = "multipart",
): Promise<FormData> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const [index, item] of items.entries()) {
      if (isUploadable(item)) {
        const file = await toFile(item);
        form.append(key, file, file.name);
      } else if (fileFields.includes(key)) {
        const path = Array.isArray(value) ? `${key}.${index}` : key;
        throw new ValidationError(operation, [
          { path, rule: "invalid_type", message: `expected ${FILE_KINDS}` },
        ]);
      } else {
        form.append(key, typeof item === "object" ? JSON.stringify(item) : String(item));
      }
    }
  }
  return form;
}

/** Checks for an image field; a missing rule is not checked. `maxBytes` counts decoded bytes. */
export interface ImageRules {
  maxBytes?: number;
  formats?: ReadonlyArray<"jpeg" | "png" | "webp" | "gif">;
  minWidth?: number;
  minHeight?: number;
}

/** What we need from an image to check it: its size, and its first bytes on demand. */
interface ImageSource {
  size: number;
  head(bytes: number): Promise<Uint8Array> | Uint8Array;
}

const MB = 1024 * 1024;

/** "image is 11.0 MB; at most 10 MB"; in bytes when rounding would hide the difference. */
function tooBigMessage(size: number, max: number): string {
  const shown = (size / MB).toFixed(1);
  const limit = Number.isInteger(max / MB) ? String(max / MB) : (max / MB).toFixed(1);
  return Number(shown) > Number(limit)
    ? `image is ${shown} MB; at most ${limit} MB`
    : `image is ${size} bytes; at most ${max} bytes`;
}

/** "jpg, jpeg or png": the names people see on their files (the spec lists jpg and jpeg). */
function formatList(formats: readonly string[]): string {
  const names = formats.flatMap((format) => (format === "jpeg" ? ["jpg", "jpeg"] : [format]));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
}

async function checkImage(source: ImageSource, rules: ImageRules, path: string, operation: string) {
  const fail = (issues: ValidationIssue[]) => new ValidationError(operation, issues);
  if (rules.maxBytes !== undefined && source.size > rules.maxBytes) {
    // Thrown alone and first: an oversize Blob is rejected without reading any of it.
    throw fail([{ path, rule: "too_big", message: tooBigMessage(source.size, rules.maxBytes) }]);
  }
  const { formats, minWidth = 0, minHeight = 0 } = rules;
  if (!formats && !minWidth && !minHeight) return;
  const bytes = await source.head(SNIFF_BYTES);
  const mime = sniffMime(bytes);
  const format = imageFormat(mime);
  const issues: ValidationIssue[] = [];
  if (formats && !(format && (formats as string[]).includes(format))) {
    const what = format ?? (mime ? `${mime} data` : "data that is not a recognised image");
    issues.push({
      path,
      rule: "invalid_format",
      message: `${what} is not allowed; use ${formatList(formats)}`,
    });
  }
  if (format && (minWidth || minHeight)) {
    let dims: ImageSize | undefined = imageDimensions(bytes);
    if (!dims && format === "jpeg" && bytes.length >= SNIFF_BYTES) {
      dims = imageDimensions(await source.head(JPEG_HEADER_LIMIT));
    }
    // Unreadable dimensions are not an error: the server decodes the image and has the last word.
    if (dims && (dims.width < minWidth || dims.height < minHeight)) {
      const message = `image is ${dims.width}x${dims.height} px; at least ${minWidth}x${minHeight} px`;
      issues.push({ path, rule: "too_small", message });
    }
  }
  if (issues.length > 0) throw fail(issues);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeBase64(text: string): Bytes {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Plain base64 of bytes, in chunks so big images never build a string one character at a time. */
function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as { toBase64?: () => string }).toBase64;
  if (typeof native === "function") return native.call(bytes);
  const CHUNK = 3 * 8192; // a multiple of 3, so chunk encodings join without padding in between
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(btoa(String.fromCharCode(...bytes.subarray(i, i + CHUNK))));
  }
  return parts.join("");
}

/** A base64 string (or `data:...;base64,` URL) as an ImageSource, checking its syntax. */
function base64Source(value: string, path: string, operation: string): ImageSource {
  const dataUrl = /^data:([^,]*),/i.exec(value.slice(0, 256));
  let text = dataUrl ? value.slice(dataUrl[0].length) : value;
  if (/\s/.test(text)) text = text.replace(/\s+/g, "");
  if ((dataUrl && !/;base64$/i.test(dataUrl[1]!)) || !BASE64.test(text) || text.length % 4 === 1) {
    const message = "expected an http(s) URL, base64 image data or a data:image/...;base64, URL";
    throw new ValidationError(operation, [{ path, rule: "invalid_string", message }]);
  }
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return {
    size: Math.floor((text.length * 3) / 4) - padding,
    head: (bytes) => decodeBase64(text.slice(0, Math.ceil(bytes / 3) * 4)),
  };
}

/**
 * The value for a JSON field typed "Base64 or URL", checked against `rules`.
 * - An http(s) URL is returned untouched: checking it would mean downloading it.
 * - A base64 string or data: URL is checked (size from its length, format and dimensions from its
 *   first decoded bytes) and returned as given. With `rules` empty, strings are not checked at all.
 * - An Uploadable is checked and encoded as plain base64 (no data: prefix; vidgen takes bare base64).
 * Throws ValidationError at `path`: too_big, invalid_format, too_small, invalid_string.
 */
export async function encodeImageField(
  value: string | Uploadable,
  rules: ImageRules,
  path: string,
  operation: string,
): Promise<string> {
  if (typeof value === "string") {
    if (/^https?:\/\//i.test(value) || Object.keys(rules).length === 0) return value;
    await checkImage(base64Source(value, path, operation), rules, path, operation);
    return value;
  }
  if (isArrayBuffer(value) || ArrayBuffer.isView(value)) {
    const bytes = viewBytes(value);
    await checkImage({ size: bytes.length, head: (n) => bytes.subarray(0, n) }, rules, path, operation);
    return bytesToBase64(bytes);
  }
  const blob = await toBlob(value);
  await checkImage({ size: blob.size, head: (n) => head(blob, n) }, rules, path, operation);
  return bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
}
