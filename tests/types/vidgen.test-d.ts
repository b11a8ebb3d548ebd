/** Type tests of gw.vidgen: real model ids compile, misspellings and closed literals do not, results are typed. */
import { describe, expectTypeOf, it } from "vitest";
import type { Input } from "../../src/core/validation/index.js";
import Genway, {
  type VidgenImageExpandParams,
  type VidgenImageGenerationParams,
  type VidgenImageToVideoParams,
  type VidgenMultiImageToImageParams,
  type VidgenMultiImageToVideoParams,
  type VidgenSnapshot,
  type VidgenTask,
  type VidgenTaskStatus,
  type VidgenTextToAudioParams,
  type VidgenTextToVideoParams,
  type VidgenVideoExtendParams,
  type VidgenVideoToAudioParams,
} from "../../src/index.js";
import type * as s from "../../src/resources/vidgen/operations.js";
import type { Agree, Declared, SameKeys } from "./support.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "http://gateway.test" });
const url = "https://example.com/a.png";

describe("gw.vidgen.images", () => {
  it("generate", () => {
    async function calls() {
      const task = await gw.vidgen.images.generate({
        prompt: "a fox",
        model_name: "kling-v2-1",
        aspect_ratio: "21:9",
        n: 2,
        image: new Uint8Array(8),
      });
      expectTypeOf(task).toEqualTypeOf<VidgenTask>();
      // @ts-expect-error: misspelled required field
      await gw.vidgen.images.generate({ promt: "a fox" });
      // @ts-expect-error: n is a number
      await gw.vidgen.images.generate({ prompt: "p", n: "2" });
      const done = await task.wait();
      expectTypeOf(done.result?.images?.[0]?.url).toEqualTypeOf<string | undefined>();
      expectTypeOf(done.result?.images?.[0]?.index).toEqualTypeOf<number | undefined>();
    }
    void calls;
  });

  it("expand", () => {
    async function calls() {
      const ratios = {
        up_expansion_ratio: 0.1,
        down_expansion_ratio: 0.1,
        left_expansion_ratio: 0,
        right_expansion_ratio: 0,
      };
      const task = await gw.vidgen.images.expand({ image: url, ...ratios, n: 1, prompt: "more sky" });
      expectTypeOf(task.kind).toEqualTypeOf<string>();
      // @ts-expect-error: misspelled required field
      await gw.vidgen.images.expand({ imag: url, ...ratios });
      // @ts-expect-error: a ratio is a number
      await gw.vidgen.images.expand({ image: url, ...ratios, up_expansion_ratio: "0.1" });
    }
    void calls;
  });

  it("multiImageToImage", () => {
    async function calls() {
      await gw.vidgen.images.multiImageToImage({ model_name: "kling-v2", subject_image_list: [url, url] });
      await gw.vidgen.images.multiImageToImage({
        model_name: "kling-v2",
        subject_image_list: [{ subject_image: url }, { subject_image: new Blob([]) }],
        scene_image: url,
        style_image: url,
      });
      await gw.vidgen.images.multiImageToImage({
        model_name: "vidgen-v2",
        subject_image_list: [url],
        scence_image: url,
      });
      // @ts-expect-error: misspelled required field
      await gw.vidgen.images.multiImageToImage({ model_name: "kling-v2", subject_images: [url] });
      const m = "kling-v2";
      // @ts-expect-error: a subject object names its image subject_image
      await gw.vidgen.images.multiImageToImage({ model_name: m, subject_image_list: [{ image: url }] });
    }
    void calls;
  });
});

describe("gw.vidgen.videos", () => {
  it("textToVideo", () => {
    async function calls() {
      const task = await gw.vidgen.videos.textToVideo({
        model_name: "kling-v2-master",
        prompt: "a lake at dawn",
        mode: "pro",
        duration: "10",
        aspect_ratio: "16:9",
        cfg_scale: 0.5,
        camera_control: { type: "simple", config: { zoom: 5 } },
        external_task_id: "order-1",
      });
      await gw.vidgen.videos.textToVideo({ model_name: "kling-v9-future", prompt: "p", duration: 5 });
      // @ts-expect-error: misspelled required field
      await gw.vidgen.videos.textToVideo({ model_name: "kling-v2-master", promt: "a lake" });
      // @ts-expect-error: cfg_scale is a number
      await gw.vidgen.videos.textToVideo({ prompt: "p", cfg_scale: "high" });
      // @ts-expect-error: mode is std or pro
      await gw.vidgen.videos.textToVideo({ prompt: "p", mode: "fast" });
      // @ts-expect-error: duration is '5' or '10'
      await gw.vidgen.videos.textToVideo({ prompt: "p", duration: "7" });
      const done = await task.wait({ interval: 1_000 });
      expectTypeOf(done).toEqualTypeOf<VidgenSnapshot>();
      expectTypeOf(done.result?.videos?.[0]?.duration).toEqualTypeOf<string | undefined>();
      expectTypeOf(done.raw.data.created_at).toEqualTypeOf<number>();
      expectTypeOf(done.raw.data.task_status).toEqualTypeOf<VidgenTaskStatus>();
      expectTypeOf(done.raw.data.final_unit_deduction).toEqualTypeOf<string | undefined>();
      expectTypeOf(done.raw.data.task_info?.external_task_id).toEqualTypeOf<string | undefined>();
    }
    void calls;
  });

  it("imageToVideo", () => {
    async function calls() {
      const task = await gw.vidgen.videos.imageToVideo({
        image: new Uint8Array(8),
        image_tail: url,
        model_name: "kling-v2-1",
        duration: "5",
        mode: "std",
      });
      // @ts-expect-error: misspelled required field
      await gw.vidgen.videos.imageToVideo({ imgae: url });
      // @ts-expect-error: cfg_scale is a number
      await gw.vidgen.videos.imageToVideo({ image: url, cfg_scale: "0.5" });
      // @ts-expect-error: duration is '5' or '10'
      await gw.vidgen.videos.imageToVideo({ image: url, duration: 7 });
      const snapshot = await task.retrieve();
      expectTypeOf(snapshot.result?.videos?.[0]?.watermark_url).toEqualTypeOf<string | undefined>();
      expectTypeOf(snapshot.raw.code).toEqualTypeOf<number>();
    }
    void calls;
  });

  it("multiImageToVideo", () => {
    async function calls() {
      await gw.vidgen.videos.multiImageToVideo({
        image_list: [{ image: url }, { image: new Blob([]) }],
        model_name: "kling-v1-6",
        prompt: "they dance",
        mode: "pro",
      });
      const list = [{ image: url }];
      // @ts-expect-error: misspelled required field
      await gw.vidgen.videos.multiImageToVideo({ images: list, model_name: "kling-v1-6", prompt: "p" });
      const hq = { image_list: list, model_name: "m", prompt: "p", mode: "hq" } as const;
      // @ts-expect-error: mode is std or pro
      await gw.vidgen.videos.multiImageToVideo(hq);
    }
    void calls;
  });

  it("extend", () => {
    async function calls() {
      await gw.vidgen.videos.extend({ video_id: "822953089593376815", prompt: "and then" });
      // @ts-expect-error: misspelled required field
      await gw.vidgen.videos.extend({ videoId: "v", prompt: "p" });
      // @ts-expect-error: video_id is a string
      await gw.vidgen.videos.extend({ video_id: 1, prompt: "p" });
    }
    void calls;
  });
});

describe("gw.vidgen.audio", () => {
  it("textToAudio", () => {
    async function calls() {
      const task = await gw.vidgen.audio.textToAudio({ prompt: "rain on a roof", duration: 3.5 });
      // @ts-expect-error: misspelled required field
      await gw.vidgen.audio.textToAudio({ promt: "rain", duration: 5 });
      // @ts-expect-error: duration is a number of seconds
      await gw.vidgen.audio.textToAudio({ prompt: "rain", duration: "5" });
      const done = await task.wait();
      expectTypeOf(done.result?.audios?.[0]?.url_mp3).toEqualTypeOf<string | undefined>();
    }
    void calls;
  });

  it("videoToAudio", () => {
    async function calls() {
      await gw.vidgen.audio.videoToAudio({ video_id: "822953089593376815" });
      await gw.vidgen.audio.videoToAudio({ video_url: "https://example.com/v.mp4" });
      // @ts-expect-error: exactly one of video_id and video_url
      await gw.vidgen.audio.videoToAudio({ video_id: "v", video_url: "https://example.com/v.mp4" });
      // @ts-expect-error: misspelled field
      await gw.vidgen.audio.videoToAudio({ videoUrl: "https://example.com/v.mp4" });
    }
    void calls;
  });
});

describe("gw.vidgen retrieve and wait", () => {
  it("take a task id and the operation's kind", () => {
    async function calls() {
      const snapshot = await gw.vidgen.retrieve("822953089408827433", "text2video");
      expectTypeOf(snapshot).toEqualTypeOf<VidgenSnapshot>();
      expectTypeOf(snapshot.status).toEqualTypeOf<
        "queued" | "running" | "succeeded" | "failed" | "unknown"
      >();
      const done = await gw.vidgen.wait("822953089408827433", {
        kind: "vidgen.image2video",
        timeout: 60_000,
      });
      expectTypeOf(done.result?.videos).toEqualTypeOf<
        Array<{ id: string; url: string; watermark_url?: string; duration: string }> | undefined
      >();
      // @ts-expect-error: an unknown kind
      await gw.vidgen.retrieve("id", "text2image");
      // @ts-expect-error: wait needs the kind
      await gw.vidgen.wait("id", { timeout: 1 });
    }
    void calls;
  });
});

describe("declared params and schemas agree", () => {
  it("each declared type and its schema's input are mutually assignable", () => {
    expectTypeOf<VidgenImageGenerationParams>().toExtend<Declared<Input<typeof s.imageGenerationParams>>>();
    expectTypeOf<Declared<Input<typeof s.imageGenerationParams>>>().toExtend<VidgenImageGenerationParams>();
    expectTypeOf<VidgenImageExpandParams>().toExtend<Declared<Input<typeof s.imageExpandParams>>>();
    expectTypeOf<Declared<Input<typeof s.imageExpandParams>>>().toExtend<VidgenImageExpandParams>();
    expectTypeOf<VidgenMultiImageToImageParams>().toExtend<
      Declared<Input<typeof s.multiImageToImageParams>>
    >();
    expectTypeOf<
      Declared<Input<typeof s.multiImageToImageParams>>
    >().toExtend<VidgenMultiImageToImageParams>();
    expectTypeOf<VidgenTextToVideoParams>().toExtend<Declared<Input<typeof s.textToVideoParams>>>();
    expectTypeOf<Declared<Input<typeof s.textToVideoParams>>>().toExtend<VidgenTextToVideoParams>();
    expectTypeOf<VidgenImageToVideoParams>().toExtend<Declared<Input<typeof s.imageToVideoParams>>>();
    expectTypeOf<Declared<Input<typeof s.imageToVideoParams>>>().toExtend<VidgenImageToVideoParams>();
    expectTypeOf<VidgenMultiImageToVideoParams>().toExtend<
      Declared<Input<typeof s.multiImageToVideoParams>>
    >();
    expectTypeOf<
      Declared<Input<typeof s.multiImageToVideoParams>>
    >().toExtend<VidgenMultiImageToVideoParams>();
    expectTypeOf<VidgenVideoExtendParams>().toExtend<Declared<Input<typeof s.videoExtendParams>>>();
    expectTypeOf<Declared<Input<typeof s.videoExtendParams>>>().toExtend<VidgenVideoExtendParams>();
    expectTypeOf<VidgenTextToAudioParams>().toExtend<Declared<Input<typeof s.textToAudioParams>>>();
    expectTypeOf<Declared<Input<typeof s.textToAudioParams>>>().toExtend<VidgenTextToAudioParams>();
  });

  it("each declared type names exactly the fields its schema checks, less those sent unchecked", () => {
    expectTypeOf<
      SameKeys<VidgenImageGenerationParams, Declared<Input<typeof s.imageGenerationParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<VidgenImageExpandParams, Declared<Input<typeof s.imageExpandParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<VidgenMultiImageToImageParams, Declared<Input<typeof s.multiImageToImageParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<VidgenTextToVideoParams, Declared<Input<typeof s.textToVideoParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<VidgenImageToVideoParams, Declared<Input<typeof s.imageToVideoParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<VidgenMultiImageToVideoParams, Declared<Input<typeof s.multiImageToVideoParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<VidgenVideoExtendParams, Declared<Input<typeof s.videoExtendParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<VidgenTextToAudioParams, Declared<Input<typeof s.textToAudioParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<VidgenVideoToAudioParams, Declared<Input<typeof s.videoToAudioParams>>, never>
    >().toEqualTypeOf<Agree>();
  });

  it("video-to-audio: the union is narrower than the schema, whose refinement says 'exactly one'", () => {
    // The schema is one object with both fields optional plus a run-time refinement; the declared
    // type says the same as a union. So only one direction holds, plus each variant's fields match.
    type Schema = Declared<Input<typeof s.videoToAudioParams>>;
    expectTypeOf<VidgenVideoToAudioParams>().toExtend<Schema>();
    expectTypeOf<Required<Schema>["video_id"]>().toEqualTypeOf<string>();
    expectTypeOf<Required<Schema>["video_url"]>().toEqualTypeOf<string>();
    expectTypeOf<Omit<Schema, "video_id" | "video_url">>().toExtend<
      Omit<VidgenVideoToAudioParams, "video_id" | "video_url">
    >();
  });
});
