import { describe, expect, it } from "vitest";
import { APIConnectionError, NotFoundError, TaskFailedError, ValidationError } from "../../../src/index.js";
import type { MusicClip, MusicSubmitParams } from "../../../src/resources/musicgen/index.js";
import { loopback, thrown } from "../../helpers.js";

const song = { prompt: "[Verse]\nCity lights", title: "City Lights", tags: "emotional punk", mv: "chirp-v4" };
const inspiration = {
  ...song,
  continue_at: 0,
  continue_clip_id: "",
  task: "generate",
  make_instrumental: false,
};

describe("gw.musicgen.submit.music: the seven variants on the wire", () => {
  const cases: Array<[string, MusicSubmitParams, Record<string, unknown>]> = [
    ["inspiration", { variant: "inspiration", ...inspiration }, inspiration],
    [
      "inspiration-copy",
      { variant: "inspiration-copy", ...inspiration, gpt_description_prompt: "cat" },
      { ...inspiration, gpt_description_prompt: "cat" },
    ],
    ["custom", { variant: "custom", ...song, make_instrumental: true }, { ...song, make_instrumental: true }],
    [
      "continuation",
      { variant: "continuation", ...song, task_id: "t-1", continue_clip_id: "c-1", continue_at: 80 },
      { ...song, task_id: "t-1", continue_clip_id: "c-1", continue_at: 80, task: "extend" },
    ],
    [
      "recreation",
      { variant: "recreation", ...song, continue_clip_id: "clip-upload-1", continue_at: 28 },
      { ...song, continue_clip_id: "clip-upload-1", continue_at: 28, task: "upload_extend" },
    ],
    [
      "persona",
      {
        variant: "persona",
        ...song,
        mv: "chirp-v4-tau",
        persona_id: "p-1",
        artist_clip_id: "c-1",
        vocal_gender: "f",
      },
      {
        ...song,
        mv: "chirp-v4-tau",
        persona_id: "p-1",
        artist_clip_id: "c-1",
        vocal_gender: "f",
        task: "artist_consistency",
      },
    ],
    [
      "stems",
      {
        variant: "stems",
        continue_clip_id: "c-9",
        task_id: "t-9",
        title: "Security String",
        make_instrumental: true,
      },
      {
        task: "gen_stem",
        mv: "chirp-auk",
        stem_task: "two",
        stem_type_id: 91,
        generation_type: "TEXT",
        stem_type_group_name: "Two",
        prompt: "",
        continue_at: null,
        continued_aligned_prompt: null,
        continue_clip_id: "c-9",
        task_id: "t-9",
        title: "Security String",
        make_instrumental: true,
      },
    ],
  ];

  it.each(cases)("%s", async (_name, params, wire) => {
    const { gw, mock } = await loopback({}, { taskSteps: 1 });
    const task = await gw.musicgen.submit.music(params);
    expect(mock.requests[0]).toMatchObject({ method: "POST", path: "/musicgen/submit/music" });
    expect(mock.requests[0]!.body).toEqual(wire);
    expect(task.toJSON()).toEqual({ kind: "music", id: expect.stringMatching(/^music-/) });
    const done = await task.wait({ interval: 1 });
    expect(done.result).toHaveLength(2);
    expect(done.result?.[0]).toMatchObject({
      status: "complete",
      audio_url: expect.stringMatching(/\.mp3$/),
    });
  });
});

describe("gw.musicgen: rules before the wire", () => {
  const cases: Array<[string, (gw: any) => Promise<unknown>, string]> = [
    ["music: no variant", (gw) => gw.musicgen.submit.music({ ...song }), "variant"],
    ["music: unknown variant", (gw) => gw.musicgen.submit.music({ variant: "remix", ...song }), "variant"],
    [
      "inspiration: every field required",
      (gw) => gw.musicgen.submit.music({ variant: "inspiration", ...song }),
      "continue_at",
    ],
    [
      "inspiration: continue_at integer",
      (gw) => gw.musicgen.submit.music({ variant: "inspiration", ...inspiration, continue_at: 1.5 }),
      "continue_at",
    ],
    [
      "inspiration: make_instrumental boolean",
      (gw) => gw.musicgen.submit.music({ variant: "inspiration", ...inspiration, make_instrumental: "no" }),
      "make_instrumental",
    ],
    [
      "custom: title required",
      (gw) => gw.musicgen.submit.music({ variant: "custom", prompt: "p", tags: "t", mv: "m" }),
      "title",
    ],
    [
      "continuation: task_id required",
      (gw) =>
        gw.musicgen.submit.music({ variant: "continuation", ...song, continue_clip_id: "c", continue_at: 1 }),
      "task_id",
    ],
    [
      "continuation: a different task",
      (gw) =>
        gw.musicgen.submit.music({
          variant: "continuation",
          ...song,
          task_id: "t",
          continue_clip_id: "c",
          continue_at: 1,
          task: "cover",
        }),
      "task",
    ],
    [
      "recreation: clip required",
      (gw) => gw.musicgen.submit.music({ variant: "recreation", ...song, continue_at: 1 }),
      "continue_clip_id",
    ],
    [
      "persona: persona_id required",
      (gw) => gw.musicgen.submit.music({ variant: "persona", ...song, artist_clip_id: "c" }),
      "persona_id",
    ],
    [
      "stems: source clip required",
      (gw) => gw.musicgen.submit.music({ variant: "stems" }),
      "continue_clip_id",
    ],
    [
      "lyrics: prompt required",
      (gw) => gw.musicgen.submit.lyrics({ notify_hook: "https://me.test" }),
      "prompt",
    ],
    ["concat: clip_id required", (gw) => gw.musicgen.submit.concat({ is_infill: false }), "clip_id"],
    ["fetchMany: ids required", (gw) => gw.musicgen.fetchMany([], "MUSIC"), "ids"],
    ["fetchMany: action", (gw) => gw.musicgen.fetchMany(["a"], "SONG"), "action"],
    [
      "persona.create: is_public required",
      (gw) => gw.musicgen.persona.create({ root_clip_id: "c", name: "n", description: "d", clips: ["c"] }),
      "is_public",
    ],
    ["stems.separate: clip_id required", (gw) => gw.musicgen.stems.separate({ title: "t" }), "clip_id"],
    [
      "v1.generate: every field required",
      (gw) => gw.musicgen.v1.generate({ ...song, continue_at: 0, continue_clip_id: "", task: "t" }),
      "make_instrumental",
    ],
    [
      "v1.generateLyrics: task required",
      (gw) => gw.musicgen.v1.generateLyrics({ ...song, continue_at: 0, continue_clip_id: "" }),
      "task",
    ],
    ["v1.concat: is_infill required", (gw) => gw.musicgen.v1.concat({ clip_id: "c" }), "is_infill"],
  ];

  it.each(cases)("%s", async (_name, call, path) => {
    const { gw, mock } = await loopback();
    const error = await thrown(() => call(gw));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(mock.requests).toHaveLength(0);
  });
});

describe("gw.musicgen: lyrics, concat, fetch and waiting", () => {
  it("submits lyrics with notify_hook and waits on the lyrics kind", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 2 });
    const task = await gw.musicgen.submit.lyrics({ prompt: "the sea", notify_hook: "https://me.test/hook" });
    expect(mock.requests[0]).toMatchObject({
      path: "/musicgen/submit/lyrics",
      body: { prompt: "the sea", notify_hook: "https://me.test/hook" },
    });
    expect(task.kind).toBe("music.lyrics");
    const done = await task.wait({ interval: 1 });
    expect(done.result).toMatchObject({
      id: task.id,
      text: expect.stringContaining("the sea"),
      status: "complete",
    });
    expect((done.raw as { data: { notify_hook: string } }).data.notify_hook).toBe("https://me.test/hook");
  });

  it("submits concat and fetches by id, with the kind taken from the record's action", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 2 });
    const concat = await gw.musicgen.submit.concat({ clip_id: "c-ext", is_infill: false });
    expect(mock.requests[0]).toMatchObject({
      path: "/musicgen/submit/concat",
      body: { clip_id: "c-ext", is_infill: false },
    });
    const lyrics = await gw.musicgen.submit.lyrics({ prompt: "p" });
    const first = await gw.musicgen.fetch(concat.id);
    expect(first).toMatchObject({ kind: "music", status: "queued", progress: 0, result: undefined });
    expect(mock.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/musicgen/fetch/${concat.id}`,
      body: undefined,
    });
    const second = await gw.musicgen.fetch(concat.id);
    expect(second.status).toBe("succeeded");
    expect((second.result as MusicClip[])[0]!.metadata.type).toBe("concat");
    expect((await gw.musicgen.fetch(lyrics.id)).kind).toBe("music.lyrics");
  });

  it("fetchMany reads many tasks in one POST /musicgen/fetch", async () => {
    const { gw, mock } = await loopback();
    const a = await gw.musicgen.submit.music({ variant: "custom", ...song });
    const b = await gw.musicgen.submit.music({ variant: "custom", ...song });
    const snapshots = await gw.musicgen.fetchMany([a.id, b.id, "nope"]);
    expect(mock.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/musicgen/fetch",
      body: { ids: [a.id, b.id, "nope"], action: "MUSIC" },
    });
    expect(snapshots.map((s) => [s.id, s.kind, s.status])).toEqual([
      [a.id, "music", "queued"],
      [b.id, "music", "queued"],
    ]);
  });

  it("an unknown task is the gateway's task_not_exist as NotFoundError", async () => {
    const { gw } = await loopback();
    const error = await thrown(() => gw.musicgen.wait("missing", { interval: 1 }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe("task_not_exist");
  });

  it("waits with increasing progress; a failed song throws TaskFailedError although the envelope says SUCCEED", async () => {
    const { gw } = await loopback({}, { taskSteps: 4 });
    const progress: number[] = [];
    const ok = await gw.musicgen.submit.music({ variant: "custom", ...song });
    await gw.musicgen.wait(ok.id, { interval: 1, onProgress: (s) => progress.push(s.progress!) });
    expect(progress).toEqual([0, 33, 67, 100]);

    const bad = await gw.musicgen.submit.music({ variant: "custom", ...song, prompt: "[fail]" });
    const error = await thrown(() => bad.wait({ interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toMatch(/moderation/);
    expect(error.snapshot.raw).toMatchObject({
      code: "success",
      message: "SUCCEED",
      data: { status: "FAILURE" },
    });
  });

  it("waits on 50 songs at once with one batch fetch per round", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 3 });
    const tasks = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        gw.musicgen.submit.music({ variant: "custom", ...song, title: `Song ${i}` }),
      ),
    );
    const before = mock.requests.length;
    const done = await Promise.all(tasks.map((task) => task.wait({ interval: 20 })));
    expect(done.every((s) => s.status === "succeeded")).toBe(true);
    expect(new Set(done.map((s) => s.id)).size).toBe(50);
    const polls = mock.requests.slice(before);
    expect(polls.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill("POST /musicgen/fetch"));
    for (const poll of polls) expect((poll.body as { ids: string[] }).ids).toHaveLength(50);
  });

  it("a batch larger than 50 ids is split, and a lone wait uses the single query", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 1 });
    const tasks = await Promise.all(
      Array.from({ length: 60 }, () => gw.musicgen.submit.music({ variant: "custom", ...song })),
    );
    const before = mock.requests.length;
    await Promise.all(tasks.map((task) => task.wait({ interval: 1 })));
    const sizes = mock.requests.slice(before).map((r) => (r.body as { ids: string[] }).ids.length);
    expect(sizes.sort()).toEqual([10, 50]);
    const lone = await gw.musicgen.submit.music({ variant: "custom", ...song });
    await lone.wait({ interval: 1 });
    expect(mock.requests.at(-1)).toMatchObject({ method: "GET", path: `/musicgen/fetch/${lone.id}` });
  });

  it("never sends a paid submission twice when the connection dies after sending", async () => {
    const { gw, mock } = await loopback({ maxRetries: 3 });
    mock.inject({ match: "/musicgen/submit/music", reset: "after-headers" });
    const error = await thrown(() => gw.musicgen.submit.music({ variant: "custom", ...song }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(mock.requests.filter((r) => r.path === "/musicgen/submit/music")).toHaveLength(1);
  });

  it("runs the spec's concatenation workflow: generate, extend, concat", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 2 });
    const {
      song: first,
      extension,
      full,
    } = await gw.musicgen.extendAndConcat(
      { song: { variant: "custom", ...song }, extend: { ...song, prompt: "[Verse 2]\nMore" } },
      { interval: 1 },
    );
    const submits = mock.requests.filter((r) => r.path.startsWith("/musicgen/submit/"));
    expect(submits.map((r) => r.path)).toEqual([
      "/musicgen/submit/music",
      "/musicgen/submit/music",
      "/musicgen/submit/concat",
    ]);
    expect(submits[1]!.body).toMatchObject({
      task: "extend",
      task_id: first.id,
      continue_clip_id: first.result![0]!.id,
      continue_at: first.result![0]!.metadata.duration,
      prompt: "[Verse 2]\nMore",
    });
    expect(submits[2]!.body).toEqual({ clip_id: extension.result![0]!.id });
    expect(full.status).toBe("succeeded");
    expect(full.result![0]!.metadata.type).toBe("concat");
  });
});
