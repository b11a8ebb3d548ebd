import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import Genway, {
  BadRequestError,
  NotFoundError,
  TaskFailedError,
  ValidationError,
  type VidgenTask,
} from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";

/** A PNG header of the given size: enough for the format and pixel checks. */
function png(width: number, height: number, padTo = 0): Uint8Array {
  const u32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  const header = [
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...u32(13),
    0x49,
    0x48,
    0x44,
    0x52,
    ...u32(width),
    ...u32(height),
    8,
    2,
    0,
    0,
    0,
  ];
  const bytes = new Uint8Array(Math.max(padTo, header.length));
  bytes.set(header);
  return bytes;
}
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const GIF = base64(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0]));

describe("gw.vidgen: each operation on the wire", () => {
  const frame = png(640, 480);
  const cases = [
    {
      name: "images.generate",
      call: (gw: Genway): Promise<VidgenTask> =>
        gw.vidgen.images.generate({
          prompt: "a fox",
          n: 2,
          image: frame,
          model_name: "vidgen-v2",
          aspect_ratio: "3:2",
          image_fidelity: 0.5,
          callback_url: "https://me.test/cb",
        }),
      path: "/vidgen/v1/images/generations",
      body: {
        prompt: "a fox",
        n: 2,
        image: base64(frame),
        model_name: "vidgen-v2",
        aspect_ratio: "3:2",
        image_fidelity: 0.5,
        callback_url: "https://me.test/cb",
      },
      kind: "vidgen.generations",
      query: "/vidgen/v1/images/generations/",
    },
    {
      name: "images.expand",
      call: (gw: Genway): Promise<VidgenTask> =>
        gw.vidgen.images.expand({
          image: "https://x.test/a.png",
          up_expansion_ratio: 0.1,
          down_expansion_ratio: 0.2,
          left_expansion_ratio: 0,
          right_expansion_ratio: 1,
          n: 1,
        }),
      path: "/vidgen/v1/images/editing/expand",
      body: {
        image: "https://x.test/a.png",
        up_expansion_ratio: 0.1,
        down_expansion_ratio: 0.2,
        left_expansion_ratio: 0,
        right_expansion_ratio: 1,
        n: 1,
      },
      kind: "vidgen.expand",
      query: "/vidgen/v1/images/editing/expand/",
    },
    {
      name: "images.multiImageToImage",
      call: (gw: Genway): Promise<VidgenTask> =>
        gw.vidgen.images.multiImageToImage({
          model_name: "vidgen-v2",
          subject_image_list: ["https://x.test/a.png", frame],
          scence_image: "https://x.test/bg.png",
          prompt: "together",
        }),
      path: "/vidgen/v1/images/multi-image2image",
      body: {
        model_name: "vidgen-v2",
        subject_image_list: ["https://x.test/a.png", base64(frame)],
        scence_image: "https://x.test/bg.png",
        prompt: "together",
      },
      kind: "vidgen.multi-image2image",
      query: "/vidgen/v1/images/multi-image2image/",
    },
    {
      name: "videos.textToVideo",
      call: (gw: Genway): Promise<VidgenTask> =>
        gw.vidgen.videos.textToVideo({
          prompt: "a calm lake",
          mode: "pro",
          duration: 10,
          cfg_scale: 0.5,
          model_name: "kling-v1-6",
          aspect_ratio: "1:1",
          negative_prompt: "people",
          camera_control: { type: "simple", config: { pan: -10, zoom: 10 } },
        }),
      path: "/vidgen/v1/videos/text2video",
      body: {
        prompt: "a calm lake",
        mode: "pro",
        duration: "10",
        cfg_scale: 0.5,
        model_name: "kling-v1-6",
        aspect_ratio: "1:1",
        negative_prompt: "people",
        camera_control: { type: "simple", config: { pan: -10, zoom: 10 } },
      },
      kind: "vidgen.text2video",
      query: "/vidgen/v1/images/text2video/",
    },
    {
      name: "videos.imageToVideo",
      call: (gw: Genway): Promise<VidgenTask> =>
        gw.vidgen.videos.imageToVideo({
          image: frame,
          image_tail: "https://x.test/end.png",
          duration: "5",
          mode: "std",
        }),
      path: "/vidgen/v1/videos/image2video",
      body: { image: base64(frame), image_tail: "https://x.test/end.png", duration: "5", mode: "std" },
      kind: "vidgen.image2video",
      query: "/vidgen/v1/videos/image2video/",
    },
    {
      name: "videos.multiImageToVideo",
      call: (gw: Genway): Promise<VidgenTask> =>
        gw.vidgen.videos.multiImageToVideo({
          image_list: [{ image: frame }, { image: "https://x.test/b.png" }],
          model_name: "vidgen-v1-6",
          prompt: "dance",
        }),
      path: "/vidgen/v1/videos/multi-image2video",
      body: {
        image_list: [{ image: base64(frame) }, { image: "https://x.test/b.png" }],
        model_name: "vidgen-v1-6",
        prompt: "dance",
      },
      kind: "vidgen.multi-image2video",
      query: "/vidgen/v1/videos/multi-image2video/",
    },
    {
      name: "videos.extend",
      call: (gw: Genway): Promise<VidgenTask> =>
        gw.vidgen.videos.extend({ video_id: "v-1", prompt: "and then" }),
      path: "/vidgen/v1/videos/video-extend",
      body: { video_id: "v-1", prompt: "and then" },
      kind: "vidgen.video-extend",
      query: "/vidgen/v1/videos/video-extend/",
    },
    {
      name: "audio.textToAudio",
      call: (gw: Genway): Promise<VidgenTask> =>
        gw.vidgen.audio.textToAudio({ prompt: "rain on a roof", duration: 3.5 }),
      path: "/vidgen/v1/audio/text-to-audio",
      body: { prompt: "rain on a roof", duration: 3.5 },
      kind: "vidgen.text-to-audio",
      query: "/vidgen/v1/audio/text-to-audio/",
    },
    {
      name: "audio.videoToAudio",
      call: (gw: Genway): Promise<VidgenTask> =>
        gw.vidgen.audio.videoToAudio({ video_url: "https://x.test/v.mp4" }),
      path: "/vidgen/v1/audio/video-to-audio",
      body: { video_url: "https://x.test/v.mp4" },
      kind: "vidgen.video-to-audio",
      query: "/vidgen/v1/audio/video-to-audio/",
    },
  ];

  it.each(cases)("$name", async ({ call, path, body, kind, query }) => {
    const { gw, mock } = await loopback({}, { taskSteps: 2 });
    const task = await call(gw);
    expect(mock.requests[0]).toMatchObject({ method: "POST", path, body });
    expect(task.toJSON()).toEqual({ kind, id: expect.stringMatching(/^vg-/) });
    const done = await task.wait({ interval: 1 });
    expect(mock.requests.slice(1).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${query}${task.id}`,
      `GET ${query}${task.id}`,
    ]);
    expect(done).toMatchObject({ kind, id: task.id, status: "succeeded", progress: undefined });
    const result = done.result!;
    const urls = [...(result.videos ?? []), ...(result.images ?? [])].map((x) => x.url);
    urls.push(...(result.audios ?? []).flatMap((a) => [a.url_mp3!, a.url_wav!]));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
  });

  it("retrieve(taskId, kind) reads the operation's own query path, with or without the prefix", async () => {
    const { gw, mock } = await loopback();
    const task = await gw.vidgen.videos.imageToVideo({ image: "https://x.test/a.png" });
    const a = await gw.vidgen.retrieve(task.id, "image2video");
    const b = await gw.vidgen.retrieve(task.id, "vidgen.image2video");
    expect([a.status, b.status]).toEqual(["queued", "running"]);
    expect(mock.requests.slice(1).map((r) => r.path)).toEqual(
      Array(2).fill(`/vidgen/v1/videos/image2video/${task.id}`),
    );
    expect(
      (await gw.vidgen.wait(task.id, { kind: "image2video", interval: 1 })).result?.videos?.[0],
    ).toMatchObject({
      id: expect.any(String),
      duration: "5.1",
    });
  });

  it("queries under another operation's path are the gateway's 404", async () => {
    const { gw } = await loopback();
    const task = await gw.vidgen.videos.extend({ video_id: "v", prompt: "p" });
    expect(await thrown(() => gw.vidgen.retrieve(task.id, "text2video"))).toBeInstanceOf(NotFoundError);
  });

  it("a failed task with code 0 and message SUCCEED still throws TaskFailedError", async () => {
    const { gw } = await loopback({}, { taskSteps: 2 });
    const task = await gw.vidgen.videos.textToVideo({ prompt: "[fail] a lake" });
    const error = await thrown(() => task.wait({ interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toMatch(/moderation/);
    expect(error.snapshot.raw).toMatchObject({
      code: 0,
      message: "SUCCEED",
      data: { task_status: "failed" },
    });
  });

  it("a non-zero envelope code is a typed error", async () => {
    const { gw, mock } = await loopback({ validation: "off" });
    const error = await thrown(() => gw.vidgen.videos.textToVideo({ prompt: "x".repeat(501) }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.status).toBe(400);
    expect(error.code).toBe(1201);
    expect(error.body).toMatchObject({ code: 1201, request_id: expect.any(String), data: null });
    mock.inject({ match: "/vidgen/", code: 10012 });
    const limited = await thrown(() => gw.vidgen.audio.textToAudio({ prompt: "p", duration: 5 }));
    expect(limited.name).toBe("RateLimitError");
  });
});

describe("gw.vidgen: every rule is checked before the wire", () => {
  const MB = 1024 * 1024;
  const ok = "https://x.test/a.png";
  const cases: Array<[string, (gw: any) => Promise<unknown>, string, string]> = [
    [
      "generate: prompt over 5000",
      (gw) => gw.vidgen.images.generate({ prompt: "x".repeat(5001) }),
      "prompt",
      "too_big",
    ],
    [
      "generate: negative prompt over 2000",
      (gw) => gw.vidgen.images.generate({ prompt: "p", negative_prompt: "x".repeat(2001) }),
      "negative_prompt",
      "too_big",
    ],
    ["generate: n 0", (gw) => gw.vidgen.images.generate({ prompt: "p", n: 0 }), "n", "too_small"],
    ["generate: n 10", (gw) => gw.vidgen.images.generate({ prompt: "p", n: 10 }), "n", "too_big"],
    [
      "generate: image_fidelity 1.5",
      (gw) => gw.vidgen.images.generate({ prompt: "p", image_fidelity: 1.5 }),
      "image_fidelity",
      "too_big",
    ],
    [
      "generate: image format gif",
      (gw) => gw.vidgen.images.generate({ prompt: "p", image: GIF }),
      "image",
      "invalid_format",
    ],
    [
      "generate: image over 10 MB",
      (gw) => gw.vidgen.images.generate({ prompt: "p", image: png(64, 64, 10 * MB + 1) }),
      "image",
      "too_big",
    ],
    [
      "expand: ratios required",
      (gw) => gw.vidgen.images.expand({ image: ok, up_expansion_ratio: 0.1 }),
      "down_expansion_ratio",
      "invalid_type",
    ],
    [
      "expand: n 10",
      (gw) =>
        gw.vidgen.images.expand({
          image: ok,
          up_expansion_ratio: 0,
          down_expansion_ratio: 0,
          left_expansion_ratio: 0,
          right_expansion_ratio: 0,
          n: 10,
        }),
      "n",
      "too_big",
    ],
    [
      "multi-image2image: model_name required",
      (gw) => gw.vidgen.images.multiImageToImage({ subject_image_list: [ok] }),
      "model_name",
      "invalid_type",
    ],
    [
      "multi-image2image: subject images required",
      (gw) => gw.vidgen.images.multiImageToImage({ model_name: "m", subject_image_list: [] }),
      "subject_image_list",
      "too_small",
    ],
    [
      "multi-image2image: subject image over 10 MB",
      (gw) =>
        gw.vidgen.images.multiImageToImage({
          model_name: "m",
          subject_image_list: [ok, png(64, 64, 10 * MB + 1)],
        }),
      "subject_image_list.1",
      "too_big",
    ],
    [
      "text2video: prompt over 500",
      (gw) => gw.vidgen.videos.textToVideo({ prompt: "x".repeat(501) }),
      "prompt",
      "too_big",
    ],
    [
      "text2video: negative prompt over 200",
      (gw) => gw.vidgen.videos.textToVideo({ prompt: "p", negative_prompt: "x".repeat(201) }),
      "negative_prompt",
      "too_big",
    ],
    [
      "text2video: mode",
      (gw) => gw.vidgen.videos.textToVideo({ prompt: "p", mode: "fast" }),
      "mode",
      "invalid_value",
    ],
    [
      "text2video: duration '7'",
      (gw) => gw.vidgen.videos.textToVideo({ prompt: "p", duration: "7" }),
      "duration",
      "invalid_value",
    ],
    [
      "text2video: cfg_scale -0.1",
      (gw) => gw.vidgen.videos.textToVideo({ prompt: "p", cfg_scale: -0.1 }),
      "cfg_scale",
      "too_small",
    ],
    [
      "text2video: camera value 11",
      (gw) =>
        gw.vidgen.videos.textToVideo({
          prompt: "p",
          camera_control: { type: "simple", config: { tilt: 11 } },
        }),
      "camera_control.config.tilt",
      "too_big",
    ],
    [
      "text2video: camera value -11",
      (gw) =>
        gw.vidgen.videos.textToVideo({
          prompt: "p",
          camera_control: { type: "simple", config: { roll: -11 } },
        }),
      "camera_control.config.roll",
      "too_small",
    ],
    [
      "text2video: camera value 1.5",
      (gw) =>
        gw.vidgen.videos.textToVideo({
          prompt: "p",
          camera_control: { type: "simple", config: { horizontal: 1.5 } },
        }),
      "camera_control.config.horizontal",
      "invalid_type",
    ],
    [
      "image2video: image required",
      (gw) => gw.vidgen.videos.imageToVideo({ prompt: "p" }),
      "image",
      "invalid_type",
    ],
    [
      "image2video: tail frame only 5 s",
      (gw) => gw.vidgen.videos.imageToVideo({ image: ok, image_tail: ok, duration: "10" }),
      "duration",
      "invalid_value",
    ],
    [
      "image2video: image under 300x300",
      (gw) => gw.vidgen.videos.imageToVideo({ image: png(299, 400) }),
      "image",
      "too_small",
    ],
    [
      "image2video: tail under 300x300",
      (gw) => gw.vidgen.videos.imageToVideo({ image: ok, image_tail: base64(png(400, 200)) }),
      "image_tail",
      "too_small",
    ],
    [
      "image2video: image over 10 MB",
      (gw) => gw.vidgen.videos.imageToVideo({ image: png(400, 400, 10 * MB + 1) }),
      "image",
      "too_big",
    ],
    [
      "image2video: cfg_scale 2",
      (gw) => gw.vidgen.videos.imageToVideo({ image: ok, cfg_scale: 2 }),
      "cfg_scale",
      "too_big",
    ],
    [
      "multi-image2video: prompt required",
      (gw) => gw.vidgen.videos.multiImageToVideo({ image_list: [{ image: ok }], model_name: "vidgen-v1-6" }),
      "prompt",
      "invalid_type",
    ],
    [
      "multi-image2video: frame under 300x300",
      (gw) =>
        gw.vidgen.videos.multiImageToVideo({
          image_list: [{ image: ok }, { image: png(100, 100) }],
          model_name: "vidgen-v1-6",
          prompt: "p",
        }),
      "image_list.1.image",
      "too_small",
    ],
    [
      "video-extend: video_id required",
      (gw) => gw.vidgen.videos.extend({ prompt: "p" }),
      "video_id",
      "invalid_type",
    ],
    [
      "text-to-audio: prompt over 200",
      (gw) => gw.vidgen.audio.textToAudio({ prompt: "x".repeat(201), duration: 5 }),
      "prompt",
      "too_big",
    ],
    [
      "text-to-audio: duration 2.9",
      (gw) => gw.vidgen.audio.textToAudio({ prompt: "p", duration: 2.9 }),
      "duration",
      "too_small",
    ],
    [
      "text-to-audio: duration 10.1",
      (gw) => gw.vidgen.audio.textToAudio({ prompt: "p", duration: 10.1 }),
      "duration",
      "too_big",
    ],
    [
      "text-to-audio: two decimals",
      (gw) => gw.vidgen.audio.textToAudio({ prompt: "p", duration: 3.25 }),
      "duration",
      "custom",
    ],
    ["video-to-audio: neither id nor url", (gw) => gw.vidgen.audio.videoToAudio({}), "video_id", "custom"],
    [
      "video-to-audio: both id and url",
      (gw) => gw.vidgen.audio.videoToAudio({ video_id: "v", video_url: "https://x.test/v.mp4" }),
      "video_id",
      "custom",
    ],
  ];

  it.each(cases)("%s", async (_name, call, path, rule) => {
    const { gw, mock } = await loopback();
    const error = await thrown(() => call(gw));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toContainEqual(expect.objectContaining({ path, rule }));
    expect(mock.requests).toHaveLength(0);
  });

  it("names the rule in the message", async () => {
    const { gw } = await loopback();
    const error = await thrown(() => gw.vidgen.audio.videoToAudio({ video_id: "v", video_url: "u" } as any));
    expect(error.message).toContain("exactly one of video_id and video_url");
    const tail = await thrown(() => gw.vidgen.videos.imageToVideo({ image: png(200, 200) }));
    expect(tail.message).toContain("at least 300x300 px");
  });

  it("accepts the bounds themselves", async () => {
    const { gw, mock } = await loopback();
    await gw.vidgen.audio.textToAudio({ prompt: "x".repeat(200), duration: 10 });
    await gw.vidgen.audio.textToAudio({ prompt: "p", duration: 3.1 });
    await gw.vidgen.videos.imageToVideo({ image: png(300, 300), cfg_scale: 1, image_tail: ok, duration: 5 });
    await gw.vidgen.videos.textToVideo({
      prompt: "x".repeat(500),
      camera_control: { type: "simple", config: { pan: 10, vertical: -10 } },
    });
    expect(mock.requests).toHaveLength(4);
    expect(mock.requests[2]!.body).toMatchObject({ duration: "5" });
  });
});

describe("gw.vidgen: faithful pass-through", () => {
  const url = "https://x.test/a.png";
  it.each([
    [
      "images.generate",
      (gw: Genway) =>
        gw.vidgen.images.generate({ prompt: "p", model_name: "kling-v2-1", aspect_ratio: "21:9" }),
      { prompt: "p", model_name: "kling-v2-1", aspect_ratio: "21:9" },
    ],
    [
      "images.multiImageToImage",
      (gw: Genway) =>
        gw.vidgen.images.multiImageToImage({
          model_name: "kling-v2",
          subject_image_list: [url],
          aspect_ratio: "5:4",
        }),
      { model_name: "kling-v2", subject_image_list: [url], aspect_ratio: "5:4" },
    ],
    [
      "videos.textToVideo",
      (gw: Genway) =>
        gw.vidgen.videos.textToVideo({ prompt: "p", model_name: "kling-v2-master", aspect_ratio: "4:3" }),
      { prompt: "p", model_name: "kling-v2-master", aspect_ratio: "4:3" },
    ],
    [
      "videos.imageToVideo",
      (gw: Genway) => gw.vidgen.videos.imageToVideo({ image: url, model_name: "kling-v2-1-master" }),
      { image: url, model_name: "kling-v2-1-master" },
    ],
    [
      "videos.multiImageToVideo",
      (gw: Genway) =>
        gw.vidgen.videos.multiImageToVideo({
          image_list: [{ image: url }],
          model_name: "kling-v1",
          prompt: "p",
        }),
      { image_list: [{ image: url }], model_name: "kling-v1", prompt: "p" },
    ],
  ])("%s sends any model_name and aspect ratio as given", async (_name, call, body) => {
    const { gw, mock } = await loopback();
    const task = await call(gw);
    expect(task.id).toMatch(/^vg-/);
    expect(mock.requests[0]!.body).toEqual(body);
  });

  it("sends kling-v2-master with every bound still checked", async () => {
    const { gw, mock } = await loopback();
    await gw.vidgen.videos.textToVideo({ model_name: "kling-v2-master", prompt: "a lake" });
    expect(mock.requests[0]!.body).toEqual({ model_name: "kling-v2-master", prompt: "a lake" });
    const error = await thrown(() =>
      gw.vidgen.videos.textToVideo({ model_name: "kling-v2-master", prompt: "x".repeat(501) }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(
      "Invalid vidgen.videos.textToVideo request: prompt: must be at most 500 characters",
    );
    expect(mock.requests).toHaveLength(1);
  });

  it("undeclared fields pass through untouched, and extra_body adds more", async () => {
    const { gw, mock } = await loopback();
    const params = {
      prompt: "p",
      sound: "on",
      static_mask: "https://x.test/m.png",
      image: "https://x.test/a.png",
    };
    await gw.vidgen.videos.imageToVideo(params, { extra_body: { new_field: { a: 1 } } });
    expect(mock.requests[0]!.body).toEqual({ ...params, new_field: { a: 1 } });
  });

  it("multiImageToImage sends strings or {subject_image} objects and scene/style images as given", async () => {
    const { gw, mock } = await loopback();
    const frame = png(400, 400);
    await gw.vidgen.images.multiImageToImage({
      model_name: "kling-v2",
      subject_image_list: [{ subject_image: frame }, { subject_image: "https://x.test/b.png" }, frame],
      scene_image: frame,
      style_image: "https://x.test/style.png",
      scence_image: "https://x.test/scene.png",
    });
    expect(mock.requests[0]!.body).toEqual({
      model_name: "kling-v2",
      subject_image_list: [
        { subject_image: base64(frame) },
        { subject_image: "https://x.test/b.png" },
        base64(frame),
      ],
      scene_image: base64(frame),
      style_image: "https://x.test/style.png",
      scence_image: "https://x.test/scene.png",
    });
  });

  it("multiImageToImage checks images inside {subject_image} objects too", async () => {
    const { gw, mock } = await loopback();
    const error = await thrown(() =>
      gw.vidgen.images.multiImageToImage({
        model_name: "kling-v2",
        subject_image_list: [{ subject_image: png(64, 64, 10 * 1024 * 1024 + 1) }],
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toContainEqual(
      expect.objectContaining({ path: "subject_image_list.0.subject_image", rule: "too_big" }),
    );
    const style = await thrown(() =>
      gw.vidgen.images.multiImageToImage({
        model_name: "kling-v2",
        subject_image_list: ["https://x.test/a.png"],
        style_image: png(64, 64, 10 * 1024 * 1024 + 1),
      }),
    );
    expect(style.issues).toContainEqual(expect.objectContaining({ path: "style_image", rule: "too_big" }));
    expect(mock.requests).toHaveLength(0);
  });

  it("does not change the caller's params while encoding", async () => {
    const { gw } = await loopback();
    const frame = png(400, 400);
    const params = { model_name: "kling-v2", subject_image_list: [{ subject_image: frame }] };
    await gw.vidgen.images.multiImageToImage(params);
    expect(params.subject_image_list[0]!.subject_image).toBe(frame);
  });

  it("a task is found by the external_task_id given at submission", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 2 });
    const task = await gw.vidgen.videos.imageToVideo({
      image: "https://x.test/a.png",
      external_task_id: "order-42",
    });
    expect((await task.retrieve()).raw.data.task_info).toEqual({ external_task_id: "order-42" });
    const byMine = await gw.vidgen.retrieve("order-42", "image2video");
    expect(byMine).toMatchObject({ id: task.id, status: "succeeded" });
    expect(mock.requests.at(-1)!.path).toBe("/vidgen/v1/videos/image2video/order-42");
  });
});

describe("gw.vidgen: the text-to-video query path", () => {
  it("uses the spec's path when the gateway serves it", async () => {
    const { gw, mock } = await loopback({}, { vidgenTextToVideoQuery: "spec" });
    const task = await gw.vidgen.videos.textToVideo({ prompt: "p" });
    await task.retrieve();
    await task.retrieve();
    expect(mock.requests.slice(1).map((r) => r.path)).toEqual(
      Array(2).fill(`/vidgen/v1/images/text2video/${task.id}`),
    );
  });

  it("falls back to the upstream path on a 404 and then goes straight there", async () => {
    // A 404 where a relay would serve its dashboard (tests/compat/relay/relay-html.test.ts).
    const { gw, mock } = await loopback(
      {},
      { vidgenTextToVideoQuery: "upstream", unroutedPaths: "not-found" },
    );
    const task = await gw.vidgen.videos.textToVideo({ prompt: "p" });
    expect((await task.retrieve()).status).toBe("queued");
    const done = await task.wait({ interval: 1 });
    expect(done.result?.videos?.[0]?.duration).toBe("5.1");
    expect(mock.requests.slice(1).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /vidgen/v1/images/text2video/${task.id}`,
      `GET /vidgen/v1/videos/text2video/${task.id}`,
      `GET /vidgen/v1/videos/text2video/${task.id}`,
      `GET /vidgen/v1/videos/text2video/${task.id}`,
    ]);
  });

  it("remembers the choice per client: another client asks the spec's path first again", async () => {
    const { gw, mock, server } = await loopback({}, { vidgenTextToVideoQuery: "upstream" });
    const task = await gw.vidgen.videos.textToVideo({ prompt: "p" });
    await task.retrieve();
    const other = new Genway({
      apiKey: mock.apiKey,
      baseURL: server.url,
      maxRetries: 0,
      logLevel: "off",
    });
    await other.vidgen.retrieve(task.id, "text2video");
    expect(mock.requests.slice(3).map((r) => r.path)).toEqual([
      `/vidgen/v1/images/text2video/${task.id}`,
      `/vidgen/v1/videos/text2video/${task.id}`,
    ]);
  });

  it("an unknown task is the first path's 404, and no path is remembered", async () => {
    const { gw, mock } = await loopback();
    const error = await thrown(() => gw.vidgen.retrieve("nope", "text2video"));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe(1203);
    await thrown(() => gw.vidgen.retrieve("nope", "text2video"));
    expect(mock.requests.map((r) => r.path)).toEqual([
      "/vidgen/v1/images/text2video/nope",
      "/vidgen/v1/videos/text2video/nope",
      "/vidgen/v1/images/text2video/nope",
      "/vidgen/v1/videos/text2video/nope",
    ]);
  });
});

describe("gw.vidgen: ids into paths", () => {
  it.each(["..", ".", "", "a/b"])("retrieve(%j) is a ValidationError and nothing is sent", async (id) => {
    const { gw, mock } = await loopback();
    const error = await thrown(() => gw.vidgen.retrieve(id, "text2video"));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([expect.objectContaining({ path: "id", rule: "path_segment" })]);
    const other = await thrown(() => gw.vidgen.wait(id, { kind: "image2video", interval: 1 }));
    expect(other).toBeInstanceOf(ValidationError);
    expect(mock.requests).toHaveLength(0);
  });

  it("percent-encodes an id with reserved characters", async () => {
    const { gw, mock } = await loopback();
    await thrown(() => gw.vidgen.retrieve("a b?c#d", "generations"));
    expect(mock.requests[0]!.url).toMatch(/\/vidgen\/v1\/images\/generations\/a%20b%3Fc%23d$/);
  });
});

describe("the mock answers in the shapes of the Kling captures", () => {
  const capture = (name: string): any =>
    JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
  /** Field names, without the captures' `_source` notes. */
  const keys = (value: object) =>
    Object.keys(value)
      .filter((key) => !key.startsWith("_"))
      .sort();

  it("submission, processing, succeed and failed records have the captures' fields", async () => {
    const lifecycle = capture("kling-image2video-lifecycle.json");
    const { mock, server } = await loopback({}, { taskSteps: 3 });
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${mock.apiKey}`, "content-type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const submitted = await call("POST", "/vidgen/v1/videos/image2video", { image: "https://x.test/a.png" });
    expect(submitted.status).toBe(200);
    expect(keys(submitted.body)).toEqual(keys(lifecycle.submit_response));
    expect(keys(submitted.body.data)).toEqual(keys(lifecycle.submit_response.data));
    expect(submitted.body).toMatchObject({ code: 0, message: "SUCCEED", data: { task_status: "submitted" } });
    const id = submitted.body.data.task_id;
    const query = () => call("GET", `/vidgen/v1/videos/image2video/${id}`);
    await query();
    const processing = (await query()).body;
    expect(keys(processing.data)).toEqual(keys(lifecycle.query_processing.data));
    expect(processing.data).toMatchObject({ task_status: "processing", task_result: {} });
    const succeed = (await query()).body;
    expect(keys(succeed.data)).toEqual(keys(lifecycle.query_succeed.data));
    expect(keys(succeed.data.task_result.videos[0])).toEqual(
      keys(lifecycle.query_succeed.data.task_result.videos[0]),
    );
    expect(typeof succeed.data.task_result.videos[0].duration).toBe("string");

    const failedCapture = capture("kling-task-failed-schema.json");
    const doomed = await call("POST", "/vidgen/v1/videos/image2video", {
      image: "https://x.test/a.png",
      prompt: "[fail]",
    });
    for (let i = 0; i < 2; i++)
      await call("GET", `/vidgen/v1/videos/image2video/${doomed.body.data.task_id}`);
    const failed = (await call("GET", `/vidgen/v1/videos/image2video/${doomed.body.data.task_id}`)).body;
    expect(keys(failed)).toEqual(keys(failedCapture));
    expect(keys(failed.data)).toEqual(keys(failedCapture.data));
    expect(failed).toMatchObject({ code: 0, message: "SUCCEED", data: { task_status: "failed" } });

    const bad = await call("POST", "/vidgen/v1/videos/text2video", {
      prompt: "p",
      model_name: "kling-v2-master",
      cfg_scale: 2,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 1201, data: null });
  });
});
