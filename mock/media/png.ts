/**
 * Real PNG files for the mock's result URLs, at any size, without a compression library: a gradient
 * whose filtered rows repeat, so a small fixed-Huffman deflate with run matches keeps a 1024x1024
 * image near 25 KB. Runs anywhere (no node:zlib), like the rest of genway/testing.
 */
import { adler32, BitWriter, concat, crc32 } from "./checksums.js";

/** Largest side the mock renders; bigger requests are clamped by the routes. */
export const MAX_PNG_SIDE = 4096;

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
  227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

function reverse(code: number, bits: number): number {
  let out = 0;
  for (let i = 0; i < bits; i++) out = (out << 1) | ((code >>> i) & 1);
  return out;
}

/** Huffman codes go most-significant bit first into deflate's least-significant-first stream. */
function writeSymbol(out: BitWriter, symbol: number): void {
  if (symbol < 144) out.write(reverse(0x30 + symbol, 8), 8);
  else if (symbol < 256) out.write(reverse(0x190 + symbol - 144, 9), 9);
  else if (symbol < 280) out.write(reverse(symbol - 256, 7), 7);
  else out.write(reverse(0xc0 + symbol - 280, 8), 8);
}

function lastIndexAtMost(table: number[], value: number): number {
  let i = table.length - 1;
  while (table[i]! > value) i--;
  return i;
}

function writeMatch(out: BitWriter, length: number, distance: number): void {
  const l = lastIndexAtMost(LENGTH_BASE, length);
  writeSymbol(out, 257 + l);
  out.write(length - LENGTH_BASE[l]!, LENGTH_EXTRA[l]!);
  const d = lastIndexAtMost(DIST_BASE, distance);
  out.write(reverse(d, 5), 5);
  out.write(distance - DIST_BASE[d]!, DIST_EXTRA[d]!);
}

/** zlib stream of one fixed-Huffman block; matches are tried only at the given distances. */
function deflate(data: Uint8Array, distances: number[]): Uint8Array<ArrayBuffer> {
  const out = new BitWriter(true);
  out.write(0x78, 8).write(0x01, 8); // zlib header: deflate, 32 KB window, no dictionary
  out.write(1, 1).write(1, 2); // final block, fixed Huffman codes
  for (let i = 0; i < data.length; ) {
    let bestLength = 0;
    let bestDistance = 0;
    for (const distance of distances) {
      if (distance > i || distance > 32768) continue;
      let length = 0;
      while (length < 258 && i + length < data.length && data[i + length] === data[i + length - distance])
        length++;
      if (length > bestLength) {
        bestLength = length;
        bestDistance = distance;
      }
    }
    if (bestLength >= 3) {
      writeMatch(out, bestLength, bestDistance);
      i += bestLength;
    } else writeSymbol(out, data[i++]!);
  }
  writeSymbol(out, 256);
  const body = out.finish();
  const zlib = new Uint8Array(body.length + 4);
  zlib.set(body);
  new DataView(zlib.buffer).setUint32(body.length, adler32(data));
  return zlib;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * An 8-bit RGB PNG of `width` x `height`: red rises along x, green along y (both repeating every
 * 256 px), blue is set by `seed` so different results look different.
 */
export function pngImage(width: number, height: number, seed = 0): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`pngImage: bad size ${width}x${height}`);
  }
  const stride = 1 + width * 3;
  const raw = new Uint8Array(stride * height);
  const blue = (96 + seed * 53) & 0xff;
  // Row 0 uses the Sub filter (each pixel minus its left neighbour), the others Up (minus the row
  // above): the result is the same 3 bytes over and over, which deflates to almost nothing.
  raw[0] = 1;
  raw[3] = blue;
  for (let x = 1; x < width; x++) raw[1 + x * 3] = 1;
  for (let y = 1; y < height; y++) {
    const row = y * stride;
    raw[row] = 2;
    for (let x = 0; x < width; x++) raw[row + 2 + x * 3] = 1;
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per sample, truecolour, deflate, adaptive filters, no interlace
  const parts = [
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk("IHDR", header),
    chunk("IDAT", deflate(raw, [3, 1, stride])),
    chunk("IEND", new Uint8Array(0)),
  ];
  return concat(parts);
}
