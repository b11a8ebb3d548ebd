/**
 * The mock's speech audio is a valid file of each container, checked here with independent
 * (bit-by-bit) checksums and header parsing; ffmpeg decodes the same files without an error.
 */
import { describe, expect, it } from "vitest";
import { audioChunks, audioFile } from "../../../mock/media/audio.js";

const text = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** Reference CRCs, one bit at a time: slow, obviously right, independent of the tables under test. */
function crcBitwise(bytes: Uint8Array, width: 8 | 16 | 32, poly: number): number {
  const top = 2 ** (width - 1);
  const mask = width === 32 ? 0xffffffff : 2 ** width - 1;
  let crc = 0;
  for (const byte of bytes) {
    crc = (crc ^ (byte << (width - 8))) >>> 0;
    for (let bit = 0; bit < 8; bit++) {
      const carry = crc >= top;
      crc = ((crc << 1) >>> 0) & mask;
      if (carry) crc ^= poly;
      crc >>>= 0;
    }
  }
  return crc;
}

describe("mp3", () => {
  it("is an ID3v2 tag, then 384-byte MPEG-1 Layer III frames back to back", () => {
    const file = audioFile("mp3", 50_000);
    expect(text(file, 0, 3)).toBe("ID3");
    const tagSize = ((file[6]! << 21) | (file[7]! << 14) | (file[8]! << 7) | file[9]!) + 10;
    const frames = (file.length - tagSize) / 384;
    expect(Number.isInteger(frames)).toBe(true);
    for (let at = tagSize; at < file.length; at += 384) {
      expect([file[at], file[at + 1], file[at + 2]]).toEqual([0xff, 0xfb, 0x94]);
    }
    expect(file.length).toBeLessThanOrEqual(50_000);
    expect(file.length + 384).toBeGreaterThan(50_000);
  });
});

describe("aac", () => {
  it("is a chain of ADTS frames whose lengths add up to the file", () => {
    const file = audioFile("aac", 5_000);
    let at = 0;
    let frames = 0;
    while (at < file.length) {
      expect(file[at]).toBe(0xff);
      expect(file[at + 1]! & 0xf0).toBe(0xf0);
      const length = ((file[at + 3]! & 0x03) << 11) | (file[at + 4]! << 3) | (file[at + 5]! >> 5);
      expect(length).toBeGreaterThan(7);
      at += length;
      frames++;
    }
    expect(at).toBe(file.length);
    expect(frames).toBeGreaterThan(100);
  });
});

describe("opus", () => {
  it("is Ogg pages with valid CRCs, OpusHead then OpusTags, BOS first, EOS last, granules rising", () => {
    const file = audioFile("opus", 20_000);
    const pages: Array<{ flags: number; granule: bigint; sequence: number; body: Uint8Array }> = [];
    for (let at = 0; at < file.length; ) {
      expect(text(file, at, 4)).toBe("OggS");
      const view = new DataView(file.buffer, file.byteOffset + at);
      const segments = file[at + 26]!;
      const bodyLength = [...file.subarray(at + 27, at + 27 + segments)].reduce((a, b) => a + b, 0);
      const page = file.slice(at, at + 27 + segments + bodyLength);
      const stated = view.getUint32(22, true);
      page.fill(0, 22, 26);
      expect(crcBitwise(page, 32, 0x04c11db7)).toBe(stated);
      pages.push({
        flags: file[at + 5]!,
        granule: view.getBigUint64(6, true),
        sequence: view.getUint32(18, true),
        body: page.subarray(27 + segments),
      });
      at += page.length;
    }
    expect(text(pages[0]!.body, 0, 8)).toBe("OpusHead");
    expect(text(pages[1]!.body, 0, 8)).toBe("OpusTags");
    expect(pages.map((p) => p.flags)).toEqual([2, ...new Array(pages.length - 2).fill(0), 4]);
    expect(pages.map((p) => p.sequence)).toEqual(pages.map((_, i) => i));
    for (let i = 3; i < pages.length; i++) expect(pages[i]!.granule).toBeGreaterThan(pages[i - 1]!.granule);
  });
});

describe("flac", () => {
  it("declares the samples it holds, and every frame's CRC-8 and CRC-16 check out", () => {
    const file = audioFile("flac", 100_000);
    expect(text(file, 0, 4)).toBe("fLaC");
    const info = new DataView(file.buffer, 8, 34);
    expect(info.getUint16(0)).toBe(4096); // block size
    const sampleRate = (info.getUint32(10) >>> 12) & 0xfffff;
    expect(sampleRate).toBe(24000);
    const totalSamples = info.getUint32(14); // low 32 of 36 bits (the high 4 are zero here)
    let at = 42;
    let frames = 0;
    while (at < file.length) {
      expect([file[at], file[at + 1]]).toEqual([0xff, 0xf8]);
      const headerLength = 4 + (file[at + 4]! < 0x80 ? 1 : 2);
      expect(crcBitwise(file.subarray(at, at + headerLength), 8, 0x07)).toBe(file[at + headerLength]);
      const end = at + headerLength + 1 + 1 + 4096 * 2;
      expect(crcBitwise(file.subarray(at, end), 16, 0x8005)).toBe((file[end]! << 8) | file[end + 1]!);
      at = end + 2;
      frames++;
    }
    expect(at).toBe(file.length);
    expect(totalSamples).toBe(frames * 4096);
  });

  it("holds a tone, not silence", () => {
    const file = audioFile("flac", 10_000);
    const view = new DataView(file.buffer, 42 + 6 + 1);
    const samples = Array.from({ length: 100 }, (_, i) => view.getInt16(i * 2));
    expect(Math.max(...samples)).toBeGreaterThan(7000);
    expect(Math.min(...samples)).toBeLessThan(-7000);
  });
});

describe("chunking", () => {
  it("splits into chunks of at most ~32 KiB that concatenate to the same file, lazily", () => {
    const chunks = [...audioChunks("mp3", 300_000)];
    expect(chunks.length).toBeGreaterThan(8);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(32 * 1024);
    const joined = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      joined.set(chunk, at);
      at += chunk.length;
    }
    expect(joined).toEqual(audioFile("mp3", 300_000));
    // A 4 GiB request costs nothing until read.
    const huge = audioChunks("flac", 4 * 1024 ** 3);
    expect(huge.next().value!.length).toBeLessThanOrEqual(32 * 1024);
  });
});

describe("wav and pcm", () => {
  it("wav is a RIFF/WAVE header (24 kHz, 16-bit, mono PCM) whose sizes match the file", () => {
    const file = audioFile("wav", 40_000);
    const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    expect([text(file, 0, 4), text(file, 8, 8), text(file, 36, 4)]).toEqual(["RIFF", "WAVEfmt ", "data"]);
    expect(view.getUint32(4, true)).toBe(file.length - 8);
    expect([view.getUint16(20, true), view.getUint16(22, true), view.getUint32(24, true)]).toEqual([
      1, 1, 24_000,
    ]);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(file.length - 44);
    expect(file.length).toBeLessThanOrEqual(40_000);
  });

  it("pcm is the same samples with no header: a 480 Hz tone, 50 samples a period", () => {
    const pcm = audioFile("pcm", 40_000);
    const wav = audioFile("wav", 40_000 + 44);
    expect([...pcm]).toEqual([...wav.subarray(44)]);
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
    expect(samples[0]).toBe(0);
    expect(samples[50]).toBe(samples[0]);
    expect(samples[12]).toBeGreaterThan(7_900); // a quarter period: near the peak
  });
});
