/** Type tests of gw.tasks: resuming any task from its serialized handle. */
import { describe, expectTypeOf, it } from "vitest";
import {
  Genway,
  type MusicClip,
  pollTask,
  type Task,
  type TaskRef,
  type TaskSnapshot,
  type TaskStatus,
} from "../../src/index.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "https://gw.test" });

describe("gw.tasks", () => {
  it("waits on, retrieves and rebuilds a task from { kind, id }", () => {
    async function calls() {
      const song = await gw.musicgen.submit.music({ gpt_description_prompt: "a happy song" });
      const saved: TaskRef = song.toJSON();
      const done = await gw.tasks.wait<MusicClip[]>(saved, { interval: 1000, timeout: 60_000 });
      expectTypeOf(done).toEqualTypeOf<TaskSnapshot<MusicClip[]>>();
      expectTypeOf(done.status).toEqualTypeOf<TaskStatus>();
      expectTypeOf(done.progress).toEqualTypeOf<number | undefined>();
      const now = await gw.tasks.retrieve({ kind: "video", id: "task-1" });
      expectTypeOf(now.result).toEqualTypeOf<unknown>();
      expectTypeOf(gw.tasks.get<MusicClip[]>(saved)).toEqualTypeOf<Task<MusicClip[]>>();
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
