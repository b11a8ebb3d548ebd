import { describe, expect, it } from "vitest";
import { APIConnectionError, NotFoundError, TaskFailedError, ValidationError } from "../../../src/index.js";
import type { MusicClip, MusicSubmitParams } from "../../../src/resources/musicgen/index.js";
import { loopback, thrown } from "../../support/index.js";

const song = { prompt: "[Verse]\nCity lights", title: "City Lights", tags: "emotional punk", mv: "chirp-v4" };

describe("gw.musicgen.submit.music: every variant goes on the wire exactly as given", () => {
  const cases: Array<[string, MusicSubmitParams]> = [
    ["inspiration", { gpt_description_prompt: "a happy song" }],
    ["inspiration with a model", { gpt_description_prompt: "cat", mv: "chirp-auk", make_instrumental: true }],
    [
      "inspiration, the spec's eight fields",
      { ...song, continue_at: 0, continue_clip_id: "", task: "generate", make_instrumental: false },
    ],
    ["custom", { ...song, make_instrumental: false, negative_tags: "metal" }],
    ["custom, an unknown model", { ...song, mv: "chirp-v9-preview" }],
    [
      "continuation",
      { ...song, task: "extend", task_id: "t-1", continue_clip_id: "t-1_1", continue_at: 12.5 },
    ],
    [
      "recreation of an upload",
      { task: "upload_extend", continue_clip_id: "clip-upload-1", continue_at: 10 },
    ],
    [
      "persona",
      { ...song, task: "artist_consistency", persona_id: "p-1", artist_clip_id: "c-1", vocal_gender: "f" },
    ],
    [
      "stems",
      {
        task: "gen_stem",
        mv: "chirp-auk",
        continue_clip_id: "c-9",
        stem_task: "two",
        stem_type_id: 91,
        generation_type: "TEXT",
        stem_type_group_name: "Two",
        title: "Security String",
        prompt: "",
        continue_at: null,
      },
    ],
  ];

  it.each(cases)("%s", async (_name, params) => {
    const { gw, mock } = await loopback({}, { taskSteps: 1 });
    const task = await gw.musicgen.submit.music(params);
    expect(mock.requests[0]).toMatchObject({ method: "POST", path: "/musicgen/submit/music" });
    expect(mock.requests[0]!.body).toEqual(params);
    expect(task.toJSON()).toEqual({ kind: "music", id: expect.stringMatching(/^music-/) });
    const done = await task.wait({ interval: 1 });
    expect(done.result?.length).toBeGreaterThan(0);
    expect(done.result?.[0]).toMatchObject({
      status: "complete",
      audio_url: expect.stringMatching(/\.mp3$/),
    });
  });

  it("undeclared fields pass through, and extra_body is merged over the body", async () => {
    const { gw, mock } = await loopback();
    const params = { gpt_description_prompt: "rain", style_weight: 0.7 } as MusicSubmitParams;
    await gw.musicgen.submit.music(params, { extra_body: { weirdness: 0.2 } });
    expect(mock.requests[0]!.body).toEqual({
      gpt_description_prompt: "rain",
      style_weight: 0.7,
      weirdness: 0.2,
    });
  });

  it("with validation off, any body is sent", async () => {
    const { gw, mock } = await loopback({ validation: "off" });
    await gw.musicgen.submit.music({} as MusicSubmitParams);
    expect(mock.requests[0]!.body).toEqual({});
  });
});

describe("gw.musicgen: rules before the wire", () => {
  const cases: Array<[string, (gw: any) => Promise<unknown>, string]> = [
    ["music: nothing to make a song from", (gw) => gw.musicgen.submit.music({ mv: "chirp-v4" }), "prompt"],
    [
      "music: a continuation needs continue_at",
      (gw) => gw.musicgen.submit.music({ ...song, continue_clip_id: "c" }),
      "continue_at",
    ],
    [
      "music: continue_at is a number",
      (gw) => gw.musicgen.submit.music({ ...song, continue_clip_id: "c", continue_at: "12" }),
      "continue_at",
    ],
    [
      "music: continue_at is not negative",
      (gw) => gw.musicgen.submit.music({ ...song, continue_clip_id: "c", continue_at: -1 }),
      "continue_at",
    ],
    [
      "music: a recreation needs the uploaded clip",
      (gw) => gw.musicgen.submit.music({ task: "upload_extend", continue_at: 1 }),
      "continue_clip_id",
    ],
    [
      "music: a stem separation needs its clip",
      (gw) => gw.musicgen.submit.music({ task: "gen_stem" }),
      "continue_clip_id",
    ],
    [
      "music: make_instrumental is a boolean",
      (gw) => gw.musicgen.submit.music({ gpt_description_prompt: "x", make_instrumental: "no" }),
      "make_instrumental",
    ],
    [
      "lyrics: prompt required",
      (gw) => gw.musicgen.submit.lyrics({ notify_hook: "https://me.test" }),
      "prompt",
    ],
    ["lyrics: prompt not empty", (gw) => gw.musicgen.submit.lyrics({ prompt: "" }), "prompt"],
    ["concat: clip_id required", (gw) => gw.musicgen.submit.concat({ is_infill: false }), "clip_id"],
    ["fetchMany: ids required", (gw) => gw.musicgen.fetchMany([], "MUSIC"), "ids"],
    ["fetchMany: action", (gw) => gw.musicgen.fetchMany(["a"], "SONG"), "action"],
    ["fetchMany (params): action", (gw) => gw.musicgen.fetchMany({ ids: ["a"], action: "SONG" }), "action"],
    [
      "persona.create: is_public required",
      (gw) => gw.musicgen.persona.create({ root_clip_id: "c", name: "n", description: "d", clips: ["c"] }),
      "is_public",
    ],
    ["stems.separate: clip_id required", (gw) => gw.musicgen.stems.separate({ title: "t" }), "clip_id"],
    ["v1.generate: nothing to make a song from", (gw) => gw.musicgen.v1.generate({ title: "t" }), "prompt"],
    [
      "v1.generateLyrics: prompt required",
      (gw) => gw.musicgen.v1.generateLyrics({ mv: "chirp-v4" }),
      "prompt",
    ],
    [
      "v1.generateLyrics: continue_at a number",
      (gw) => gw.musicgen.v1.generateLyrics({ prompt: "p", continue_at: "1" }),
      "continue_at",
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

  it("a custom song without lyrics says what to give", async () => {
    const { gw } = await loopback();
    const error = await thrown(() => gw.musicgen.submit.music({ title: "t" } as MusicSubmitParams));
    expect(error.message).toBe(
      "Invalid musicgen.submit.music request: prompt: is required (custom lyrics), or give gpt_description_prompt for a song from a description",
    );
  });

  const ids: Array<[string, (gw: any) => Promise<unknown>]> = [
    ["fetch", (gw) => gw.musicgen.fetch("..")],
    ["wait", (gw) => gw.musicgen.wait("a/b", { interval: 1 })],
    ["v1.lyrics", (gw) => gw.musicgen.v1.lyrics("")],
    ["v1.feed", (gw) => gw.musicgen.v1.feed("ok", "x/y")],
    ["v1.feed, no ids", (gw) => gw.musicgen.v1.feed([])],
    ["clips.mp4", (gw) => gw.musicgen.clips.mp4(".")],
    ["clips.timing", (gw) => gw.musicgen.clips.timing("a/b")],
    ["uploads.status", (gw) => gw.musicgen.uploads.status("..")],
    ["uploads.finish", (gw) => gw.musicgen.uploads.finish("a/b", { upload_filename: "a.mp3" })],
    ["uploads.initializeClip", (gw) => gw.musicgen.uploads.initializeClip("")],
  ];
  it.each(ids)("%s refuses an id that is no path segment, before the wire", async (_name, call) => {
    const { gw, mock } = await loopback();
    const error = await thrown(() => call(gw));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues[0].rule).toBe("path_segment");
    expect(mock.requests).toHaveLength(0);
  });

  it("ids are percent-encoded into the path", async () => {
    const { gw, mock } = await loopback();
    await thrown(() => gw.musicgen.fetch("a b?c"));
    expect(mock.requests[0]!.url).toContain("/musicgen/fetch/a%20b%3Fc");
  });
});

describe("gw.musicgen: the task record as relays send it", () => {
  it("waiting tasks read NOT_START (data null), SUBMITTED (clips submitted), QUEUED (clips queued)", async () => {
    const { gw } = await loopback({}, { taskSteps: 3 });
    const tasks = [];
    for (let i = 0; i < 3; i++)
      tasks.push(await gw.musicgen.submit.music({ gpt_description_prompt: `song ${i}` }));
    const first = await Promise.all(tasks.map((task) => gw.musicgen.fetch(task.id)));
    const records = first.map((s) => (s.raw as { data: { status: string; data: MusicClip[] | null } }).data);
    expect(records.map((r) => r.status)).toEqual(["NOT_START", "SUBMITTED", "QUEUED"]);
    expect(records[0]!.data).toBeNull();
    expect(records[1]!.data!.map((c) => c.status)).toEqual(["submitted", "submitted"]);
    expect(records[2]!.data!.map((c) => c.status)).toEqual(["queued", "queued"]);
    expect(first.map((s) => s.status)).toEqual(["queued", "queued", "queued"]);
    const second = await gw.musicgen.fetch(tasks[0]!.id);
    expect(second.raw).toMatchObject({ code: "success", data: { status: "IN_PROGRESS", progress: "50%" } });
    expect((second.result as MusicClip[]).map((c) => c.status)).toEqual(["streaming", "streaming"]);
    const third = await gw.musicgen.fetch(tasks[0]!.id);
    expect(third.status).toBe("succeeded");
    expect((third.result as MusicClip[])[0]).toMatchObject({
      status: "complete",
      metadata: { duration: 120.5 },
    });
  });

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

  it("the gateway refuses an empty lyrics prompt as the upstream does (validation off)", async () => {
    const { gw } = await loopback({ validation: "off" });
    const error = await thrown(() => gw.musicgen.submit.lyrics({ prompt: "" }));
    expect(error.status).toBe(400);
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain("prompt_empty");
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
    const done = await concat.wait({ interval: 1 });
    expect(done.result![0]!.metadata.type).toBe("concat");
    expect((await gw.musicgen.fetch(lyrics.id)).kind).toBe("music.lyrics");
  });

  it("fetchMany reads many tasks in one POST /musicgen/fetch, by ids and action or by params", async () => {
    const { gw, mock } = await loopback();
    const a = await gw.musicgen.submit.music(song);
    const b = await gw.musicgen.submit.music(song);
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
    const lyrics = await gw.musicgen.submit.lyrics({ prompt: "p" });
    const read = await gw.musicgen.fetchMany({ ids: [lyrics.id], action: "LYRICS" });
    expect(mock.requests.at(-1)!.body).toEqual({ ids: [lyrics.id], action: "LYRICS" });
    expect(read.map((s) => s.kind)).toEqual(["music.lyrics"]);
  });

  it("an unknown task is the gateway's 400 task_not_exist", async () => {
    const { gw } = await loopback();
    const error = await thrown(() => gw.musicgen.wait("missing", { interval: 1 }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.status).toBe(400);
    expect(error.code).toBe("task_not_exist");
    expect(error.body).toEqual({ code: "task_not_exist", message: "task_not_exist", data: null });
  });

  it("waits with increasing progress; a failed song throws TaskFailedError although the envelope says SUCCEED", async () => {
    const { gw } = await loopback({}, { taskSteps: 4 });
    const progress: number[] = [];
    const ok = await gw.musicgen.submit.music(song);
    await gw.musicgen.wait(ok.id, { interval: 1, onProgress: (s) => progress.push(s.progress!) });
    expect(progress).toEqual([0, 33, 67, 100]);

    const bad = await gw.musicgen.submit.music({ ...song, prompt: "[fail]" });
    const error = await thrown(() => bad.wait({ interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toMatch(/moderation/);
    expect(error.snapshot.raw).toMatchObject({
      code: "success",
      message: "SUCCEED",
      data: { status: "FAILURE" },
    });
    expect(error.snapshot.result[0].status).toBe("error");
  });

  it("waits on 50 songs at once with one batch fetch per round", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 3 });
    const tasks = await Promise.all(
      Array.from({ length: 50 }, (_, i) => gw.musicgen.submit.music({ ...song, title: `Song ${i}` })),
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
    const tasks = await Promise.all(Array.from({ length: 60 }, () => gw.musicgen.submit.music(song)));
    const before = mock.requests.length;
    await Promise.all(tasks.map((task) => task.wait({ interval: 1 })));
    const sizes = mock.requests.slice(before).map((r) => (r.body as { ids: string[] }).ids.length);
    expect(sizes.sort()).toEqual([10, 50]);
    const lone = await gw.musicgen.submit.music(song);
    await lone.wait({ interval: 1 });
    expect(mock.requests.at(-1)).toMatchObject({ method: "GET", path: `/musicgen/fetch/${lone.id}` });
  });

  it("never sends a paid submission twice when the connection dies after sending", async () => {
    const { gw, mock } = await loopback({ maxRetries: 3 });
    mock.inject({ match: "/musicgen/submit/music", reset: "after-headers" });
    const error = await thrown(() => gw.musicgen.submit.music(song));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(mock.requests.filter((r) => r.path === "/musicgen/submit/music")).toHaveLength(1);
  });

  it("runs the spec's concatenation workflow: generate, extend, concat; nothing added but the continuation's ids", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 2 });
    const {
      song: first,
      extension,
      full,
    } = await gw.musicgen.extendAndConcat(
      { song, extend: { ...song, prompt: "[Verse 2]\nMore", task: "extend" } },
      { interval: 1 },
    );
    const submits = mock.requests.filter((r) => r.path.startsWith("/musicgen/submit/"));
    expect(submits.map((r) => r.path)).toEqual([
      "/musicgen/submit/music",
      "/musicgen/submit/music",
      "/musicgen/submit/concat",
    ]);
    expect(submits[0]!.body).toEqual(song);
    expect(submits[1]!.body).toEqual({
      ...song,
      prompt: "[Verse 2]\nMore",
      task: "extend",
      task_id: first.id,
      continue_clip_id: first.result![0]!.id,
      continue_at: first.result![0]!.metadata.duration,
    });
    expect(submits[2]!.body).toEqual({ clip_id: extension.result![0]!.id });
    expect(full.status).toBe("succeeded");
    expect(full.result![0]!.metadata.type).toBe("concat");
  });
});
