/**
 * What a file is, from its first bytes or its name. Magic bytes win over names because names lie
 * (a PNG saved as photo.jpg is still a PNG to the server that decodes it).
 */

/** Bytes enough to recognise every format below and read most image headers. */
export const SNIFF_BYTES = 64 * 1024;
/** JPEG dimensions sit after EXIF/ICC segments, which can be large; give up past this. */
export const JPEG_HEADER_LIMIT = 512 * 1024;

const EXTENSIONS: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  bmp: "image/bmp",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  flac: "audio/flac",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  json: "application/json",
  txt: "text/plain",
};

/** The usual extension for a MIME type (first listed wins, so image/jpeg -> jpg). */
const EXTENSION_FOR: Record<string, string> = {};
for (const [ext, mime] of Object.entries(EXTENSIONS)) EXTENSION_FOR[mime] ??= ext;
EXTENSION_FOR["audio/ogg"] = "ogg";

/** MIME type from a file name or path, e.g. `cat.PNG` -> `image/png`. */
export function mimeFromName(name: string): string | undefined {
  const dot = name.lastIndexOf(".");
  if (dot < 0 || /[/\\]/.test(name.slice(dot))) return undefined;
  return EXTENSIONS[name.slice(dot + 1).toLowerCase()];
}

/** File extension (no dot) for a MIME type, e.g. `image/jpeg` -> `jpg`. */
export function extensionForMime(mime: string): string | undefined {
  return EXTENSION_FOR[mime.split(";")[0]!.trim().toLowerCase()];
}

const ascii = (bytes: Uint8Array, at: number, text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

/** MIME type from magic bytes; needs the first 32 bytes at most. */
export function sniffMime(bytes: Uint8Array): string | undefined {
  const b = bytes;
  if (ascii(b, 0, "\x89PNG\r\n\x1a\n")) return "image/png";
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a")) return "image/gif";
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) return "image/webp";
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WAVE")) return "audio/wav";
  if (ascii(b, 0, "fLaC")) return "audio/flac";
  if (ascii(b, 0, "OggS")) return "audio/ogg";
  if (ascii(b, 0, "ID3")) return "audio/mpeg";
  if (ascii(b, 4, "ftyp")) {
    if (ascii(b, 8, "qt  ")) return "video/quicktime";
    if (ascii(b, 8, "M4A ")) return "audio/mp4";
    return "video/mp4";
  }
  // BMP's magic is only "BM"; the four reserved bytes being zero keeps text files out.
  if (ascii(b, 0, "BM") && b.length >= 10 && b[6] === 0 && b[7] === 0 && b[8] === 0 && b[9] === 0) {
    return "image/bmp";
  }
  // MPEG audio frame sync: 11 set bits, a valid version, layer III, a valid bitrate index.
  if (b[0] === 0xff && b[1] !== undefined && b[2] !== undefined) {
    const version = (b[1] >> 3) & 3;
    const layer = (b[1] >> 1) & 3;
    if ((b[1] & 0xe0) === 0xe0 && version !== 1 && layer === 1 && b[2] >> 4 !== 15) return "audio/mpeg";
  }
  return undefined;
}

/** `image/png` -> `png`; undefined for anything that is not a still image format we know. */
export function imageFormat(mime: string | undefined): "png" | "jpeg" | "gif" | "webp" | "bmp" | undefined {
  switch (mime) {
    case "image/png":
      return "png";
    case "image/jpeg":
      return "jpeg";
    case "image/gif":
      return "gif";
    case "image/webp":
      return "webp";
    case "image/bmp":
      return "bmp";
    default:
      return undefined;
  }
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Width and height from the image header only (no pixel decoding). Undefined when the format is
 * unknown or the header is not within `bytes` (for JPEG, pass up to {@link JPEG_HEADER_LIMIT}).
 */
export function imageDimensions(bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fits = (end: number) => end <= bytes.length;
  switch (imageFormat(sniffMime(bytes))) {
    case "png":
      return fits(24) && ascii(bytes, 12, "IHDR")
        ? { width: view.getUint32(16), height: view.getUint32(20) }
        : undefined;
    case "gif":
      return fits(10) ? { width: view.getUint16(6, true), height: view.getUint16(8, true) } : undefined;
    case "bmp":
      return fits(26)
        ? { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) }
        : undefined;
    case "webp":
      return webpDimensions(bytes, view);
    case "jpeg":
      return jpegDimensions(bytes, view);
    default:
      return undefined;
  }
}

function webpDimensions(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (ascii(bytes, 12, "VP8 ") && bytes.length >= 30) {
    // Lossy: a key frame starts with the 9d 01 2a start code, then 14-bit sizes.
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (ascii(bytes, 12, "VP8L") && bytes.length >= 25) {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (ascii(bytes, 12, "VP8X") && bytes.length >= 30) {
    const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    return { width: u24(24) + 1, height: u24(27) + 1 };
  }
  return undefined;
}

/** Walks the JPEG segments until a start-of-frame marker, which holds the size. */
function jpegDimensions(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image / scan data: no SOF seen
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      return at + 9 <= bytes.length
        ? { height: view.getUint16(at + 5), width: view.getUint16(at + 7) }
        : undefined;
    }
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}
