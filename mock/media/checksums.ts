/** The checksums the mock's media files need: PNG/zlib (CRC-32, Adler-32), Ogg (CRC-32/MPEG-2) and FLAC (CRC-8, CRC-16). */

function table(bits: 8 | 16 | 32, poly: number, reflected: boolean): Uint32Array {
  const out = new Uint32Array(256);
  const top = 2 ** (bits - 1);
  const mask = bits === 32 ? 0xffffffff : 2 ** bits - 1;
  for (let n = 0; n < 256; n++) {
    let c = reflected ? n : n * 2 ** (bits - 8);
    for (let k = 0; k < 8; k++) {
      if (reflected) c = c & 1 ? (c >>> 1) ^ poly : c >>> 1;
      else c = c >= top ? ((c - top) * 2) ^ poly : c * 2;
      c = (c & mask) >>> 0;
    }
    out[n] = c;
  }
  return out;
}

const PNG_TABLE = table(32, 0xedb88320, true);
const OGG_TABLE = table(32, 0x04c11db7, false);
const CRC8_TABLE = table(8, 0x07, false);
const CRC16_TABLE = table(16, 0x8005, false);

/** CRC-32 as PNG and zlib use it. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = PNG_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, initial value 0. */
export function oggCrc(bytes: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < bytes.length; i++) c = ((c << 8) ^ OGG_TABLE[((c >>> 24) ^ bytes[i]!) & 0xff]!) >>> 0;
  return c;
}

/** FLAC frame-header CRC-8 (polynomial 0x07). */
export function crc8(bytes: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < bytes.length; i++) c = CRC8_TABLE[c ^ bytes[i]!]!;
  return c;
}

/** FLAC frame CRC-16 (polynomial 0x8005). */
export function crc16(bytes: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < bytes.length; i++)
    c = ((c << 8) ^ CRC16_TABLE[((c >>> 8) ^ bytes[i]!) & 0xff]!) & 0xffff;
  return c;
}

export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; ) {
    // 5552 bytes is the most that can be summed before the 32-bit sums need reducing.
    const end = Math.min(i + 5552, bytes.length);
    for (; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Writes bits most-significant first (FLAC, MPEG headers) or least-significant first (deflate). */
export class BitWriter {
  readonly #bytes: number[] = [];
  #current = 0;
  #filled = 0;

  constructor(private readonly lsbFirst = false) {}

  write(value: number, bits: number): this {
    for (let i = 0; i < bits; i++) {
      const bit = this.lsbFirst ? (value >>> i) & 1 : (value >>> (bits - 1 - i)) & 1;
      if (this.lsbFirst) this.#current |= bit << this.#filled;
      else this.#current |= bit << (7 - this.#filled);
      if (++this.#filled === 8) this.#flush();
    }
    return this;
  }

  /** Pads with zero bits to a byte boundary and returns everything written. */
  finish(): Uint8Array<ArrayBuffer> {
    if (this.#filled > 0) this.#flush();
    return Uint8Array.from(this.#bytes);
  }

  #flush(): void {
    this.#bytes.push(this.#current);
    this.#current = 0;
    this.#filled = 0;
  }
}

/** The parts joined into one buffer. */
export function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
