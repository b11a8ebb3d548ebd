/**
 * Real audio files for the mock's speech route, in each format the spec lists, generated on the fly
 * so a 256 MB response costs the server no memory:
 * - mp3: an ID3v2 tag, then silent MPEG-1 Layer III frames (48 kHz, 128 kbps, mono, 384 bytes each);
 * - aac: ADTS frames of AAC-LC silence (24 kHz, mono);
 * - opus: an Ogg Opus stream (OpusHead, OpusTags, pages of 20 ms CELT silence frames);
 * - flac: a real 480 Hz tone (24 kHz, 16-bit, mono) in verbatim subframes with their CRCs;
 * - pcm: the same tone as raw 16-bit little-endian samples (OpenAI's pcm: 24 kHz, mono, no header);
 * - wav: those samples behind a RIFF/WAVE header.
 * Encoding sound into mp3, aac or opus would need a codec; silence in a valid container is what a
 * player, `ffprobe` or a format sniffer needs from a mock. Every file decodes cleanly with ffmpeg.
 */
import { BitWriter, concat, crc8, crc16, oggCrc } from "./checksums.js";

export type AudioFormat = "mp3" | "opus" | "aac" | "flac" | "wav" | "pcm";

/** The Content-Type the mock sends for each format. */
export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: "audio/mpeg",
  opus: "audio/ogg",
  aac: "audio/aac",
  flac: "audio/flac",
  wav: "audio/wav",
  pcm: "audio/pcm",
};

/** Fewer frames and some probes (ffmpeg's mp3 reader) doubt the stream. */
const MIN_FRAMES = 4;

/** A format as a header plus numbered frames whose sizes are known before they are built. */
interface FrameSource {
  frameSize(index: number): number;
  header(frames: number): Uint8Array;
  frame(index: number, last: boolean): Uint8Array;
}

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

const ENCODER = "genway mock gateway";

// --- mp3 -------------------------------------------------------------------------------------

const MP3_FRAME = (() => {
  // FF FB: sync, MPEG-1, Layer III, no CRC. 94: 128 kbps, 48 kHz, no padding. C4: mono, original.
  // 144 * 128000 / 48000 = 384 bytes. Zero side info (part2_3_length 0) decodes as silence.
  const frame = new Uint8Array(384);
  frame.set([0xff, 0xfb, 0x94, 0xc4]);
  return frame;
})();

function syncsafe(n: number): number[] {
  return [(n >>> 21) & 0x7f, (n >>> 14) & 0x7f, (n >>> 7) & 0x7f, n & 0x7f];
}

const mp3: FrameSource = {
  frameSize: () => MP3_FRAME.length,
  header: () => {
    const text = ascii(`\x03${ENCODER}`); // UTF-8 text frame
    const tsse = concat([ascii("TSSE"), Uint8Array.from(syncsafe(text.length)), new Uint8Array(2), text]);
    return concat([ascii("ID3"), Uint8Array.of(4, 0, 0, ...syncsafe(tsse.length)), tsse]);
  },
  frame: () => MP3_FRAME,
};

// --- aac (ADTS) ------------------------------------------------------------------------------

const AAC_FRAME = (() => {
  const raw = new BitWriter()
    .write(0, 3) // single_channel_element
    .write(0, 4) // element_instance_tag
    .write(100, 8) // global_gain
    .write(0, 1) // ics_reserved_bit
    .write(0, 2) // ONLY_LONG_SEQUENCE
    .write(0, 1) // window_shape
    .write(0, 6) // max_sfb 0: no bands, so no spectral data: silence
    .write(0, 1) // predictor_data_present
    .write(0, 3) // pulse, tns, gain control: absent
    .write(7, 3) // ID_END
    .finish();
  const header = new BitWriter()
    .write(0xfff, 12) // syncword
    .write(0, 1) // MPEG-4
    .write(0, 2) // layer
    .write(1, 1) // protection absent (no CRC)
    .write(1, 2) // profile: AAC LC
    .write(6, 4) // 24 kHz
    .write(0, 1)
    .write(1, 3) // mono
    .write(0, 4)
    .write(7 + raw.length, 13) // frame length, header included
    .write(0x7ff, 11) // variable bitrate
    .write(0, 2) // one raw data block
    .finish();
  return concat([header, raw]);
})();

const aac: FrameSource = {
  frameSize: () => AAC_FRAME.length,
  header: () => new Uint8Array(0),
  frame: () => AAC_FRAME,
};

// --- opus (Ogg) ------------------------------------------------------------------------------

const OGG_SERIAL = 0x67776179;
/** TOC 0xF8 (CELT fullband 20 ms, mono, one frame) + FF FE: the well-known silent Opus packet. */
const OPUS_SILENCE = Uint8Array.of(0xf8, 0xff, 0xfe);
const PACKETS_PER_PAGE = 50; // one second per page
const PRE_SKIP = 312;

function oggPage(packets: Uint8Array[], sequence: number, granule: number, flags: number): Uint8Array {
  const segments: number[] = [];
  for (const packet of packets) {
    for (let left = packet.length; ; left -= 255) {
      segments.push(Math.min(left, 255));
      if (left < 255) break;
    }
  }
  const page = concat([new Uint8Array(27 + segments.length), ...packets]);
  const view = new DataView(page.buffer);
  page.set(ascii("OggS"));
  page[5] = flags;
  view.setBigUint64(6, BigInt(granule), true);
  view.setUint32(14, OGG_SERIAL, true);
  view.setUint32(18, sequence, true);
  page[26] = segments.length;
  page.set(segments, 27);
  view.setUint32(22, oggCrc(page), true);
  return page;
}

const OPUS_PAGE_SIZE = 27 + PACKETS_PER_PAGE + PACKETS_PER_PAGE * OPUS_SILENCE.length;
const OPUS_PACKETS = Array.from({ length: PACKETS_PER_PAGE }, () => OPUS_SILENCE);

const opus: FrameSource = {
  frameSize: () => OPUS_PAGE_SIZE,
  header: () => {
    const head = new Uint8Array(19);
    const view = new DataView(head.buffer);
    head.set(ascii("OpusHead"));
    head[8] = 1; // version
    head[9] = 1; // channels
    view.setUint16(10, PRE_SKIP, true);
    view.setUint32(12, 48000, true); // input sample rate
    // output gain 0, channel mapping family 0
    const vendor = ascii(ENCODER);
    const tags = new Uint8Array(8 + 4 + vendor.length + 4);
    tags.set(ascii("OpusTags"));
    new DataView(tags.buffer).setUint32(8, vendor.length, true);
    tags.set(vendor, 12);
    return concat([oggPage([head], 0, 0, 0x02), oggPage([tags], 1, 0, 0)]);
  },
  frame: (index, last) =>
    oggPage(OPUS_PACKETS, index + 2, (index + 1) * PACKETS_PER_PAGE * 960, last ? 0x04 : 0),
};

// --- flac ------------------------------------------------------------------------------------

const FLAC_RATE = 24000;
const FLAC_BLOCK = 4096;
/** 480 Hz: exactly 50 samples per period at 24 kHz, so one period is computed once and repeated. */
const TONE_PERIOD = 50;
const TONE = Int16Array.from({ length: TONE_PERIOD }, (_, i) =>
  Math.round(8000 * Math.sin((2 * Math.PI * i) / TONE_PERIOD)),
);

/** FLAC's UTF-8-like coding of the frame number: k continuation bytes of 6 bits, the rest in the lead byte. */
function utf8Number(n: number): number[] {
  if (n < 0x80) return [n];
  for (let k = 1; k <= 6; k++) {
    if (n >= 2 ** (6 * k + 6 - k)) continue;
    const tail: number[] = [];
    let rest = n;
    for (let i = 0; i < k; i++) {
      tail.unshift(0x80 | (rest & 0x3f));
      rest = Math.floor(rest / 64);
    }
    return [((0xff << (7 - k)) & 0xff) | rest, ...tail];
  }
  throw new RangeError(`FLAC frame number ${n} is too large`);
}

function flacFrameSize(index: number): number {
  // header (4) + frame number + CRC-8, subframe header (1), samples, CRC-16
  return 4 + utf8Number(index).length + 1 + 1 + FLAC_BLOCK * 2 + 2;
}

const flac: FrameSource = {
  frameSize: flacFrameSize,
  header: (frames) => {
    const info = new BitWriter()
      .write(FLAC_BLOCK, 16)
      .write(FLAC_BLOCK, 16)
      .write(0, 24) // min frame size: unknown
      .write(0, 24) // max frame size: unknown
      .write(FLAC_RATE, 20)
      .write(0, 3) // one channel
      .write(15, 5) // 16 bits per sample
      .write(0, 4)
      .write((frames * FLAC_BLOCK) >>> 0, 32) // total samples
      .finish();
    // MD5 of the audio left as zeros: "not computed", which decoders accept.
    return concat([ascii("fLaC"), Uint8Array.of(0x80, 0, 0, 34), info, new Uint8Array(16)]);
  },
  frame: (index) => {
    const frame = new Uint8Array(flacFrameSize(index));
    const view = new DataView(frame.buffer);
    // Sync, fixed block size; 4096 samples (code 12), 24 kHz (code 7); mono, 16 bits per sample.
    const head = [0xff, 0xf8, 0xc7, 0x08, ...utf8Number(index)];
    frame.set(head);
    frame[head.length] = crc8(frame.subarray(0, head.length));
    let at = head.length + 1;
    frame[at++] = 0x02; // verbatim subframe, no wasted bits
    const first = index * FLAC_BLOCK;
    for (let i = 0; i < FLAC_BLOCK; i++, at += 2) view.setInt16(at, TONE[(first + i) % TONE_PERIOD]!);
    view.setUint16(at, crc16(frame.subarray(0, at)));
    return frame;
  },
};

// --- pcm and wav ----------------------------------------------------------------------------

const PCM_BLOCK_BYTES = FLAC_BLOCK * 2;

const pcm: FrameSource = {
  frameSize: () => PCM_BLOCK_BYTES,
  header: () => new Uint8Array(0),
  frame: (index) => {
    const block = new Uint8Array(PCM_BLOCK_BYTES);
    const view = new DataView(block.buffer);
    const first = index * FLAC_BLOCK;
    for (let i = 0; i < FLAC_BLOCK; i++) view.setInt16(i * 2, TONE[(first + i) % TONE_PERIOD]!, true);
    return block;
  },
};

const wav: FrameSource = {
  ...pcm,
  header: (frames) => {
    const data = frames * PCM_BLOCK_BYTES;
    const head = new Uint8Array(44);
    const view = new DataView(head.buffer);
    head.set(ascii("RIFF"));
    view.setUint32(4, 36 + data, true);
    head.set(ascii("WAVEfmt "), 8);
    view.setUint32(16, 16, true); // fmt chunk size
    view.setUint16(20, 1, true); // PCM
    view.setUint16(22, 1, true); // mono
    view.setUint32(24, FLAC_RATE, true);
    view.setUint32(28, FLAC_RATE * 2, true); // byte rate
    view.setUint16(32, 2, true); // block align
    view.setUint16(34, 16, true); // bits per sample
    head.set(ascii("data"), 36);
    view.setUint32(40, data, true);
    return head;
  },
};

const SOURCES: Record<AudioFormat, FrameSource> = { mp3, aac, opus, flac, wav, pcm };

/**
 * A valid `format` file at most `totalBytes` long (always at least the header and a few frames), as
 * chunks of about `chunkBytes` holding whole frames. Generated lazily, chunk by chunk.
 */
export function* audioChunks(
  format: AudioFormat,
  totalBytes: number,
  chunkBytes = 32 * 1024,
): Generator<Uint8Array, void, undefined> {
  const source = SOURCES[format];
  const headerSize = source.header(0).length;
  let frames = 0;
  for (
    let size = headerSize;
    frames < MIN_FRAMES || size + source.frameSize(frames) <= totalBytes;
    frames++
  ) {
    size += source.frameSize(frames);
  }
  let chunk: Uint8Array[] = [source.header(frames)];
  let filled = chunk[0]!.length;
  for (let index = 0; index < frames; index++) {
    if (filled > 0 && filled + source.frameSize(index) > chunkBytes) {
      yield concat(chunk);
      chunk = [];
      filled = 0;
    }
    const frame = source.frame(index, index === frames - 1);
    chunk.push(frame);
    filled += frame.length;
  }
  if (filled > 0) yield concat(chunk);
}

/** A whole `format` file of about `totalBytes`, in memory (for small files and tests). */
export function audioFile(format: AudioFormat, totalBytes: number): Uint8Array<ArrayBuffer> {
  return concat([...audioChunks(format, totalBytes)]);
}
