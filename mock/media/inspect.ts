/**
 * What the gateway reads of an uploaded image: its type by magic bytes and its pixel size. The
 * mock's own reading, deliberately not the client's (src/core/uploads/sniff.ts): a mock that shares
 * the SDK's code agrees with it by construction and proves nothing (DESIGN.md).
 */

export type ImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

export interface PixelSize {
  width: number;
  height: number;
}

/** The image type the first bytes show, or undefined for anything else. */
export function imageType(bytes: Uint8Array): ImageType | undefined {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return "image/gif";
  return undefined;
}

/** The pixel size from the header (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X, GIF), if it is there. */
export function pixelSize(bytes: Uint8Array): PixelSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = imageType(bytes);
  if (type === "image/png" && bytes.length >= 24) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (type === "image/gif" && bytes.length >= 10) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (type === "image/webp" && bytes.length >= 30) {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    if (chunk === "VP8 ")
      return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") {
      const read24 = (o: number) => bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16);
      return { width: read24(24) + 1, height: read24(27) + 1 };
    }
    return undefined;
  }
  if (type === "image/jpeg") {
    // Walk the segments to the first start-of-frame (SOF0-SOF15 but DHT, JPG, DAC).
    for (let offset = 2; offset + 9 < bytes.length; ) {
      if (bytes[offset] !== 0xff) return undefined;
      const marker = bytes[offset + 1]!;
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
      }
      offset += 2 + view.getUint16(offset + 2);
    }
  }
  return undefined;
}

/** Bytes as base64, without Node's Buffer (the mock also runs in browsers and under msw). */
export function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
