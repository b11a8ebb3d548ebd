/** The mock's PNGs are real: chunk CRCs check out (node:zlib's crc32), the pixels inflate (node:zlib). */
import { crc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pngImage } from "../../../mock/media/png.js";
import { imageDimensions, sniffMime } from "../../../src/core/uploads/sniff.js";

function chunks(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset);
  const out: Array<{ type: string; data: Uint8Array; crcOk: boolean }> = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    const crcOk = crc32(png.subarray(at + 4, at + 8 + length)) === view.getUint32(at + 8 + length);
    out.push({ type, data, crcOk });
    at += 12 + length;
  }
  return out;
}

describe("pngImage", () => {
  it.each([
    [1, 1],
    [256, 256],
    [1024, 1024],
    [1366, 768],
    [300, 7],
  ])("%ix%i is a valid, small PNG whose pixels decode", (width, height) => {
    const png = pngImage(width, height, 3);
    expect(sniffMime(png)).toBe("image/png");
    expect(imageDimensions(png)).toEqual({ width, height });
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(parts.every((c) => c.crcOk)).toBe(true);
    const raw = inflateSync(parts[1]!.data); // also checks the Adler-32
    expect(raw.length).toBe(height * (1 + width * 3));
    expect(png.length).toBeLessThan(30_000);
  });

  it("paints a gradient: red follows x, green follows y", () => {
    const width = 8;
    const raw = inflateSync(chunks(pngImage(width, 3, 0))[1]!.data);
    // Undo the filters: row 0 Sub, later rows Up.
    const stride = 1 + width * 3;
    const pixels: number[][] = [];
    for (let y = 0; y < 3; y++) {
      const row: number[] = [];
      for (let i = 0; i < width * 3; i++) {
        const value = raw[y * stride + 1 + i]!;
        const left = i >= 3 ? row[i - 3]! : 0;
        const up = y > 0 ? pixels[y - 1]![i]! : 0;
        row.push((value + (y === 0 ? left : up)) & 0xff);
      }
      pixels.push(row);
    }
    expect(pixels[0]!.filter((_, i) => i % 3 === 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(pixels.map((row) => row[1])).toEqual([0, 1, 2]);
  });
});
