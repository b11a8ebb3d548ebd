/** Type tests of gw.videos: vidA, vidB and the unified body; the typed flat task record. */
import { describe, expectTypeOf, it } from "vitest";
import type { TaskStatus } from "../../src/core/tasks/tasks.js";
import type { Input } from "../../src/core/validation/index.js";
import Genway, {
  type UnifiedVideoParams,
  type VidAParams,
  type VidBParams,
  type VideoCreateParams,
  type VideoResult,
  type VideoSnapshot,
  type VideoTask,
  type VideoTaskSnapshot,
  type VideoTaskStatus,
} from "../../src/index.js";
import type { openVideoParams, vidAParams, vidBParams } from "../../src/resources/videos/operations.js";
import type { Agree, Declared, SameKeys } from "./support.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "http://gateway.test" });

describe("videos.create / createAndWait", () => {
  it("takes real ids with the unified body, and the spec's vidA and vidB ids", () => {
    async function calls() {
      const task = await gw.videos.create({
        model: "veo3",
        prompt: "A cat surfing in sunset, cinematic",
        duration: 5,
        aspect_ratio: "16:9",
        resolution: "780P",
        images: ["https://x.test/a.png"],
        watermark: false,
      });
      await gw.videos.create({ model: "doubao-seedance-1-0-pro-250528", prompt: "p", duration: 8 });
      await gw.videos.create({ model: "kling-v2-master", prompt: "p", notify_hook: "https://me.test/hook" });
      await gw.videos.create({ model: "sora-2", prompt: "p", size: "1280x720", private: true });
      await gw.videos.create({ model: "vidA-2.5", prompt: "p", duration: 10, ratio: "21:9", seed: 1 });
      await gw.videos.create({
        model: "vidB3.1",
        prompt: "p",
        images: [new Uint8Array([1])],
        aspect_ratio: "9:16",
      });
      const params: VideoCreateParams = { model: "vidA-2.5", prompt: "p" };
      await gw.videos.create(params); // a value typed as the whole union fits
      expectTypeOf(task).toEqualTypeOf<VideoTask>();
      expectTypeOf(task.id).toEqualTypeOf<string>();
      const done = await gw.videos.createAndWait({ model: "veo3", prompt: "p" }, { interval: 10 });
      expectTypeOf(done).toEqualTypeOf<VideoSnapshot>();
    }
    void calls;
  });

  it("refuses misspelled fields, wrong types and a wrong closed literal for a known id", () => {
    function calls() {
      // @ts-expect-error: misspelled required field
      gw.videos.create({ model: "veo3", promt: "p" });
      // @ts-expect-error: duration is a number of seconds
      gw.videos.create({ model: "veo3", prompt: "p", duration: "5s" });
      // @ts-expect-error: vidA takes 5 or 10 seconds
      gw.videos.create({ model: "vidA-2.5", prompt: "p", duration: 7 });
      // @ts-expect-error: vidB takes 16:9 or 9:16
      gw.videos.create({ model: "vidB3", prompt: "p", aspect_ratio: "1:1" });
      // @ts-expect-error: model is required
      gw.videos.create({ prompt: "p" });
    }
    void calls;
  });

  it("declares the same fields as the schemas", () => {
    // The schemas take any model string (the catalog picks the rules at run time) and check
    // variant rules in a refinement: the declared types extend them; the rest compares without model.
    expectTypeOf<VidAParams>().toExtend<Declared<Input<typeof vidAParams>>>();
    expectTypeOf<Omit<Declared<Input<typeof vidAParams>>, "model">>().toExtend<Omit<VidAParams, "model">>();
    expectTypeOf<VidBParams>().toExtend<Declared<Input<typeof vidBParams>>>();
    expectTypeOf<Omit<Declared<Input<typeof vidBParams>>, "model">>().toExtend<Omit<VidBParams, "model">>();
    expectTypeOf<UnifiedVideoParams>().toExtend<Declared<Input<typeof openVideoParams>>>();
    expectTypeOf<Declared<Input<typeof openVideoParams>>>().toExtend<UnifiedVideoParams>();
    expectTypeOf<SameKeys<VidAParams, Declared<Input<typeof vidAParams>>, never>>().toEqualTypeOf<Agree>();
    expectTypeOf<SameKeys<VidBParams, Declared<Input<typeof vidBParams>>, never>>().toEqualTypeOf<Agree>();
    // Any other model: the unified interface's fields, whose values differ by model (new-api
    // relays them as given); only model, prompt and the images are checked.
    type Open =
      | "size"
      | "aspect_ratio"
      | "duration"
      | "seconds"
      | "metadata"
      | "resolution"
      | "watermark"
      | "hd"
      | "private";
    expectTypeOf<
      SameKeys<UnifiedVideoParams, Declared<Input<typeof openVideoParams>>, Open | "notify_hook" | "videos">
    >().toEqualTypeOf<Agree>();
  });
});

describe("videos.retrieve / wait", () => {
  it("give the normalized snapshot and the flat record", () => {
    async function calls() {
      const snapshot = await gw.videos.retrieve("task-1");
      expectTypeOf(snapshot).toEqualTypeOf<VideoTaskSnapshot>();
      expectTypeOf(snapshot.status).toEqualTypeOf<TaskStatus>();
      expectTypeOf(snapshot.progress).toEqualTypeOf<number | undefined>();
      expectTypeOf(snapshot.result).toEqualTypeOf<VideoResult | undefined>();
      expectTypeOf(snapshot.result!.output).toEqualTypeOf<string | undefined>();
      expectTypeOf(snapshot.raw.status).toEqualTypeOf<VideoTaskStatus>();
      expectTypeOf(snapshot.raw.progress).toEqualTypeOf<string | undefined>();
      expectTypeOf(snapshot.raw.data).toEqualTypeOf<VideoResult | null | undefined>();
      const done = await gw.videos.wait("task-1", {
        interval: 5,
        onProgress: (s) => expectTypeOf(s.raw.status).toEqualTypeOf<VideoTaskStatus>(),
      });
      expectTypeOf(done.result?.outputs).toEqualTypeOf<string[] | undefined>();
    }
    void calls;
  });

  it("refuses a non-string id and misspelled options", () => {
    function calls() {
      // @ts-expect-error: the task id is a string
      gw.videos.retrieve(42);
      // @ts-expect-error: misspelled wait option
      gw.videos.wait("task-1", { intervall: 5 });
      // @ts-expect-error: interval is milliseconds, a number
      gw.videos.wait("task-1", { interval: "5s" });
    }
    void calls;
  });
});
