/**
 * Compatibility with the music API as real clients use it: request bodies from the Suno-API /
 * new-api docs (suno-submit-response.json, suno-fetch-batch-music.json) go on the wire unchanged,
 * and every response capture (tests/compat/fixtures/musicgen, copied verbatim from shared/upstream)
 * parses into its typed result or error.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BadRequestError,
  Genway,
  type MusicClip,
  type MusicLyrics,
  type MusicSubmitParams,
  NotFoundError,
} from "../../src/index.js";
import { loopback, thrown } from "../support/index.js";

const capture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/musicgen/${name}`, import.meta.url), "utf8"));

const submit = capture("suno-submit-response.json");
const batch = capture("suno-fetch-batch-music.json");
const lyricsRecord = capture("suno-fetch-single-lyrics.json");
const notStart = capture("suno-fetch-single-notstart.json");
const clips = capture("suno-clip-full.json");
const errors = capture("suno-error.json");

/** A client whose every request gets `body` with `status`; the requests are kept. */
function stub(answers: Array<{ body: unknown; status?: number }>) {
  const sent: Array<{ url: string; method: string; body: unknown }> = [];
  const gw = new Genway({
    apiKey: "sk-test",
    baseURL: "https://gw.test",
    maxRetries: 0,
    logLevel: "off",
    fetch: async (url, init) => {
      sent.push({
        url: String(url),
        method: init?.method ?? "GET",
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const { body, status = 200 } = answers.shift()!;
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    },
  });
  return { gw, sent };
}

describe("request bodies from the docs go on the wire unchanged", () => {
  const bodies: Array<[string, MusicSubmitParams]> = [
    ["custom (new-api docs)", submit.music_request_custom],
    ["inspiration (new-api docs)", submit.music_request_inspiration],
    ["continuation (new-api docs)", submit.music_request_continue],
    [
      "continuation with a float continue_at and the gateway's task",
      { ...submit.music_request_continue, continue_at: 80.5, task: "extend" },
    ],
    [
      "recreation of an upload (gateway docs)",
      {
        prompt: "lyrics",
        tags: "",
        negative_tags: "",
        mv: "chirp-v4",
        title: "title",
        continue_clip_id: "ca94a97d-d3f2-4a63-aeee-ba3a43384bcd",
        continue_at: 10,
        task: "upload_extend",
      },
    ],
  ];

  it.each(bodies)("submit.music: %s", async (_name, body) => {
    const { gw, mock } = await loopback();
    await gw.musicgen.submit.music(body);
    expect(mock.requests.at(-1)!.body).toEqual(body);
  });

  it("submit.lyrics and submit.concat", async () => {
    const { gw, mock } = await loopback();
    await gw.musicgen.submit.lyrics(submit.lyrics_request);
    expect(mock.requests.at(-1)!.body).toEqual(submit.lyrics_request);
    await gw.musicgen.submit.concat({
      ...submit.concat_request,
      clip_id: "e9893d04-6a63-4007-8473-64b706eca4d1",
    });
    expect(mock.requests.at(-1)!.body).toEqual({
      ...submit.concat_request,
      clip_id: "e9893d04-6a63-4007-8473-64b706eca4d1",
    });
  });

  it("the batch fetch body", async () => {
    const { gw, mock } = await loopback();
    await gw.musicgen.fetchMany(batch.request);
    expect(mock.requests.at(-1)!.body).toEqual(batch.request);
  });
});

describe("response captures parse into typed results", () => {
  it("suno-submit-response.json: the task id", async () => {
    const { gw, sent } = stub([{ body: submit.response }]);
    const task = await gw.musicgen.submit.music(submit.music_request_inspiration);
    expect(task.toJSON()).toEqual({ kind: "music", id: "736a6f88-bd29-4b1e-b110-37132a5325ac" });
    expect(sent[0]).toMatchObject({ method: "POST", url: "https://gw.test/musicgen/submit/music" });
  });

  it("suno-fetch-batch-music.json: a running song with its streaming clip", async () => {
    const { gw } = stub([{ body: batch.response }]);
    const [song] = await gw.musicgen.fetchMany(batch.request);
    expect(song).toMatchObject({
      kind: "music",
      id: "346c5d10-a4a1-4f49-a851-66a7dae6cfaf",
      status: "running",
      progress: 0,
    });
    const clip = (song!.result as MusicClip[])[0]!;
    expect(clip.status).toBe("streaming");
    expect(clip.title).toBe("Electric Dance Party");
    expect(clip.metadata.gpt_description_prompt).toBe("miku dance");
    expect(clip.metadata.duration).toBeNull();
    expect(clip.audio_url).toBe("https://audiopipe.suno.ai/?item_id=e9893d04-6a63-4007-8473-64b706eca4d1");
  });

  it("suno-fetch-single-lyrics.json: finished lyrics", async () => {
    const { gw } = stub([{ body: lyricsRecord.response }]);
    const snapshot = await gw.musicgen.fetch("f4a94d75-087b-4bb1-bd45-53ba293faf96");
    expect(snapshot).toMatchObject({ kind: "music.lyrics", status: "succeeded", progress: 100 });
    const lyrics = snapshot.result as MusicLyrics;
    expect(lyrics).toEqual({
      id: "f4a94d75-087b-4bb1-bd45-53ba293faf96",
      text: "略",
      title: "Electric Fantasy",
      status: "complete",
    });
  });

  it("suno-fetch-single-notstart.json: a waiting task with data null", async () => {
    const { gw } = stub([{ body: notStart.response }]);
    const snapshot = await gw.musicgen.fetch("dcb812bd-40c5-4907-836e-3a7aa9a2e546");
    expect(snapshot).toMatchObject({
      kind: "music",
      status: "queued",
      progress: 0,
      result: undefined,
      reason: undefined,
    });
  });

  it("suno-clip-full.json: a streaming clip and a complete one, read through the v1 feed", async () => {
    const { gw, sent } = stub([
      { body: [clips.clip_streaming, clips.clip_complete_shape_from_cometapi_doc] },
    ]);
    const [streaming, complete] = await gw.musicgen.v1.feed(clips.clip_streaming.id, "unique-clip-id");
    expect(sent[0]!.url).toBe(`https://gw.test/musicgen/feed/${clips.clip_streaming.id},unique-clip-id`);
    expect(streaming).toMatchObject({ status: "streaming", model_name: "chirp-v3", is_video_pending: false });
    expect(streaming!.metadata.stream).toBe(true);
    expect(complete!.metadata.duration).toBe(180.5);
    expect(complete!.major_model_version).toBe("v4");
  });

  it("suno-clip-full.json: a v1 task waits until every clip is complete", async () => {
    const generation = { id: "gen-1", clips: [clips.clip_streaming] };
    const done = {
      ...clips.clip_streaming,
      status: "complete",
      metadata: { ...clips.clip_streaming.metadata, duration: 200 },
    };
    const { gw } = stub([{ body: generation }, { body: [clips.clip_streaming] }, { body: [done] }]);
    const task = await gw.musicgen.v1.generate({ prompt: "I found a love", tags: "English men voice" });
    expect(task.id).toBe(clips.clip_streaming.id);
    const snapshot = await task.wait({ interval: 1 });
    expect(snapshot.result?.[0]?.metadata.duration).toBe(200);
  });

  it("suno-error.json: task errors become typed errors with the gateway's code", async () => {
    const { gw } = stub([
      { body: errors.newapi_task_error_400, status: 400 },
      { body: errors.newapi_task_error_invalid_action, status: 400 },
      { body: errors.suno_api_error_400, status: 400 },
    ]);
    const missing = await thrown(() => gw.musicgen.fetch("nope"));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 400, code: "task_not_exist" });
    const action = await thrown(() => gw.musicgen.fetchMany(["a"]));
    expect(action).toBeInstanceOf(BadRequestError);
    expect(action).toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("invalid_action"),
    });
    const invalid = await thrown(() => gw.musicgen.submit.lyrics({ prompt: "dance" }));
    expect(invalid).toMatchObject({
      status: 400,
      code: "invalid_request",
      message: expect.stringContaining("invalid action"),
    });
  });
});
