import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFormData } from "../../src/core/uploads/uploads.js";
import { fileFromPath, saveToFile } from "../../src/node/index.js";

/** A PNG header (signature + IHDR) with the given size. */
function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(33);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(out.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  out.set([8, 2, 0, 0, 0], 24);
  return out;
}

const MB = 1024 * 1024;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "genway-files-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("fileFromPath", () => {
  it("gives a File named after the path, typed from the extension", async () => {
    const path = join(dir, "cover.jpg");
    await writeFile(path, png(300, 300));
    const file = await fileFromPath(path);
    expect(file).toBeInstanceOf(File);
    expect([file.name, file.type, file.size]).toEqual(["cover.jpg", "image/jpeg", 33]);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png(300, 300));
  });

  it("sniffs the type from the first bytes when the name says nothing", async () => {
    const path = join(dir, "upload-without-extension");
    await writeFile(path, png(300, 300));
    const file = await fileFromPath(path);
    expect([file.name, file.type]).toEqual(["upload-without-extension", "image/png"]);
  });

  it("takes the name and type from options", async () => {
    const path = join(dir, "raw.bin");
    await writeFile(path, "hello");
    const file = await fileFromPath(path, { name: "notes.txt", type: "text/markdown" });
    expect([file.name, file.type, await file.text()]).toEqual(["notes.txt", "text/markdown", "hello"]);
  });

  it("goes into a multipart body read from disk when sent", async () => {
    const path = join(dir, "edit.png");
    await writeFile(path, png(512, 512));
    const form = await toFormData({ prompt: "p", image: await fileFromPath(path) }, ["image"]);
    const body = await new Response(form).text();
    expect(body).toContain(
      'Content-Disposition: form-data; name="image"; filename="edit.png"\r\nContent-Type: image/png',
    );
  });

  it("fails clearly for a missing file or a folder", async () => {
    await expect(fileFromPath(join(dir, "missing.png"))).rejects.toThrow(/ENOENT.*missing\.png/);
    await expect(fileFromPath(dir)).rejects.toThrow("is not a regular file");
  });
});

describe("saveToFile", () => {
  it("streams 64 MB to disk and counts the bytes", async () => {
    const chunks = 64;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // A fresh chunk each pull: only backpressure keeps memory flat.
        if (sent === chunks) return controller.close();
        controller.enqueue(new Uint8Array(MB).fill(sent++));
      },
    });
    const path = join(dir, "big.bin");
    expect(await saveToFile(stream, path)).toEqual({ bytes: 64 * MB, path });
    expect((await stat(path)).size).toBe(64 * MB);
    const handle = await readFile(path);
    expect([handle[0], handle[MB], handle[64 * MB - 1]]).toEqual([0, 1, 63]);
  });

  it("takes a Response or a { body } (BinaryResponse) and an empty body", async () => {
    const a = join(dir, "a.mp3");
    expect(await saveToFile(new Response("ID3abc"), a)).toEqual({ bytes: 6, path: a });
    expect(await readFile(a, "utf8")).toBe("ID3abc");
    const b = join(dir, "b.mp3");
    expect(await saveToFile({ body: new Response("xy").body }, b)).toEqual({ bytes: 2, path: b });
    const empty = join(dir, "empty.mp3");
    expect(await saveToFile({ body: null }, empty)).toEqual({ bytes: 0, path: empty });
    expect((await stat(empty)).size).toBe(0);
  });

  it("removes the partial file when the stream fails", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(1000));
        controller.error(new Error("connection reset"));
      },
    });
    const path = join(dir, "partial.bin");
    await expect(saveToFile(stream, path)).rejects.toThrow("connection reset");
    await expect(stat(path)).rejects.toThrow(/ENOENT/);
  });
});
