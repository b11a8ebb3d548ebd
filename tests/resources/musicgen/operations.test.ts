import { describe, expect, it } from "vitest";
import { APIConnectionError, BinaryResponse, Genway, TaskFailedError } from "../../../src/index.js";
import type { MusicClipJson, MusicClipTiming } from "../../../src/resources/musicgen/index.js";
import { loopback, thrown } from "../../support/index.js";

describe("gw.musicgen side operations on the wire", () => {
  it("persona.create posts every required field and returns the persona", async () => {
    const { gw, mock } = await loopback();
    const params = {
      root_clip_id: "c-1",
      name: "Nova",
      description: "airy voice",
      clips: ["c-1", "c-2"],
      is_public: false,
    };
    const persona = await gw.musicgen.persona.create(params);
    expect(mock.requests[0]).toMatchObject({
      method: "POST",
      path: "/musicgen/persona/create/",
      body: params,
    });
    expect(persona.id).toMatch(/^persona-/);
  });

  it("stems.separate fills the spec's fixed gen_stem fields and waits for the two stems", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 2 });
    const task = await gw.musicgen.stems.separate({ clip_id: "c-7", make_instrumental: true });
    expect(mock.requests[0]).toMatchObject({ method: "POST", path: "/musicgen/generate" });
    expect(mock.requests[0]!.body).toEqual({
      task: "gen_stem",
      mv: "chirp-auk",
      stem_task: "two",
      stem_type_id: 91,
      generation_type: "TEXT",
      stem_type_group_name: "Two",
      prompt: "",
      continue_at: null,
      continued_aligned_prompt: null,
      make_instrumental: true,
      title: "",
      continue_clip_id: "c-7",
    });
    expect(task.kind).toBe("music.feed");
    const done = await task.wait({ interval: 1 });
    expect(done.status).toBe("succeeded");
    expect(done.result?.map((c) => [c.status, c.metadata.type])).toEqual([
      ["complete", "stem_vocals"],
      ["complete", "stem_instrumental"],
    ]);
    expect(mock.requests.at(-1)!.path).toBe(`/musicgen/feed/${task.id}`);
  });

  it("clips.wav, mp4 and timing: the relay's JSON envelope resolves to its URL; no GET carries a body", async () => {
    const { gw, mock } = await loopback();
    const wav = await gw.musicgen.clips.wav("c-1");
    expect(wav).not.toBeInstanceOf(BinaryResponse);
    expect((wav as MusicClipJson).url).toMatch(/\/files\/c-1\.wav$/);
    const mp4 = (await gw.musicgen.clips.mp4("c-1")) as MusicClipJson;
    expect(mp4.url).toMatch(/\/files\/c-1\.mp4$/);
    expect(mp4.data).toEqual({ url: mp4.url });
    const timing = (await gw.musicgen.clips.timing("c-1")) as MusicClipJson<MusicClipTiming>;
    expect(timing.url).toBeUndefined();
    expect(timing.data.aligned_words?.[0]).toMatchObject({ word: "la", start_s: 0 });
    expect(mock.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["GET", "/musicgen/act/wav/c-1", undefined],
      ["GET", "/musicgen/act/mp4/c-1", undefined],
      ["GET", "/musicgen/act/timing/c-1", undefined],
    ]);
  });

  it("clips.* resolve a binary body to a streaming BinaryResponse, and an error envelope to its error", async () => {
    const riff = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]);
    const answers = [
      new Response(riff, { headers: { "content-type": "audio/wav" } }),
      new Response(JSON.stringify({ code: "invalid_request", message: "clip not found", data: null }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    ];
    const gw = new Genway({
      apiKey: "k",
      baseURL: "https://gw.test",
      maxRetries: 0,
      fetch: async () => answers.shift()!,
    });
    const wav = await gw.musicgen.clips.wav("c-1");
    expect(wav).toBeInstanceOf(BinaryResponse);
    if (!(wav instanceof BinaryResponse)) throw new Error("unreachable");
    expect(wav.contentType).toBe("audio/wav");
    expect(await wav.bytes()).toEqual(riff);
    const error = await thrown(() => gw.musicgen.clips.mp4("c-2"));
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain("clip not found");
  });

  it("v1.generate sends only what is given and waits on its clips through the feed", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 3 });
    const task = await gw.musicgen.v1.generate({ gpt_description_prompt: "a happy song" });
    expect(mock.requests[0]).toMatchObject({
      method: "POST",
      path: "/musicgen/generate",
      body: { gpt_description_prompt: "a happy song" },
    });
    expect(task.toJSON()).toEqual({ kind: "music.feed", id: expect.stringMatching(/^gen-\w+-0,gen-\w+-1$/) });
    const statuses: string[] = [];
    const done = await task.wait({ interval: 1, onProgress: (s) => statuses.push(s.status) });
    expect(statuses.at(-1)).toBe("succeeded");
    expect(statuses).toContain("running");
    expect(done.result?.map((c) => c.status)).toEqual(["complete", "complete"]);
    const [a, b] = task.id.split(",");
    expect(mock.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/musicgen/feed/${a},${b}`,
      body: undefined,
    });
    // A handle resumes anywhere, as every task does.
    expect((await gw.tasks.retrieve(task.toJSON())).status).toBe("succeeded");
  });

  it("a failed v1 generation throws TaskFailedError with the clip's error", async () => {
    const { gw } = await loopback({}, { taskSteps: 2 });
    const task = await gw.musicgen.v1.generate({ prompt: "[fail]", tags: "pop" });
    const error = await thrown(() => task.wait({ interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toBe("Generation failed");
  });

  it("v1.concat and v1.generateLyrics resolve to Tasks; feed takes ids as arguments or a list; lyrics reads one", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 1 });
    const whole = await gw.musicgen.v1.concat({ clip_id: "c-2", is_infill: false });
    expect(mock.requests.at(-1)).toMatchObject({
      path: "/musicgen/generate/concat",
      body: { clip_id: "c-2", is_infill: false },
    });
    const full = await whole.wait({ interval: 1 });
    expect(full.result?.[0]?.metadata.type).toBe("concat");

    const lyrics = await gw.musicgen.v1.generateLyrics({ prompt: "the sea" });
    expect(mock.requests.at(-1)).toMatchObject({
      path: "/musicgen/generate/lyrics/",
      body: { prompt: "the sea" },
    });
    expect(lyrics.kind).toBe("music.lyrics.v1");
    const text = await lyrics.wait({ interval: 1 });
    expect(text.result).toMatchObject({
      id: lyrics.id,
      status: "complete",
      text: expect.stringContaining("la"),
    });
    expect(await gw.musicgen.v1.lyrics(lyrics.id)).toMatchObject({ id: lyrics.id, status: "complete" });

    const song = await gw.musicgen.v1.generate({ prompt: "la", mv: "chirp-v4" });
    const [a, b] = song.id.split(",") as [string, string];
    expect((await gw.musicgen.v1.feed(a, b)).map((c) => c.id)).toEqual([a, b]);
    expect((await gw.musicgen.v1.feed([b])).map((c) => c.id)).toEqual([b]);
    expect(mock.requests.slice(-2).map((r) => r.path)).toEqual([
      `/musicgen/feed/${a},${b}`,
      `/musicgen/feed/${b}`,
    ]);
    expect(mock.requests.at(-4)!.path).toBe(`/musicgen/lyrics/${lyrics.id}`);
  });

  it("v1 generation is paid: not repeated after a connection lost mid-answer", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2 });
    mock.inject({ match: "/musicgen/generate", reset: "after-headers" });
    expect(await thrown(() => gw.musicgen.v1.generate({ prompt: "p" }))).toBeInstanceOf(APIConnectionError);
    expect(mock.requests).toHaveLength(1);
  });
});
