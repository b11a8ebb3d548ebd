import { describe, expect, it } from "vitest";
import { APIUserAbortError, PermissionDeniedError, TaskFailedError } from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";

/** An ID3-tagged "mp3": enough for the name and the bytes to travel. */
const mp3 = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]);

describe("gw.musicgen.uploads", () => {
  it("upload(file) runs the whole flow and returns the clip id; the storage URL never gets the key", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 3 });
    const file = new File([mp3], "my song.mp3", { type: "audio/mpeg" });
    const statuses: string[] = [];
    const clipId = await gw.musicgen.uploads.upload(file, {
      interval: 1,
      onProgress: (s) => statuses.push(s.status),
    });
    expect(clipId).toMatch(/^clip-upload-/);
    expect(statuses).toEqual(["running", "succeeded"]);

    const steps = mock.requests.map((r) => `${r.method} ${r.path.replace(/upload-\w+/, "<id>")}`);
    expect(steps).toEqual([
      "POST /musicgeni/uploads/audio",
      "POST /files/uploads/<id>",
      "POST /musicgeni/uploads/audio/<id>/upload-finish",
      "GET /musicgeni/uploads/audio/<id>",
      "GET /musicgeni/uploads/audio/<id>",
      "GET /musicgeni/uploads/audio/<id>",
      "POST /musicgeni/uploads/audio/<id>/initialize-clip",
    ]);
    const [slot, storage, finish] = mock.requests;
    expect(slot!.body).toEqual({ extension: "mp3" });
    expect(storage!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(storage!.headers)).not.toContain(mock.apiKey);
    const form = storage!.body as FormData;
    expect(form.get("x-amz-signature")).toMatch(/^sig-/);
    const sent = form.get("file") as File;
    expect(sent.name).toBe("my song.mp3");
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(mp3);
    expect(finish!.body).toEqual({ upload_type: "file_upload", upload_filename: "my song.mp3" });
    for (const request of [slot, finish])
      expect(request!.headers.authorization).toBe(`Bearer ${mock.apiKey}`);
  });

  it("the steps work alone, and a rejected audio fails the processing wait", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 2 });
    const target = await gw.musicgen.uploads.request({ extension: "wav" });
    expect(target.url).toMatch(/\/files\/uploads\/upload-/);
    await gw.musicgen.uploads.put(target, mp3);
    await gw.musicgen.uploads.finish(target.id, { upload_filename: "[fail].wav" });
    expect(await gw.musicgen.uploads.status(target.id)).toMatchObject({
      kind: "music.upload",
      status: "running",
    });
    const error = await thrown(() => gw.musicgen.uploads.wait(target.id, { interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.task).toEqual({ kind: "music.upload", id: target.id });
    expect(error.reason).toMatch(/could not be processed/);
    expect(mock.requests.filter((r) => r.path.endsWith("initialize-clip"))).toHaveLength(0);
  });

  it("a storage refusal is a typed error (the object store's XML is decoded)", async () => {
    const { gw } = await loopback();
    const target = await gw.musicgen.uploads.request({ extension: "mp3" });
    const error = await thrown(() =>
      gw.musicgen.uploads.put({ ...target, fields: { ...target.fields, "x-amz-signature": "forged" } }, mp3),
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.status).toBe(403);
  });

  it("abort stops the flow", async () => {
    const { gw } = await loopback({}, { taskSteps: 1000 });
    const controller = new AbortController();
    const uploading = gw.musicgen.uploads.upload(new Blob([mp3]), {
      name: "a.mp3",
      interval: 10,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 80);
    expect(await thrown(() => uploading)).toBeInstanceOf(APIUserAbortError);
  });

  it("fromUrl resolves to the upload's own id, followed like a file upload to its clip", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 2 });
    const uploadId = await gw.musicgen.uploads.fromUrl("https://cdn.test/song.mp3");
    expect(uploadId).toMatch(/^upload-/);
    expect(mock.requests[0]).toMatchObject({
      method: "POST",
      path: "/musicgen/uploads/audio-url",
      body: { url: "https://cdn.test/song.mp3" },
    });
    expect(await gw.musicgen.uploads.fromUrl({ url: "https://cdn.test/b.mp3" })).toMatch(/^upload-/);
    await gw.musicgen.uploads.wait(uploadId, { interval: 1 });
    const { clip_id } = await gw.musicgen.uploads.initializeClip(uploadId);
    expect(clip_id).toMatch(/^clip-upload-/);
    expect(mock.requests.at(-1)!.path).toBe(`/musicgeni/uploads/audio/${uploadId}/initialize-clip`);
  });
});
