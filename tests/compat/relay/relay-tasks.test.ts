/**
 * new-api's task relay answers in shapes of its own. A submission's id is read from
 * `data.task_id`, `task_id` or `id`; a query's TaskDto (status words, "NN%" progress, `result_url`,
 * `fail_reason`, the upstream's body in `data`) and the OpenAI-video object land the result in each
 * family's documented place; nothing paid is lost when no id is found.
 */
import { describe, expect, it } from "vitest";
import { MalformedResponseError, TaskFailedError } from "../../../src/index.js";
import { answering, loopback, serving, thrown } from "../../support/index.js";
import {
  KLING_SUBMIT_OPENAI_VIDEO,
  OPENAI_VIDEO_COMPLETED,
  OPENAI_VIDEO_FAILED,
  OPENAI_VIDEO_RUNNING,
  SUNO_TASK_DTO_FAILED,
  SUNO_TASK_DTO_SUCCEEDED,
  TASK_DTO_FAILED,
  TASK_DTO_SUBMITTED,
  TASK_DTO_SUCCEEDED,
} from "./relay-bodies.js";

const TASK = KLING_SUBMIT_OPENAI_VIDEO.task_id;

describe("R4: submission ids in every relay's place", () => {
  it("a Kling submission answered in new-api's OpenAI-video shape gives a Task with the task_… id", async () => {
    const { gw } = answering(KLING_SUBMIT_OPENAI_VIDEO);
    const task = await gw.vidgen.videos.textToVideo({ prompt: "a fox", model_name: "kling-v2-master" });
    expect(task.toJSON()).toEqual({ kind: "vidgen.text2video", id: TASK });
  });

  it("the same through the mock's new-api relay: the Task's id is the relay's, and it can be queried", async () => {
    const { gw, mock } = await loopback({}, { vidgenRelay: "new-api" });
    const task = await gw.vidgen.videos.imageToVideo({
      image: "https://example.com/first-frame.png",
      prompt: "the flower opens",
    });
    expect(task.id).toMatch(/^task_/);
    const snapshot = await task.retrieve();
    expect(snapshot.id).toBe(task.id);
    expect(mock.requests.at(-1)!.path).toBe(`/vidgen/v1/videos/image2video/${task.id}`);
  });

  it("data.task_id, then task_id, then id, on any family", async () => {
    const read = async (body: unknown) =>
      (await answering(body).gw.videos.create({ model: "veo3", prompt: "p" })).id;
    expect(await read({ data: { task_id: "a" }, task_id: "b", id: "c" })).toBe("a");
    expect(await read({ task_id: "b", id: "c" })).toBe("b");
    expect(await read({ id: "c", object: "video", status: "queued" })).toBe("c");
    const music = answering({ code: "success", message: "", data: "task_m" }).gw;
    expect((await music.musicgen.submit.music({ gpt_description_prompt: "a song" })).id).toBe("task_m");
  });

  it("no id anywhere: a typed error carrying the whole answer, sent once", async () => {
    const answer = { object: "video", status: "queued", note: "accepted" };
    const { gw, calls } = serving(() => Response.json(answer), { maxRetries: 2 });
    const error = await thrown(() => gw.videos.create({ model: "veo3", prompt: "p" }));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.body).toEqual(answer);
    expect(error.message).toMatch(/may exist and be billed/);
    expect(calls).toHaveLength(1);
  });
});

describe("R4: new-api's TaskDto", () => {
  it("vidgen: the Kling body inside lands in result.videos[0].url; status and progress are new-api's", async () => {
    const { gw } = answering(TASK_DTO_SUCCEEDED);
    const done = await gw.vidgen.retrieve(TASK, "text2video");
    expect(done).toMatchObject({ id: TASK, status: "succeeded", progress: 100, reason: undefined });
    expect(done.result?.videos?.[0]).toEqual({
      id: "v-1",
      url: "https://cdn.example/kling/v-1.mp4",
      duration: "5.1",
    });
  });

  it("vidgen, waiting: '10%' is 10 and there is no result yet", async () => {
    const { gw } = answering(TASK_DTO_SUBMITTED);
    expect(await gw.vidgen.retrieve(TASK, "text2video")).toMatchObject({
      status: "queued",
      progress: 10,
      result: undefined,
    });
  });

  it("vidgen, failed: the reason, never result_url (which holds the reason too) as a result", async () => {
    const { gw } = answering(TASK_DTO_FAILED);
    const error = await thrown(() => gw.vidgen.wait(TASK, { kind: "text2video", interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toBe("Failure to pass the risk control system");
    expect(error.snapshot.result).toBeUndefined();
  });

  it("the unified video family: the same TaskDto's result_url in result.output; music: the Suno relay's clips", async () => {
    const { gw } = answering(TASK_DTO_SUCCEEDED);
    const done = await gw.videos.retrieve(TASK);
    expect(done.result).toEqual({
      output: "https://cdn.example/kling/v-1.mp4",
      outputs: ["https://cdn.example/kling/v-1.mp4"],
    });
    const id = SUNO_TASK_DTO_SUCCEEDED.data.task_id;
    const song = await answering(SUNO_TASK_DTO_SUCCEEDED).gw.musicgen.fetch(id);
    expect(song).toMatchObject({ id, status: "succeeded", progress: 100 });
    expect((song.result as Array<{ audio_url: string }>).map((clip) => clip.audio_url)).toEqual([
      "https://cdn.example/c-1.mp3",
      "https://cdn.example/c-2.mp3",
    ]);
    const failed = await answering(SUNO_TASK_DTO_FAILED).gw.musicgen.fetch(id);
    expect(failed).toMatchObject({
      status: "failed",
      reason: "moderation: the lyrics were refused",
      result: undefined,
    });
  });

  it("the mock's new-api relay moves through its words and ends with the URL; [fail] ends with the reason", async () => {
    const { gw } = await loopback({}, { vidgenRelay: "new-api", taskSteps: 3 });
    const seen: Array<[string, number | undefined]> = [];
    const task = await gw.vidgen.videos.textToVideo({ prompt: "a fox" });
    const done = await task.wait({ interval: 1, onProgress: (s) => seen.push([s.status, s.progress]) });
    expect(seen).toEqual([
      ["queued", 0],
      ["running", 30],
      ["succeeded", 100],
    ]);
    expect((done.raw as any).data.result_url).toBe(done.result?.videos?.[0]?.url);
    const failing = await gw.vidgen.videos.textToVideo({ prompt: "a fox [fail]" });
    const error = await thrown(() => failing.wait({ interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toMatch(/content moderation/);
  });
});

describe("R4: /v2/videos answered with new-api's OpenAI-video object", () => {
  it("completed: metadata.url in result.output; in_progress: the integer progress; failed: error.message", async () => {
    const done = await answering(OPENAI_VIDEO_COMPLETED).gw.videos.retrieve(TASK);
    expect(done).toMatchObject({ status: "succeeded", progress: 100 });
    expect(done.result).toEqual({
      output: "https://cdn.example/kling/v-1.mp4",
      outputs: ["https://cdn.example/kling/v-1.mp4"],
    });
    expect(await answering(OPENAI_VIDEO_RUNNING).gw.videos.retrieve(TASK)).toMatchObject({
      status: "running",
      progress: 30,
      result: undefined,
    });
    expect(await answering(OPENAI_VIDEO_FAILED).gw.videos.retrieve(TASK)).toMatchObject({
      status: "failed",
      reason: "Failure to pass the risk control system",
      result: undefined,
    });
  });
});
