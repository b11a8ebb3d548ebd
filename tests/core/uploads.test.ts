import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "../../src/core/errors/errors.js";
import { imageDimensions, mimeFromName, sniffMime } from "../../src/core/uploads/sniff.js";
import {
  encodeImageField,
  isUploadable,
  toFile,
  toFormData,
  type Uploadable,
} from "../../src/core/uploads/uploads.js";

// Real file headers written by hand with chosen dimensions, so no binary fixtures are needed.
const bytes = (...parts: Array<string | number[] | Uint8Array>): Uint8Array<ArrayBuffer> =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : [...part])),
  );
const u16be = (n: number) => [n >> 8, n & 0xff];
const u16le = (n: number) => [n & 0xff, n >> 8];
const u24le = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];
const u32be = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const u32le = (n: number) => u32be(n).reverse();

const png = (w: number, h: number) =>
  bytes("\x89PNG\r\n\x1a\n", u32be(13), "IHDR", u32be(w), u32be(h), [8, 2, 0, 0, 0], [0, 0, 0, 0]);
/** JFIF APP0, `padding` bytes of APP1 segments (to push the SOF0 far in), SOF0, EOI. */
function jpeg(w: number, h: number, padding = 0): Uint8Array<ArrayBuffer> {
  const app1: number[] = [];
  for (let left = padding; left > 0; left -= 60_000) {
    const size = Math.min(left, 60_000);
    app1.push(0xff, 0xe1, ...u16be(size + 2), ...new Array(size).fill(0));
  }
  const app0 = bytes([0xff, 0xe0], u16be(16), "JFIF\0", [1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof0 = bytes(
    [0xff, 0xc0],
    u16be(17),
    [8],
    u16be(h),
    u16be(w),
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  );
  return bytes([0xff, 0xd8], app0, app1, sof0, [0xff, 0xd9]);
}
const gif = (w: number, h: number) => bytes("GIF89a", u16le(w), u16le(h), [0, 0, 0], ";");
const webpVp8x = (w: number, h: number) =>
  bytes("RIFF", u32le(22), "WEBP", "VP8X", u32le(10), [0, 0, 0, 0], u24le(w - 1), u24le(h - 1));
const webpVp8l = (w: number, h: number) => {
  const bits = ((w - 1) | ((h - 1) << 14)) >>> 0;
  return bytes("RIFF", u32le(17), "WEBP", "VP8L", u32le(5), [0x2f], u32le(bits));
};
const webpVp8 = (w: number, h: number) =>
  bytes("RIFF", u32le(22), "WEBP", "VP8 ", u32le(10), [0, 0, 0], [0x9d, 0x01, 0x2a], u16le(w), u16le(h));
const bmp = (w: number, h: number) =>
  bytes("BM", u32le(58), [0, 0, 0, 0], u32le(54), u32le(40), u32le(w), u32le(-h >>> 0), [1, 0, 24, 0]);
/** A minimal valid WAV: 8 kHz mono 8-bit PCM, four samples of silence. */
const wav = () =>
  bytes(
    "RIFF",
    u32le(40),
    "WAVE",
    "fmt ",
    u32le(16),
    [1, 0, 1, 0],
    u32le(8000),
    u32le(8000),
    [1, 0, 8, 0],
    "data",
    u32le(4),
    [128, 128, 128, 128],
  );
const mp3Id3 = () => bytes("ID3", [3, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x44], new Array(32).fill(0));
const mp3Frame = () => bytes([0xff, 0xfb, 0x90, 0x44], new Array(32).fill(0));

/** Deterministic bytes that hit every value (getRandomValues refuses more than 64 KB at once). */
const noise = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 2654435761) >>> 24);

const MB = 1024 * 1024;
const VIDGEN_IMAGE = {
  maxBytes: 10 * MB,
  formats: ["jpeg", "png"] as Array<"jpeg" | "png">,
  minWidth: 300,
  minHeight: 300,
};

async function validationIssues(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues;
}

const fileBytes = async (file: Blob) => new Uint8Array(await file.arrayBuffer());

describe("sniffMime", () => {
  it.each([
    ["png", png(1, 1), "image/png"],
    ["jpeg", jpeg(1, 1), "image/jpeg"],
    ["gif", gif(1, 1), "image/gif"],
    ["webp", webpVp8x(1, 1), "image/webp"],
    ["bmp", bmp(1, 1), "image/bmp"],
    ["wav", wav(), "audio/wav"],
    ["mp3 with ID3", mp3Id3(), "audio/mpeg"],
    ["mp3 frame sync", mp3Frame(), "audio/mpeg"],
    ["flac", bytes("fLaC", [0, 0, 0, 34]), "audio/flac"],
    ["ogg", bytes("OggS", [0, 2]), "audio/ogg"],
    ["mp4", bytes(u32be(24), "ftypisom", [0, 0, 2, 0]), "video/mp4"],
    ["mov", bytes(u32be(20), "ftypqt  ", [0, 0, 2, 0]), "video/quicktime"],
    ["m4a", bytes(u32be(20), "ftypM4A ", [0, 0, 2, 0]), "audio/mp4"],
  ])("recognises %s", (_name, data, mime) => {
    expect(sniffMime(data)).toBe(mime);
  });

  it("says nothing about text or too few bytes", () => {
    expect(sniffMime(bytes("BMW is a car"))).toBeUndefined();
    expect(sniffMime(bytes("hello"))).toBeUndefined();
    expect(sniffMime(bytes([0xff]))).toBeUndefined();
  });

  it("maps names to types, case-insensitively", () => {
    expect(mimeFromName("cat.PNG")).toBe("image/png");
    expect(mimeFromName("/tmp/x/song.mp3")).toBe("audio/mpeg");
    expect(mimeFromName("clip.mov")).toBe("video/quicktime");
    expect(mimeFromName("README")).toBeUndefined();
    expect(mimeFromName("dir.png/file")).toBeUndefined();
  });
});

describe("imageDimensions", () => {
  it.each([
    ["png", png(640, 480)],
    ["jpeg", jpeg(640, 480)],
    ["gif", gif(640, 480)],
    ["webp VP8X", webpVp8x(640, 480)],
    ["webp VP8L", webpVp8l(640, 480)],
    ["webp VP8", webpVp8(640, 480)],
    ["bmp (top-down)", bmp(640, 480)],
  ])("reads %s headers", (_name, data) => {
    expect(imageDimensions(data)).toEqual({ width: 640, height: 480 });
  });

  it("walks JPEG segments to a SOF far in, and says undefined when the header is cut off", () => {
    const data = jpeg(1920, 1080, 200_000);
    expect(imageDimensions(data)).toEqual({ width: 1920, height: 1080 });
    expect(imageDimensions(data.subarray(0, 64 * 1024))).toBeUndefined();
    expect(imageDimensions(png(10, 10).subarray(0, 20))).toBeUndefined();
    expect(imageDimensions(wav())).toBeUndefined();
  });
});

describe("toFile", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "genway-uploads-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function* generate(...chunks: Uint8Array[]) {
    yield* chunks;
  }
  const streamOf = (...chunks: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });

  const image = png(320, 320);
  const kinds: Array<[string, () => Uploadable | Promise<Uploadable>]> = [
    ["Blob", () => new Blob([image])],
    ["Buffer", () => Buffer.from(image)],
    ["Uint8Array", () => image],
    ["Uint8Array view with an offset", () => bytes([1, 2, 3], image).subarray(3)],
    ["ArrayBuffer", () => image.slice().buffer],
    ["ReadableStream", () => streamOf(image.subarray(0, 10), image.subarray(10))],
    ["async generator", () => generate(image.subarray(0, 5), image.subarray(5))],
  ];
  it.each(kinds)("takes a %s: type from the bytes, default name image.png", async (_kind, make) => {
    const file = await toFile(await make());
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe("image.png");
    expect(file.type).toBe("image/png");
    expect(await fileBytes(file)).toEqual(image);
  });

  it("keeps a File that already has its name and type, and re-wraps to rename", async () => {
    const original = new File([image], "cat.png", { type: "image/png" });
    expect(await toFile(original)).toBe(original);
    const renamed = await toFile(original, "dog.png");
    expect([renamed.name, renamed.type]).toEqual(["dog.png", "image/png"]);
    expect(await fileBytes(renamed)).toEqual(image);
  });

  it("takes an fs.ReadStream, named after its path", async () => {
    const path = join(dir, "voice.mp3");
    await writeFile(path, mp3Id3());
    const file = await toFile(createReadStream(path));
    expect([file.name, file.type]).toEqual(["voice.mp3", "audio/mpeg"]);
    expect(await fileBytes(file)).toEqual(mp3Id3());
  });

  it("takes a Response: type from Content-Type, name from the URL", async () => {
    const response = new Response(jpeg(400, 400), { headers: { "content-type": "image/jpeg" } });
    Object.defineProperty(response, "url", { value: "https://cdn.example/a/b/photo%201.jpg?sig=x" });
    const file = await toFile(response);
    expect([file.name, file.type, file.size]).toEqual(["photo 1.jpg", "image/jpeg", jpeg(400, 400).length]);
  });

  it("orders the type: option > Blob type > bytes > name", async () => {
    expect((await toFile(image, "x.png", { type: "image/x-custom" })).type).toBe("image/x-custom");
    expect((await toFile(new Blob([image], { type: "image/webp" }))).type).toBe("image/webp");
    // A generic Blob type says nothing, so the bytes decide: never octet-stream for an image.
    const generic = await toFile(new Blob([image], { type: "application/octet-stream" }), "upload");
    expect([generic.name, generic.type]).toEqual(["upload", "image/png"]);
    expect((await toFile(image, "mislabelled.jpg")).type).toBe("image/png");
    expect((await toFile(bytes("hello"), "notes.txt")).type).toBe("text/plain");
  });

  it("names by kind: audio.mp3, audio.wav, file.bin for unknown bytes", async () => {
    expect((await toFile(mp3Frame())).name).toBe("audio.mp3");
    expect((await toFile(wav())).name).toBe("audio.wav");
    const unknown = await toFile(bytes("plain text"));
    expect([unknown.name, unknown.type]).toEqual(["file.bin", "application/octet-stream"]);
  });

  it("tells Uploadables from other values", () => {
    for (const value of [
      new Blob([]),
      new Uint8Array(),
      new ArrayBuffer(1),
      new Response(""),
      streamOf(),
      generate(),
    ]) {
      expect(isUploadable(value)).toBe(true);
    }
    for (const value of ["https://x/y.png", 1, null, undefined, {}, [image]])
      expect(isUploadable(value)).toBe(false);
  });
});

describe("toFormData", () => {
  const fields = {
    prompt: "make it blue",
    model: "edit-pro",
    n: 2,
    watermark: false,
    size: undefined,
    image: [png(300, 300), new File([jpeg(300, 300)], "second.jpg")],
    mask: new Blob([png(300, 300)], { type: "image/png" }),
  };

  it("appends text fields as text and Uploadables as named, typed files", async () => {
    const form = await toFormData(fields, ["image", "mask"]);
    const entries = [...form.entries()].map(([key, value]) =>
      typeof value === "string" ? [key, value] : [key, value.name, value.type],
    );
    expect(entries).toEqual([
      ["prompt", "make it blue"],
      ["model", "edit-pro"],
      ["n", "2"],
      ["watermark", "false"],
      ["image", "image.png", "image/png"],
      ["image", "second.jpg", "image/jpeg"],
      ["mask", "image.png", "image/png"],
    ]);
  });

  it("serializes to the multipart body a server receives", async () => {
    const request = new Response(await toFormData(fields, ["image", "mask"]));
    expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    const body = await request.text();
    expect(body).toContain('Content-Disposition: form-data; name="prompt"\r\n\r\nmake it blue\r\n');
    expect(body).toContain(
      'Content-Disposition: form-data; name="image"; filename="image.png"\r\nContent-Type: image/png',
    );
    expect(body).toContain(
      'Content-Disposition: form-data; name="image"; filename="second.jpg"\r\nContent-Type: image/jpeg',
    );
    expect(body).toContain("image/png\r\n\r\n\uFFFDPNG"); // the bytes follow the part headers (0x89 is not UTF-8)
  });

  it("rejects a non-file value in a file field, naming the item", async () => {
    const issues = await validationIssues(
      toFormData({ image: [png(1, 1), "https://x/a.png"] }, ["image"], "images.edit"),
    );
    expect(issues).toEqual([
      { path: "image.1", rule: "invalid_type", message: expect.stringContaining("Blob") },
    ]);
  });
});

describe("encodeImageField", () => {
  it("rejects an 11 MB Blob before reading any of it", async () => {
    const blob = new Blob([new Uint8Array(11 * MB)]);
    const reads: string[] = [];
    for (const method of ["slice", "arrayBuffer", "stream", "bytes"] as const) {
      Object.defineProperty(blob, method, { value: () => reads.push(method) });
    }
    const issues = await validationIssues(
      encodeImageField(blob, VIDGEN_IMAGE, "image", "vidgen.videos.imageToVideo"),
    );
    expect(issues).toEqual([{ path: "image", rule: "too_big", message: "image is 11.0 MB; at most 10 MB" }]);
    expect(reads).toEqual([]);
  });

  it("says bytes when the image is only just over the limit", async () => {
    const data = bytes(png(300, 300), new Array(100).fill(0));
    const issues = await validationIssues(
      encodeImageField(data, { maxBytes: data.length - 1 }, "image", "op"),
    );
    expect(issues[0]?.message).toBe(`image is ${data.length} bytes; at most ${data.length - 1} bytes`);
  });

  it("rejects 200x200 where 300x300 is the minimum", async () => {
    const issues = await validationIssues(encodeImageField(png(200, 200), VIDGEN_IMAGE, "image", "op"));
    expect(issues).toEqual([
      { path: "image", rule: "too_small", message: "image is 200x200 px; at least 300x300 px" },
    ]);
  });

  it("rejects a gif where only jpg and png are allowed, listing every issue", async () => {
    const issues = await validationIssues(
      encodeImageField(new Blob([gif(200, 200)]), VIDGEN_IMAGE, "image_tail", "op"),
    );
    expect(issues).toEqual([
      { path: "image_tail", rule: "invalid_format", message: "gif is not allowed; use jpg, jpeg or png" },
      { path: "image_tail", rule: "too_small", message: "image is 200x200 px; at least 300x300 px" },
    ]);
    const audio = await validationIssues(encodeImageField(wav(), VIDGEN_IMAGE, "image", "op"));
    expect(audio[0]?.message).toBe("audio/wav data is not allowed; use jpg, jpeg or png");
  });

  it("reads a JPEG header far into the file to check its size", async () => {
    const blob = new Blob([jpeg(200, 100, 200_000)]);
    const issues = await validationIssues(encodeImageField(blob, VIDGEN_IMAGE, "image", "op"));
    expect(issues[0]?.message).toBe("image is 200x100 px; at least 300x300 px");
    await expect(encodeImageField(jpeg(300, 300, 200_000), VIDGEN_IMAGE, "image", "op")).resolves.toBeTypeOf(
      "string",
    );
  });

  it("passes http(s) URLs through untouched", async () => {
    for (const url of ["https://cdn.example/a.gif", "HTTP://cdn.example/tiny.png?x=1"]) {
      expect(await encodeImageField(url, VIDGEN_IMAGE, "image", "op")).toBe(url);
    }
  });

  it("encodes Uploadables as plain base64 that decodes back to the same bytes", async () => {
    const image = bytes(jpeg(640, 480), noise(50_001));
    const encoded = await encodeImageField(new Blob([image]), VIDGEN_IMAGE, "image", "op");
    expect(encoded).toBe(Buffer.from(image).toString("base64"));
    expect(encoded.startsWith("data:")).toBe(false);
    expect(new Uint8Array(Buffer.from(encoded, "base64"))).toEqual(image);
    const stream = new Response(image).body!;
    expect(await encodeImageField(stream, VIDGEN_IMAGE, "image", "op")).toBe(encoded);
  });

  it("checks base64 strings and data: URLs, then passes them through as given", async () => {
    const good = Buffer.from(png(400, 300).slice()).toString("base64");
    expect(await encodeImageField(good, VIDGEN_IMAGE, "image", "op")).toBe(good);
    expect(await encodeImageField(`data:image/png;base64,${good}`, VIDGEN_IMAGE, "image", "op")).toBe(
      `data:image/png;base64,${good}`,
    );
    const wrapped = good.replace(/(.{20})/g, "$1\n");
    expect(await encodeImageField(wrapped, VIDGEN_IMAGE, "image", "op")).toBe(wrapped);

    const small = Buffer.from(png(100, 100)).toString("base64");
    expect((await validationIssues(encodeImageField(small, VIDGEN_IMAGE, "image", "op")))[0]?.rule).toBe(
      "too_small",
    );
    const big = "A".repeat(Math.ceil((11 * MB) / 3) * 4);
    expect(await validationIssues(encodeImageField(big, VIDGEN_IMAGE, "image", "op"))).toEqual([
      { path: "image", rule: "too_big", message: "image is 11.0 MB; at most 10 MB" },
    ]);
    for (const bad of ["not base64!", "data:image/png,%89PNG"]) {
      expect((await validationIssues(encodeImageField(bad, VIDGEN_IMAGE, "image", "op")))[0]?.rule).toBe(
        "invalid_string",
      );
    }
    expect(await encodeImageField("anything at all", {}, "image", "op")).toBe("anything at all");
  });

  it("base64-encodes bytes exactly at every chunk boundary", async () => {
    for (const length of [0, 1, 2, 3, 24_575, 24_576, 24_577, 100_000]) {
      const data = noise(length);
      expect(await encodeImageField(data, {}, "image", "op")).toBe(Buffer.from(data).toString("base64"));
    }
  });
});
