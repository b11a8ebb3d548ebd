import { describe, expect, it } from "vitest";
import { FAIL_MARKER } from "../../../mock/tasks.js";
import {
  APIConnectionError,
  APIUserAbortError,
  models,
  TaskFailedError,
  TaskTimeoutError,
  ValidationError,
  type VideoCreateParams,
  type VideoSnapshot,
} from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";

const submissions = (mock: { requests: Array<{ method: string; path: string }> }) =>
  mock.requests.filter((r) => r.method === "POST" && r.path === "/v2/videos/generations");

describe("gw.videos: requests on the wire", () => {
  it("submits vidA text-to-video and returns a serializable Task", async () => {
    const { gw, mock } = await loopback();
    const params = {
      model: "vidA-2.5",
      prompt: "a cat surfing at sunset",
      ratio: "21:9",
      duration: 10,
      resolution: "1080p",
      seed: 2147483647,
      watermark: false,
      camerafixed: true,
      generate_audio: true,
      return_last_frame: true,
    } as const;
    const task = await gw.videos.create(params);
    expect(task.kind).toBe("video");
    expect(task.id).toMatch(/^video-/);
    expect(JSON.parse(JSON.stringify(task))).toEqual({ kind: "video", id: task.id });
    const sent = mock.requests[0]!;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v2/videos/generations");
    expect(sent.body).toEqual(params);
    expect(sent.headers.authorization).toBe(`Bearer ${mock.apiKey}`);
  });

  it("sends vidA image-to-video and first/last-frame images; bytes become base64", async () => {
    const { gw, mock } = await loopback();
    await gw.videos.create({
      model: "vidA-1-0-pro-250528",
      prompt: "move",
      images: ["https://x.test/a.png"],
    });
    await gw.videos.create({
      model: "vidA-1-0-lite-i2v-250428",
      prompt: "from dawn to dusk",
      images: [new Uint8Array([1, 2, 3]), "https://x.test/last.png"],
      return_last_frame: true,
    });
    expect(mock.requests[0]!.body).toEqual({
      model: "vidA-1-0-pro-250528",
      prompt: "move",
      images: ["https://x.test/a.png"],
    });
    expect(mock.requests[1]!.body).toMatchObject({
      images: ["AQID", "https://x.test/last.png"],
      return_last_frame: true,
    });
  });

  it("sends vidB text-to-video and image-to-video as given", async () => {
    const { gw, mock } = await loopback();
    await gw.videos.create({
      model: "vidB3",
      prompt: "rain",
      aspect_ratio: "9:16",
      enhance_prompt: true,
      enable_upsample: true,
    });
    await gw.videos.create({
      model: "vidB2-fast-components",
      prompt: "three friends",
      images: ["https://x.test/1.png", "aGVsbG8=", "https://x.test/3.png"],
    });
    expect(mock.requests[0]!.body).toEqual({
      model: "vidB3",
      prompt: "rain",
      aspect_ratio: "9:16",
      enhance_prompt: true,
      enable_upsample: true,
    });
    expect(mock.requests[1]!.body).toEqual({
      model: "vidB2-fast-components",
      prompt: "three friends",
      images: ["https://x.test/1.png", "aGVsbG8=", "https://x.test/3.png"],
    });
  });

  it("passes fields its type does not declare through untouched, and extra_body too", async () => {
    const { gw, mock } = await loopback();
    const params = { model: "vidB3", prompt: "p", notify_hook: "https://me.test/hook", hd: true };
    await gw.videos.create(params as VideoCreateParams, { extra_body: { private: true } });
    expect(mock.requests[0]!.body).toEqual({ ...params, private: true });
  });

  it.each([
    ["veo3", { duration: 8, aspect_ratio: "16:9", resolution: "780P", hd: true }],
    ["doubao-seedance-1-0-pro-250528", { duration: 7, ratio: "5:4", seed: -1 }],
    ["kling-v2-master", { duration: 10, images: ["https://x.test/a.png", "https://x.test/b.png"] }],
    ["sora-2", { size: "1280x720", private: true, notify_hook: "https://me.test/hook" }],
  ])("never refuses a model id: %s is sent as given", async (model, extra) => {
    const { gw, mock } = await loopback();
    const params = { model, prompt: "A cat surfing in sunset, cinematic", ...extra };
    const task = await gw.videos.create(params as VideoCreateParams);
    expect(task.id).toMatch(/^video-/);
    expect(mock.requests[0]!.body).toEqual(params);
  });

  it("an id placed in vidA by the catalog gets vidA's bounds, but not the rules of one exact spec id", async () => {
    const undo = models.register("doubao-seedance-*", "vidA");
    try {
      const { gw, mock } = await loopback();
      const error = await thrown(() =>
        gw.videos.create({ model: "doubao-seedance-1-0-pro-250528", prompt: "p", duration: 7 }),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.issues).toEqual([expect.objectContaining({ path: "duration", rule: "invalid_value" })]);
      // First/last frame and return_last_frame are tied to named spec ids; this id is none of them.
      const frames = {
        model: "doubao-seedance-1-0-pro-250528",
        prompt: "p",
        images: ["https://x.test/a.png", "https://x.test/b.png"],
        return_last_frame: true,
      };
      await gw.videos.create(frames);
      expect(mock.requests.at(-1)!.body).toEqual(frames);
    } finally {
      undo();
    }
  });
});

describe("gw.videos: every rule is checked before the wire", () => {
  const long = (n: number) => "x".repeat(n);
  const cases: Array<[string, VideoCreateParams | Record<string, unknown>, string, string]> = [
    ["prompt required", { model: "vidA-2.5" }, "prompt", "invalid_type"],
    ["seed below 0", { model: "vidA-2.5", prompt: "p", seed: -1 }, "seed", "too_small"],
    ["seed above 2147483647", { model: "vidA-2.5", prompt: "p", seed: 2147483648 }, "seed", "too_big"],
    ["seed not an integer", { model: "vidA-2.5", prompt: "p", seed: 1.5 }, "seed", "invalid_type"],
    ["ratio not in the list", { model: "vidA-2.5", prompt: "p", ratio: "5:4" }, "ratio", "invalid_value"],
    ["duration not 5 or 10", { model: "vidA-2.5", prompt: "p", duration: 7 }, "duration", "invalid_value"],
    [
      "resolution not in the list",
      { model: "vidA-2.5", prompt: "p", resolution: "4k" },
      "resolution",
      "invalid_value",
    ],

    [
      "image-variant prompt over 800",
      { model: "vidA-2.5", prompt: long(801), images: ["https://x.test/a.png"] },
      "prompt",
      "too_big",
    ],
    [
      "first/last frame with a model outside its list",
      { model: "vidA-1-0-pro-250528", prompt: "p", images: ["https://x.test/a.png", "https://x.test/b.png"] },
      "model",
      "invalid_value",
    ],

    [
      "return_last_frame in an image variant outside lite-i2v",
      { model: "vidA-2.5", prompt: "p", images: ["https://x.test/a.png"], return_last_frame: true },
      "model",
      "invalid_value",
    ],

    [
      "vidB aspect ratio",
      { model: "vidB3", prompt: "p", aspect_ratio: "1:1" },
      "aspect_ratio",
      "invalid_value",
    ],
    [
      "vidB text-only model given images",
      { model: "vidB3", prompt: "p", images: ["https://x.test/a.png"] },
      "model",
      "invalid_value",
    ],
    [
      "vidB image-only model without images",
      { model: "vidB3.1-components", prompt: "p" },
      "model",
      "invalid_value",
    ],

    [
      "vidB2-fast-frames takes at most 2",
      { model: "vidB2-fast-frames", prompt: "p", images: ["a", "b", "c"] },
      "images",
      "too_big",
    ],
    [
      "vidB3-pro-frames takes at most 1",
      { model: "vidB3-pro-frames", prompt: "p", images: ["a", "b"] },
      "images",
      "too_big",
    ],
    [
      "vidB2-fast-components takes at most 3",
      { model: "vidB2-fast-components", prompt: "p", images: ["a", "b", "c", "d"] },
      "images",
      "too_big",
    ],
    [
      "vidB image that is neither a string nor bytes",
      { model: "vidB3.1", prompt: "p", images: [{}] },
      "images.0",
      "invalid_type",
    ],
  ];

  it.each(cases)("%s", async (_name, params, path, rule) => {
    const { gw, mock } = await loopback();
    const error = await thrown(() => gw.videos.create(params as VideoCreateParams));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toContainEqual(expect.objectContaining({ path, rule }));
    expect(mock.requests).toHaveLength(0);
  });

  it("checks base64 image syntax (a file path is not an image)", async () => {
    const { gw, mock } = await loopback();
    const error = await thrown(() =>
      gw.videos.create({ model: "vidB3.1", prompt: "p", images: ["./cat.png"] }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([expect.objectContaining({ path: "images.0", rule: "invalid_string" })]);
    expect(mock.requests).toHaveLength(0);
  });

  it("with validation off, the gateway's own checks answer (221306)", async () => {
    const { gw } = await loopback({ validation: "off" });
    const error = await thrown(() =>
      gw.videos.create({ model: "vidA-2.5", prompt: "p", duration: 7 } as never),
    );
    expect(error.name).toBe("BadRequestError");
    expect(error.code).toBe(221306);
    // The gateway's vidA bounds are its own ids' (vidA-*); other ids pass.
    const veo = await gw.videos.create({ model: "veo3", prompt: "p", duration: 7 });
    expect(veo.id).toMatch(/^video-/);
  });

  it.each(["..", ".", "", "a/b"])("retrieve(%j) is a ValidationError and nothing is sent", async (id) => {
    const { gw, mock } = await loopback();
    const error = await thrown(() => gw.videos.retrieve(id));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([expect.objectContaining({ path: "id", rule: "path_segment" })]);
    expect(await thrown(() => gw.videos.wait(id, { interval: 1 }))).toBeInstanceOf(ValidationError);
    expect(mock.requests).toHaveLength(0);
  });

  it("retrieve percent-encodes an id as one path segment", async () => {
    const { gw, mock } = await loopback();
    await thrown(() => gw.videos.retrieve("task 1?x"));
    expect(mock.requests[0]!.path).toBe("/v2/videos/generations/task%201%3Fx");
  });
});

describe("gw.videos: waiting", () => {
  it("meets every status word of the relays and normalizes each", async () => {
    const { gw } = await loopback({}, { taskSteps: 4 });
    const seen = new Map<string, string>();
    const record = (s: VideoSnapshot) => seen.set(s.raw.status, s.status);
    // The mock gives waiting tasks NOT_START, SUBMITTED and QUEUED in turn; "[unknown]" answers UNKNOWN once.
    // "[unknown]" in a prompt: its first running poll answers UNKNOWN (docs/testing.md, Tasks).
    const prompts = ["a [unknown]", "b", `c ${FAIL_MARKER}`];
    for (const prompt of prompts) {
      const task = await gw.videos.create({ model: "veo3", prompt });
      await gw.videos.wait(task.id, { interval: 1, onProgress: record }).catch((error) => {
        expect(error).toBeInstanceOf(TaskFailedError);
        record(error.snapshot);
      });
    }
    expect(Object.fromEntries(seen)).toEqual({
      NOT_START: "queued",
      SUBMITTED: "queued",
      QUEUED: "queued",
      IN_PROGRESS: "running",
      UNKNOWN: "unknown",
      SUCCESS: "succeeded",
      FAILURE: "failed",
    });
  });

  it("waits to success with increasing progress and the result URLs in the snapshot", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 5 });
    const seen: Array<[string, number | undefined]> = [];
    const done = await gw.videos.createAndWait(
      { model: "vidA-2.5", prompt: "a cat" },
      { interval: 5, onProgress: (s) => seen.push([s.status, s.progress]) },
    );
    expect(seen).toEqual([
      ["queued", 0],
      ["running", 25],
      ["running", 50],
      ["running", 75],
      ["succeeded", 100],
    ]);
    expect(done.status).toBe("succeeded");
    expect(done.result?.output).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/video-\w+\.mp4$/);
    expect(done.result?.outputs).toEqual([done.result?.output]);
    expect((done.raw as { status: string }).status).toBe("SUCCESS");
    const polls = mock.requests.filter((r) => r.method === "GET");
    expect(polls.map((r) => r.path)).toEqual(Array(5).fill(`/v2/videos/generations/${done.id}`));
  });

  it("retrieve gives the normalized snapshot of one poll", async () => {
    const { gw } = await loopback();
    const task = await gw.videos.create({ model: "vidB3", prompt: "p" });
    const first = await gw.videos.retrieve(task.id);
    expect(first).toMatchObject({
      kind: "video",
      id: task.id,
      status: "queued",
      progress: 0,
      result: undefined,
    });
    const { data, requestId } = await task.retrieve().withResponse();
    expect(data.status).toBe("running");
    expect(requestId).toMatch(/^mock-req-/);
  });

  it("a failed task throws TaskFailedError with the gateway's reason and the snapshot", async () => {
    const { gw } = await loopback();
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "a cat [fail]" });
    const error = await thrown(() => gw.videos.wait(task.id, { interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.task).toEqual({ kind: "video", id: task.id });
    expect(error.reason).toMatch(/moderation/);
    expect(error.snapshot).toMatchObject({ status: "failed", raw: { status: "FAILURE" } });
  });

  it("runs out of time with TaskTimeoutError, then resumes from toJSON() in a new client", async () => {
    const { gw, server, mock } = await loopback({}, { taskSteps: 4 });
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "slow" });
    const saved = JSON.stringify(task);
    const error = await thrown(() => task.wait({ interval: 200, timeout: 50 }));
    expect(error).toBeInstanceOf(TaskTimeoutError);
    expect(error.task).toEqual({ kind: "video", id: task.id });
    expect(error.snapshot).toMatchObject({ status: "queued" });
    expect(error.message).toContain("gw.tasks.wait");

    const { default: Genway } = await import("../../../src/index.js");
    const other = new Genway({ apiKey: mock.apiKey, baseURL: server.url, maxRetries: 0 });
    const done = await other.tasks.wait(JSON.parse(saved), { interval: 1 });
    expect(done).toMatchObject({ kind: "video", id: task.id, status: "succeeded" });
  });

  it("aborts a wait with the caller's signal", async () => {
    const { gw } = await loopback({}, { taskSteps: 100 });
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "p" });
    const controller = new AbortController();
    const waiting = task.wait({ signal: controller.signal, interval: 20 });
    setTimeout(() => controller.abort(), 60);
    const started = Date.now();
    expect(await thrown(() => waiting)).toBeInstanceOf(APIUserAbortError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("never sends a paid submission twice when the connection dies after sending", async () => {
    const { gw, mock } = await loopback({ maxRetries: 3 });
    mock.inject({ match: "/v2/videos/generations", reset: "after-headers" });
    const error = await thrown(() => gw.videos.create({ model: "vidA-2.5", prompt: "p" }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(submissions(mock)).toHaveLength(1);
  });

  it("retries a paid submission the gateway certainly refused (10012)", async () => {
    const { gw, mock } = await loopback({ maxRetries: 1 });
    mock.inject({ match: "/v2/videos/generations", code: 10012, retryAfterMs: 1 });
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "p" });
    expect(task.id).toMatch(/^video-/);
    expect(submissions(mock)).toHaveLength(2);
  });

  it("polls are retried like any query", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2 }, { taskSteps: 1 });
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "p" });
    mock.inject({ match: `/v2/videos/generations/${task.id}`, status: 502, retryAfterMs: 1 });
    expect((await task.wait({ interval: 1 })).status).toBe("succeeded");
  });
});
