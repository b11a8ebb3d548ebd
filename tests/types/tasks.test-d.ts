/** Type tests of gw.tasks: resuming any task from its serialized handle. */
import { describe, expectTypeOf, it } from "vitest";
import {
  Genway,
  type MusicClip,
  type MusicLyrics,
  pollTask,
  type Task,
  type TaskHandle,
  type TaskRef,
  type TaskResults,
  type TaskSnapshot,
  type TaskStatus,
  type VideoResult,
  type VidgenResult,
} from "../../src/index.js";
import type { FAMILIES } from "../../src/resources/families.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "https://gw.test" });

describe("gw.tasks", () => {
  it("waits on, retrieves and rebuilds a task from { kind, id }", () => {
    async function calls() {
      const song = await gw.musicgen.submit.music({ gpt_description_prompt: "a happy song" });
      const saved: TaskRef<"music"> = { kind: "music", id: song.id };
      const done = await gw.tasks.wait<MusicClip[]>(saved, { interval: 1000, timeout: 60_000 });
      expectTypeOf(done).toEqualTypeOf<TaskSnapshot<MusicClip[]>>();
      expectTypeOf(done.status).toEqualTypeOf<TaskStatus>();
      expectTypeOf(done.progress).toEqualTypeOf<number | undefined>();
      const now = await gw.tasks.retrieve({ kind: "video", id: "task-1" });
      expectTypeOf(now.result).toEqualTypeOf<VideoResult | undefined>();
      const unknownKind = await gw.tasks.retrieve(JSON.stringify(saved));
      expectTypeOf(unknownKind.result).toEqualTypeOf<unknown>();
      expectTypeOf(gw.tasks.get(saved)).toEqualTypeOf<Task<MusicClip[], "music">>();
      expectTypeOf(gw.tasks.get<MusicClip[]>(JSON.stringify(saved))).toEqualTypeOf<Task<MusicClip[]>>();
      expectTypeOf(gw.tasks.kinds()).toEqualTypeOf<string[]>();
      // @ts-expect-error: misspelled required field
      await gw.tasks.wait({ kind: "music", ud: "x" });
      // @ts-expect-error: the id is a string
      await gw.tasks.wait({ kind: "music", id: 1 });
      // @ts-expect-error: interval is milliseconds, a number
      await gw.tasks.wait(saved, { interval: "1s" });
    }
    void calls;
  });
});

describe("pollTask", () => {
  it("takes a Task (keeping its result type), a handle or its JSON", () => {
    async function calls() {
      const video = await gw.videos.create({ model: "veo3", prompt: "waves" });
      const done = await gw.pollTask(video, { interval: 1000 });
      expectTypeOf(done.result?.output).toEqualTypeOf<string | undefined>();
      const resumed = await pollTask<MusicClip[]>(gw, '{"kind":"music","id":"t-1"}');
      expectTypeOf(resumed).toEqualTypeOf<TaskSnapshot<MusicClip[]>>();
      // @ts-expect-error: a handle needs an id
      await gw.pollTask({ kind: "music" });
      // @ts-expect-error: the client comes first
      await pollTask('{"kind":"music","id":"t-1"}');
    }
    void calls;
  });
});

describe("pollTask typed by the handle's kind", () => {
  // The kinds the family declarations list, which the registry knows at run time
  // (tests/core/tasks.test.ts, "knows every task kind of the family manifest").
  it("every task kind of the manifest has its result type, and nothing else does", () => {
    type Declared<F> = F extends { readonly kinds: readonly (infer K)[] } ? K : never;
    expectTypeOf<keyof TaskResults>().toEqualTypeOf<Declared<(typeof FAMILIES)[keyof typeof FAMILIES]>>();
    expectTypeOf<TaskResults["video"]>().toEqualTypeOf<VideoResult>();
    expectTypeOf<TaskResults["music.lyrics"]>().toEqualTypeOf<MusicLyrics>();
    expectTypeOf<TaskResults["vidgen.text2video"]>().toEqualTypeOf<VidgenResult>();
  });

  it("a handle whose kind the compiler knows gives that kind's result", () => {
    async function calls() {
      const video: TaskHandle<"video"> = { kind: "video", id: "t-1" };
      expectTypeOf(await gw.pollTask(video)).toEqualTypeOf<TaskSnapshot<VideoResult>>();
      expectTypeOf(await pollTask(gw, video)).toEqualTypeOf<TaskSnapshot<VideoResult>>();
      expectTypeOf(await gw.tasks.wait(video)).toEqualTypeOf<TaskSnapshot<VideoResult>>();
      const song = await gw.pollTask({ kind: "music", id: "t-2" });
      expectTypeOf(song.result).toEqualTypeOf<MusicClip[] | undefined>();
      const lyrics = await pollTask(gw, { kind: "music.lyrics", id: "t-3" });
      expectTypeOf(lyrics.result).toEqualTypeOf<MusicLyrics | undefined>();
      const clip = await pollTask(gw, { kind: "vidgen.text2video", id: "t-4" });
      expectTypeOf(clip.result).toEqualTypeOf<VidgenResult | undefined>();
      // onProgress sees the same result type.
      await gw.pollTask(video, {
        onProgress: (snapshot) => expectTypeOf(snapshot.result).toEqualTypeOf<VideoResult | undefined>(),
      });
      // A matching result type may be given.
      expectTypeOf(await pollTask<VideoResult>(gw, video)).toEqualTypeOf<TaskSnapshot<VideoResult>>();
      // A union of kinds gives the union of their results.
      const either: TaskHandle<"video" | "music"> = video;
      expectTypeOf((await gw.pollTask(either)).result).toEqualTypeOf<VideoResult | MusicClip[] | undefined>();
    }
    void calls;
  });

  it("a JSON string is unknown unless a result type is given; a given one must fit a known kind", () => {
    async function calls() {
      const saved = JSON.stringify({ kind: "video", id: "t-1" });
      expectTypeOf(await pollTask(gw, saved)).toEqualTypeOf<TaskSnapshot<unknown>>();
      expectTypeOf(await gw.pollTask(saved)).toEqualTypeOf<TaskSnapshot<unknown>>();
      expectTypeOf(await pollTask<VideoResult>(gw, saved)).toEqualTypeOf<TaskSnapshot<VideoResult>>();
      // A handle typed with any string as its kind: the compiler cannot read it, so unknown.
      const wide: TaskRef = { kind: "video", id: "t-1" };
      expectTypeOf(await gw.pollTask(wide)).toEqualTypeOf<TaskSnapshot<unknown>>();
      // @ts-expect-error: a video handle does not give music clips
      await pollTask<MusicClip[]>(gw, { kind: "video", id: "t-1" });
      // @ts-expect-error: a music handle does not give a video
      await gw.pollTask<VideoResult>({ kind: "music", id: "t-2" });
      // @ts-expect-error: nor does it through gw.tasks
      await gw.tasks.wait<VideoResult>({ kind: "music.lyrics", id: "t-3" });
      const music = await gw.musicgen.submit.music({ gpt_description_prompt: "a happy song" });
      // @ts-expect-error: a music Task keeps its own result type
      await gw.pollTask<VideoResult>(music);
      // @ts-expect-error: a result type cannot be checked against a kind the compiler cannot read: give the JSON
      await gw.pollTask<VideoResult>(wide);
      // A kind no family has (a typo) gives unknown too.
      expectTypeOf(await pollTask(gw, { kind: "vidoe", id: "t-1" })).toEqualTypeOf<TaskSnapshot<unknown>>();
    }
    void calls;
  });
});
