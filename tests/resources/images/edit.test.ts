/**
 * gw.images.edit: the multipart bytes a server receives for every Uploadable kind (field names,
 * file names, content types sniffed from the bytes), the bounds, and what the mock rejects.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngImage } from "../../../mock/media/png.js";
import {
  BadRequestError,
  type ImageEditParams,
  InternalServerError,
  type Uploadable,
  ValidationError,
} from "../../../src/index.js";
import { fileFromPath } from "../../../src/node/index.js";
import { loopback, thrown } from "../../support/index.js";

const PATH = "/v1/images/edits";
const PNG = pngImage(300, 600, 1);
const PNG_2 = pngImage(40, 40, 2);
/** SOI + JFIF APP0 + EOI: enough for a server to sniff a JPEG. */
const JPEG = Uint8Array.of(
  0xff,
  0xd8,
  0xff,
  0xe0,
  0,
  16,
  0x4a,
  0x46,
  0x49,
  0x46,
  0,
  1,
  1,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0xff,
  0xd9,
);
/** RIFF....WEBPVP8L header of a 1x1 image. */
const WEBP = Uint8Array.of(
  ...[0x52, 0x49, 0x46, 0x46, 17, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  ...[0x56, 0x50, 0x38, 0x4c, 5, 0, 0, 0, 0x2f, 0, 0, 0, 0],
);
const GIF = Uint8Array.of(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "genway-edit-"));
  await writeFile(join(dir, "cat.png"), PNG);
  await writeFile(join(dir, "scan"), JPEG); // no extension: the type must come from the bytes
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Part {
  name: string;
  filename: string | undefined;
  type: string | undefined;
  bytes: Uint8Array;
}

/** What a server reads off the wire: each part's Content-Disposition, Content-Type and raw bytes. */
function parseMultipart(raw: Uint8Array, contentType: string): Part[] {
  const boundary = /boundary=([^;]+)/.exec(contentType)![1]!;
  const text = Buffer.from(raw).toString("latin1");
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const split = chunk.indexOf("\r\n\r\n");
      const head = chunk.slice(2, split);
      const body = chunk.slice(split + 4, -2);
      return {
        name: /name="([^"]*)"/.exec(head)![1]!,
        filename: /filename="([^"]*)"/.exec(head)?.[1],
        type: /Content-Type: (.+)/i.exec(head)?.[1]?.trim(),
        bytes: new Uint8Array(Buffer.from(body, "latin1")),
      };
    });
}

/** A client whose fetch keeps the raw bytes of each request body, as they go out. */
async function capturing() {
  const bodies: Array<{ contentType: string; raw: Uint8Array }> = [];
  const h = await loopback({
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.method === "POST") {
        bodies.push({
          contentType: request.headers.get("content-type") ?? "",
          raw: new Uint8Array(await request.clone().arrayBuffer()),
        });
      }
      return fetch(request);
    },
  });
  return { ...h, bodies };
}

const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.subarray(0, 10));
      controller.enqueue(bytes.subarray(10));
      controller.close();
    },
  });
async function* chunksOf(bytes: Uint8Array) {
  for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
}

type Kind = [string, () => Promise<Uploadable> | Uploadable, Uint8Array, string, string];
const KINDS: Kind[] = [
  ["a Blob without a type", () => new Blob([PNG]), PNG, "image.png", "image/png"],
  [
    "a File whose name lies (PNG bytes in photo.jpg)",
    () => new File([PNG], "photo.jpg"),
    PNG,
    "photo.jpg",
    "image/png",
  ],
  [
    "a File with its own type",
    () => new File([JPEG], "face.jpeg", { type: "image/jpeg" }),
    JPEG,
    "face.jpeg",
    "image/jpeg",
  ],
  ["a Uint8Array", () => WEBP, WEBP, "image.webp", "image/webp"],
  ["a Buffer", () => Buffer.from(PNG), PNG, "image.png", "image/png"],
  ["an ArrayBuffer", () => JPEG.slice().buffer, JPEG, "image.jpg", "image/jpeg"],
  ["a ReadableStream", () => streamOf(PNG), PNG, "image.png", "image/png"],
  ["an AsyncIterable", () => chunksOf(WEBP), WEBP, "image.webp", "image/webp"],
  ["an fs.ReadStream", () => createReadStream(join(dir, "cat.png")), PNG, "cat.png", "image/png"],
  [
    "fileFromPath() of a file without extension",
    () => fileFromPath(join(dir, "scan")),
    JPEG,
    "scan",
    "image/jpeg",
  ],
  ["a Response", () => new Response(JPEG), JPEG, "image.jpg", "image/jpeg"],
];

describe("multipart on the wire, for every Uploadable kind", () => {
  it.each(KINDS)("%s", async (_, make, bytes, filename, type) => {
    const { mock, gw, bodies } = await capturing();
    await gw.images.edit({ model: "flux-kontext-pro", prompt: "make it blue", image: await make() });

    const [{ raw, contentType }] = bodies as [(typeof bodies)[number]];
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const parts = parseMultipart(raw, contentType);
    expect(parts.map((p) => p.name)).toEqual(["model", "prompt", "image"]);
    const image = parts[2]!;
    expect(image).toMatchObject({ filename, type });
    expect([...image.bytes]).toEqual([...bytes]);
    expect(new TextDecoder().decode(parts[1]!.bytes)).toBe("make it blue");

    // The server's own parse agrees.
    const form = mock.requests[0]!.body as FormData;
    const file = form.get("image") as File;
    expect([file.name, file.type, file.size]).toEqual([filename, type, bytes.length]);
    expect(mock.requests[0]!.headers.authorization).toBe(`Bearer ${mock.apiKey}`);
  });

  it("takes a fetched Response, named after its URL", async () => {
    const { server, gw, bodies } = await capturing();
    const response = await fetch(`${server.url}/files/reference-0-64x32.png`);
    await gw.images.edit({ model: "flux-kontext-max", prompt: "p", image: response });
    const parts = parseMultipart(bodies[0]!.raw, bodies[0]!.contentType);
    expect(parts[2]).toMatchObject({ name: "image", filename: "reference-0-64x32.png", type: "image/png" });
  });

  it("sends several images as repeated `image` parts, in order, with the other fields as text", async () => {
    const { mock, gw, bodies } = await capturing();
    await gw.images.edit({
      model: "flux-kontext-max",
      prompt: "blend these",
      image: [new File([PNG], "a.png"), JPEG, chunksOf(WEBP), PNG_2],
      aspect_ratio: "3:2",
      n: 2,
    });
    const parts = parseMultipart(bodies[0]!.raw, bodies[0]!.contentType);
    expect(parts.map((p) => [p.name, p.filename ?? null, p.type ?? null])).toEqual([
      ["model", null, null],
      ["prompt", null, null],
      ["image", "a.png", "image/png"],
      ["image", "image.jpg", "image/jpeg"],
      ["image", "image.webp", "image/webp"],
      ["image", "image.png", "image/png"],
      ["aspect_ratio", null, null],
      ["n", null, null],
    ]);
    expect((mock.requests[0]!.body as FormData).getAll("image")).toHaveLength(4);
  });
});

describe("edit bounds, before the wire", () => {
  const base = { model: "flux-kontext-pro", prompt: "p", image: PNG };
  it.each<[string, Record<string, unknown>, string, string]>([
    ["no model (the spec requires one)", { model: undefined }, "model", "invalid_type"],
    ["no prompt", { prompt: undefined }, "prompt", "invalid_type"],
    ["an image URL instead of a file", { image: "https://example.com/a.png" }, "image", "custom"],
    ["an empty image list", { image: [] }, "image", "too_small"],
    ["a non-file inside the list", { image: [PNG, 42] }, "image.1", "custom"],
  ])("rejects %s", async (_, params, path, rule) => {
    const { mock, gw } = await loopback();
    const error = await thrown(() => gw.images.edit({ ...base, ...params } as ImageEditParams));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([expect.objectContaining({ path, rule })]);
    expect(mock.requests).toHaveLength(0);
  });

  it("never refuses a model id, a ratio or a size: they are the gateway's to judge", async () => {
    const { mock, gw } = await loopback();
    for (const [model, extra] of [
      ["flux-kontext-max", { aspect_ratio: "5:4" }],
      ["gpt-image-1", { size: "auto" }],
      ["imgA-pro", { size: "1536x1024" }],
    ] as const) {
      await gw.images.edit({ ...base, model, ...extra });
      const form = mock.requests.at(-1)!.body as FormData;
      expect(form.get("model")).toBe(model);
      for (const [key, value] of Object.entries(extra)) expect(form.get(key)).toBe(value);
    }
    expect(mock.requests).toHaveLength(3);
  });
});

describe("aspect ratio and size", () => {
  const dims = (url: string | undefined) => /-(\d+x\d+)\.png$/.exec(url ?? "")?.[1];

  it("uses aspect_ratio", async () => {
    const { gw } = await loopback();
    const { data } = await gw.images.edit({
      model: "flux-kontext-pro",
      prompt: "p",
      image: PNG,
      aspect_ratio: "21:9",
    });
    expect(dims(data[0]!.url)).toBe("1024x439");
  });

  it("converts size to the nearest listed ratio", async () => {
    const { gw } = await loopback();
    const { data } = await gw.images.edit({
      model: "flux-kontext-pro",
      prompt: "p",
      image: PNG,
      size: "1000x500",
    });
    expect(dims(data[0]!.url)).toBe("1024x576"); // 2:1 is nearest to 16:9
  });

  it("prefers aspect_ratio when both are given (both are sent; the gateway picks aspect_ratio)", async () => {
    const { mock, gw } = await loopback();
    const { data } = await gw.images.edit({
      model: "flux-kontext-pro",
      prompt: "p",
      image: PNG,
      size: "1000x500",
      aspect_ratio: "1:1",
    });
    expect(dims(data[0]!.url)).toBe("1024x1024");
    const form = mock.requests[0]!.body as FormData;
    expect([form.get("aspect_ratio"), form.get("size")]).toEqual(["1:1", "1000x500"]);
  });

  it("without either, follows the first image (300x600 -> 9:16); with no image, 1:1", async () => {
    const { gw } = await loopback();
    const edited = await gw.images.edit({ model: "flux-kontext-pro", prompt: "p", image: [PNG, PNG_2] });
    expect(dims(edited.data[0]!.url)).toBe("576x1024");
    const drawn = await gw.images.edit({ model: "flux-kontext-max", prompt: "text to image through edits" });
    expect(dims(drawn.data[0]!.url)).toBe("1024x1024");
  });
});

describe("what the mock gateway rejects (validation: 'off')", () => {
  it.each<[string, Record<string, unknown>, string, RegExp]>([
    [
      "a text file as the image",
      { image: new File(["hello"], "notes.txt") },
      "image",
      /notes\.txt.*not a PNG, JPEG or WEBP/,
    ],
    ["a GIF", { image: GIF }, "image", /not a PNG, JPEG or WEBP/],
    ["the second of two images", { image: [PNG, new Blob(["%PDF-1.7"])] }, "image[1]", /not a PNG/],
    ["no model", { model: "" }, "model", /model is required/],
  ])("answers %s with 221306", async (_, params, param, message) => {
    const { gw } = await loopback({ validation: "off" });
    const error = await thrown(() =>
      gw.images.edit({ model: "flux-kontext-pro", prompt: "p", image: PNG, ...params } as ImageEditParams),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe(221306);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
  });

  it("a JSON body is not an edit", async () => {
    const { mock, server } = await loopback();
    const response = await fetch(`${server.url}${PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${mock.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "flux-kontext-pro", prompt: "p" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("multipart/form-data");
  });
});

describe("edit is a paid submission", () => {
  it("is not repeated after a bare 500", async () => {
    const { mock, gw } = await loopback({ maxRetries: 2 });
    mock.inject({ match: PATH, status: 500 });
    const error = await thrown(() => gw.images.edit({ model: "flux-kontext-pro", prompt: "p", image: PNG }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(mock.requests).toHaveLength(1);
  });

  it("resolves with the result and withResponse()", async () => {
    const { gw } = await loopback();
    const { data, requestId } = await gw.images
      .edit({ model: "flux-kontext-pro", prompt: "p", image: PNG, response_format: "b64_json" })
      .withResponse();
    expect(data.data[0]!.b64_json).toMatch(/^iVBORw0KGgo/); // base64 of the PNG signature
    expect(requestId).toMatch(/^mock-req-/);
  });
});
