/**
 * The unified v2 video API as its clients use it: the documented submission (video-v2-unified.json)
 * goes on the wire unchanged, and the documented query bodies (video-v2-unified.json,
 * newapi-video-responses.json) parse into typed snapshots.
 */
import { describe, expect, it } from "vitest";
import type { VideoCreateParams } from "../../src/index.js";
import { answering, compatCapture, loopback } from "../support/index.js";

const unified = compatCapture("video-v2-unified.json");
const newApi = compatCapture("newapi-video-responses.json");

describe("unified v2 submissions go out unchanged", () => {
  it("the documented request, placeholders and all", async () => {
    const { gw, mock } = await loopback();
    const task = await gw.videos.create(unified.submit_request as VideoCreateParams);
    expect(task.id).toMatch(/^video-/);
    expect(mock.requests[0]!.path).toBe("/v2/videos/generations");
    expect(mock.requests[0]!.body).toEqual(unified.submit_request);
  });

  it("the optional fields clients send", async () => {
    const { gw, mock } = await loopback();
    const body = {
      model: "sora-2",
      prompt: "A paper boat on a rainy street",
      duration: 10,
      aspect_ratio: "9:16",
      size: "720x1280",
      resolution: "720p",
      images: ["https://example.com/first.png"],
      videos: ["https://example.com/reference.mp4"],
      watermark: false,
      hd: true,
      private: true,
      notify_hook: "https://me.example.com/hook",
    };
    await gw.videos.create(body);
    expect(mock.requests[0]!.body).toEqual(body);
  });

  it("the documented submit answer gives the task", async () => {
    const { gw } = answering(unified.submit_response);
    const task = await gw.videos.create({ model: "veo3", prompt: "p" });
    expect(task.toJSON()).toEqual({ kind: "video", id: "f186f65a-8657-4e83-b0e3-67facf1b2576" });
  });
});

describe("query bodies parse into typed snapshots", () => {
  it("the flat unified record", async () => {
    const { gw, sent } = answering(unified.query_response_success);
    const snapshot = await gw.videos.retrieve("f4a94d75-087b-4bb1-bd45-53ba293faf96");
    expect(sent[0]).toMatchObject({
      method: "GET",
      url: "http://gateway.test/v2/videos/generations/f4a94d75-087b-4bb1-bd45-53ba293faf96",
    });
    expect(snapshot).toMatchObject({
      kind: "video",
      id: "f4a94d75-087b-4bb1-bd45-53ba293faf96",
      status: "succeeded",
      progress: 100,
      reason: undefined,
    });
    expect(snapshot.result?.output).toBe("");
    expect(snapshot.result?.outputs).toEqual(["", ""]);
    expect(snapshot.raw.status).toBe("SUCCESS");
    expect(snapshot.raw.progress).toBe("100%");
    expect(snapshot.raw.finish_time).toBe(1716192124);
  });

  it("a running record with a percentage string", async () => {
    const running = { ...unified.query_response_success, status: "IN_PROGRESS", progress: "30%", data: null };
    const { gw } = answering(running);
    const snapshot = await gw.videos.retrieve(running.task_id);
    expect([snapshot.status, snapshot.progress, snapshot.result]).toEqual(["running", 30, undefined]);
  });

  it("a failed record carries the reason", async () => {
    const failed = { ...unified.query_response_success, status: "FAILURE", fail_reason: "content policy" };
    const { gw } = answering(failed);
    const snapshot = await gw.videos.retrieve(failed.task_id);
    expect([snapshot.status, snapshot.reason]).toEqual(["failed", "content policy"]);
  });

  it("new-api's enveloped TaskDto (code 'success', data: record)", async () => {
    const { gw } = answering(
      newApi[
        "GET /v1/video/generations/{task_id} (code path) -> dto.TaskResponse{code,message,data:TaskDto}"
      ],
    );
    const snapshot = await gw.videos.retrieve("task_xxx");
    expect(snapshot).toMatchObject({ id: "task_xxx", status: "succeeded", progress: 100 });
    // The documented place, from result_url; data (the upstream's raw body) stays in raw.
    expect(snapshot.result).toEqual({ output: "https://cdn/x.mp4", outputs: ["https://cdn/x.mp4"] });
  });

  it("the OpenAI-video object (integer progress, status 'completed')", async () => {
    const { gw } = answering(newApi["GET /v1/videos/{id} (OpenAI-compatible) -> dto.OpenAIVideo"]);
    const snapshot = await gw.videos.retrieve("task_xxx");
    expect(snapshot).toMatchObject({ id: "task_xxx", status: "succeeded", progress: 100 });
  });

  it("the documented flat body with a lowercase status", async () => {
    const { gw } = answering(
      newApi[
        "GET /v1/video/generations/{task_id} (docs claim; also what Gemini/Vertex realtime path emits inside data)"
      ],
    );
    const snapshot = await gw.videos.retrieve("abcd1234efgh");
    expect(snapshot).toMatchObject({ id: "abcd1234efgh", status: "succeeded" });
    expect((snapshot.raw as unknown as { url: string }).url).toBe("https://example.com/video.mp4");
  });

  it("an OpenAI-video submit answer (id and task_id) gives the task", async () => {
    const { gw } = answering(newApi["POST /v1/video/generations (kling channel) -> 200 dto.OpenAIVideo"]);
    const task = await gw.videos.create({ model: "kling-v2-master", prompt: "p" });
    expect(task.id).toBe("task_<32 random chars>");
  });
});
