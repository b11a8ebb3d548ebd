/**
 * Compatibility with the Kling API that /vidgen relays: request bodies as the Kling docs and real
 * logs show them go on the wire unchanged, and every Kling capture (shared/upstream/kling-*.json,
 * copied to tests/resources/vidgen/fixtures/) parses into the typed snapshot a user reads.
 */
import { describe, expect, it } from "vitest";
import Genway, {
  TaskFailedError,
  type VidgenImageToVideoParams,
  type VidgenMultiImageToImageParams,
  type VidgenTextToVideoParams,
} from "../../src/index.js";
import { fixture, loopback, thrown } from "../support/index.js";

const capture = (name: string): any =>
  JSON.parse(fixture(new URL("../resources/vidgen/", import.meta.url), name));

/** Base64 of a PNG header, 512x512: a first frame the image checks accept. */
const FRAME = (() => {
  const u32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  const header = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...u32(13), 0x49, 0x48, 0x44, 0x52];
  return Buffer.from([...header, ...u32(512), ...u32(512), 8, 2, 0, 0, 0]).toString("base64");
})();

describe("Kling request bodies go on the wire unchanged", () => {
  it("the kling-v3 text2video request of kling-text2video-submit.json", async () => {
    const { gw, mock } = await loopback();
    const body: VidgenTextToVideoParams = capture("kling-text2video-submit.json").request;
    const task = await gw.vidgen.videos.textToVideo(body);
    expect(mock.requests.at(-1)!.body).toEqual(capture("kling-text2video-submit.json").request);
    // The mock finds the task by the caller's id, as Kling does.
    const snapshot = await gw.vidgen.retrieve("text2video_kling_v3_final-1774805076", "text2video");
    expect(snapshot.id).toBe(task.id);
    expect(snapshot.raw.data.task_info).toEqual({ external_task_id: "text2video_kling_v3_final-1774805076" });
  });

  // Each body typed against its declared params (extras a newer gateway accepts included).
  it.each([
    [
      "text2video with camera_control and every documented field",
      {
        model_name: "kling-v1",
        prompt: "A cat walks along a sunny windowsill",
        negative_prompt: "blurry, low quality",
        cfg_scale: 0.5,
        mode: "std",
        camera_control: {
          type: "simple",
          config: { horizontal: 0, vertical: 0, pan: -5, tilt: 0, roll: 0, zoom: 0 },
        },
        aspect_ratio: "16:9",
        duration: "5",
        callback_url: "https://example.com/kling/callback",
        external_task_id: "cat-001",
      } satisfies VidgenTextToVideoParams,
      (gw: Genway, body: any) => gw.vidgen.videos.textToVideo(body),
    ],
    [
      "text2video with sound, a field newer than the spec",
      {
        model_name: "kling-v2-6",
        prompt: "Waves crash on rocks at sunset",
        mode: "pro",
        duration: "10",
        aspect_ratio: "9:16",
        sound: "on",
      } satisfies VidgenTextToVideoParams & { sound: string },
      (gw: Genway, body: any) => gw.vidgen.videos.textToVideo(body),
    ],
    [
      "image2video with image_tail (URL and bare base64) and a static mask",
      {
        model_name: "kling-v1-5",
        mode: "pro",
        duration: "5",
        image: FRAME,
        image_tail: "https://example.com/last-frame.png",
        prompt: "The flower opens",
        cfg_scale: 0.5,
        static_mask: "https://example.com/mask.png",
        external_task_id: "flower-7",
      } satisfies VidgenImageToVideoParams & { static_mask: string },
      (gw: Genway, body: any) => gw.vidgen.videos.imageToVideo(body),
    ],
    [
      "multi-image2image with the Kling API's subject_image objects",
      {
        model_name: "kling-v2",
        prompt: "The two of them having tea in the garden",
        subject_image_list: [
          { subject_image: "https://example.com/person-a.png" },
          { subject_image: "https://example.com/person-b.png" },
        ],
        scene_image: "https://example.com/garden.png",
        style_image: "https://example.com/watercolour.png",
        n: 2,
        aspect_ratio: "16:9",
        external_task_id: "tea-party",
      } satisfies VidgenMultiImageToImageParams,
      (gw: Genway, body: any) => gw.vidgen.images.multiImageToImage(body),
    ],
  ] as const)("%s", async (_, body, send) => {
    const { gw, mock } = await loopback();
    await send(gw, body);
    expect(mock.requests.at(-1)!.body).toEqual(body);
  });
});

/** A client whose requests are answered in turn with `bodies` (each a vidgen envelope). */
function replay(...bodies: unknown[]): { gw: Genway; paths: string[] } {
  const paths: string[] = [];
  const gw = new Genway({
    apiKey: "sk-replay",
    baseURL: "http://replay.invalid",
    maxRetries: 0,
    logLevel: "off",
    fetch: async (input, init) => {
      paths.push(
        `${init?.method ?? "GET"} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`,
      );
      const body = bodies.shift();
      return Response.json(body, { status: 200 });
    },
  });
  return { gw, paths };
}

describe("every Kling capture parses into its typed snapshot", () => {
  it("kling-text2video-submit.json: the submission answer is a task", async () => {
    const { gw, paths } = replay(capture("kling-text2video-submit.json").response);
    const task = await gw.vidgen.videos.textToVideo(capture("kling-text2video-submit.json").request);
    expect(task.toJSON()).toEqual({ kind: "vidgen.text2video", id: "867283741759111202" });
    expect(paths).toEqual(["POST /vidgen/v1/videos/text2video"]);
  });

  it("kling-image2video-lifecycle.json: submitted, processing, succeed", async () => {
    const lifecycle = capture("kling-image2video-lifecycle.json");
    const { gw } = replay(lifecycle.submit_response, lifecycle.query_processing, lifecycle.query_succeed);
    const task = await gw.vidgen.videos.imageToVideo({ image: "https://example.com/a.png" });
    expect(task.id).toBe("822953089408827433");
    const running = await task.retrieve();
    expect(running).toMatchObject({ status: "running", result: undefined, progress: undefined });
    expect(running.raw.data.task_result).toEqual({});
    const done = await task.retrieve();
    expect(done.status).toBe("succeeded");
    const video = done.result!.videos![0]!;
    expect(video.id).toBe("822953089593376815");
    expect(video.duration).toBe("5.1");
    expect(video.url).toMatch(/^https:\/\/v16-kling-fdl\.klingai\.com\/.+\.mp4\?/);
    expect(done.raw.data.created_at).toBe(1764235825029);
    expect(done.raw.data.updated_at).toBe(1764236054436);
  });

  it("kling-text2video-query-schema.json: watermark, deduction and external id", async () => {
    const { gw, paths } = replay(capture("kling-text2video-query-schema.json"));
    const done = await gw.vidgen.retrieve("string", "text2video");
    expect(paths).toEqual(["GET /vidgen/v1/images/text2video/string"]);
    expect(done.status).toBe("succeeded");
    expect(done.result!.videos).toEqual([
      { id: "string", url: "string", watermark_url: "string", duration: "string" },
    ]);
    expect(done.raw.data.final_unit_deduction).toBe("string");
    expect(done.raw.data.watermark_info).toEqual({ enabled: false });
    expect(done.raw.data.task_info).toEqual({ external_task_id: "string" });
    expect(done.raw.data.created_at).toBe(1722769557708);
  });

  it("kling-images-generations-query.json: the example and the schema", async () => {
    const { example, schema } = capture("kling-images-generations-query.json");
    const { gw, paths } = replay(example, schema);
    const first = await gw.vidgen.retrieve("CjNQtmctxFMAAAAAAGZ1Vw", "generations");
    expect(first).toMatchObject({ id: "CjNQtmctxFMAAAAAAGZ1Vw", status: "succeeded" });
    expect(first.result!.images).toEqual([{ url: "https://cdn.klingai.com/...", index: 0 }]);
    expect(first.raw.request_id).toBe("Cji7cGctxFMAAAAAAGj3vA");
    const second = await gw.vidgen.retrieve("string", "vidgen.generations");
    expect(second.result!.images![0]).toEqual({ index: 0, url: "string", watermark_url: "string" });
    expect(second.raw.data.final_unit_deduction).toBe("string");
    expect(paths).toEqual([
      "GET /vidgen/v1/images/generations/CjNQtmctxFMAAAAAAGZ1Vw",
      "GET /vidgen/v1/images/generations/string",
    ]);
  });

  it("kling-task-failed-schema.json: code 0 and SUCCEED, yet failed with its reason", async () => {
    const failed = capture("kling-task-failed-schema.json");
    const { gw } = replay(failed, failed);
    const snapshot = await gw.vidgen.retrieve("822953089408827433", "image2video");
    expect(snapshot).toMatchObject({
      status: "failed",
      reason: "<free-text failure reason>",
      result: undefined,
    });
    expect(snapshot.raw).toMatchObject({ code: 0, message: "SUCCEED" });
    const error = await thrown(() =>
      gw.vidgen.wait("822953089408827433", { kind: "image2video", interval: 1 }),
    );
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toBe("<free-text failure reason>");
  });
});
