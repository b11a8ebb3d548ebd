/** Type tests of genway/queue: an operation's params are its client method's, misspelled fields and unknown operations do not compile. */
import { describe, expectTypeOf, it } from "vitest";
import { ChatClient } from "../../src/entries/chat.js";
import { MusicgenClient } from "../../src/entries/musicgen.js";
import { VideosClient } from "../../src/entries/videos.js";
import { VidgenClient } from "../../src/entries/vidgen.js";
import Genway, { type TaskRef } from "../../src/index.js";
import {
  createGenerationQueue,
  createGenerationWorker,
  type GenerationJob,
  type GenerationProgress,
  type GenerationResult,
  type UncertainSubmissionError,
} from "../../src/queue/index.js";

const connection = { host: "127.0.0.1", port: 6379 };
const generation = createGenerationQueue({ connection, name: "media" });

describe("createGenerationQueue().add", () => {
  it("takes each operation's own params", () => {
    async function calls() {
      const job = await generation.add("musicgen.submit.music", { gpt_description_prompt: "a song" });
      expectTypeOf(job).toEqualTypeOf<GenerationJob<"musicgen.submit.music">>();
      expectTypeOf(job.data.task).toEqualTypeOf<TaskRef | undefined>();
      expectTypeOf(job.returnvalue).toEqualTypeOf<GenerationResult>();
      await generation.add("videos.create", { model: "vidA-2.5", prompt: "a cat" }, { attempts: 3 });
      await generation.add("vidgen.videos.textToVideo", { prompt: "a fox", duration: "5" });
      await generation.add("musicgen.submit.lyrics", { prompt: "rain" });
      // @ts-expect-error: misspelled required field
      await generation.add("musicgen.submit.lyrics", { promt: "rain" });
      // @ts-expect-error: vidgen durations are 5 or 10
      await generation.add("vidgen.videos.textToVideo", { prompt: "a fox", duration: "7" });
      // @ts-expect-error: the params of another operation
      await generation.add("vidgen.audio.textToAudio", { gpt_description_prompt: "a song" });
      // @ts-expect-error: not a paid task operation
      await generation.add("chat.completions.create", { model: "m", messages: [] });
      // @ts-expect-error: BullMQ job options are checked too
      await generation.add("musicgen.submit.lyrics", { prompt: "rain" }, { atempts: 3 });
    }
    expectTypeOf(calls).toBeFunction();
  });
});

describe("createGenerationWorker", () => {
  it("takes a Genway client and the queue's name", () => {
    const worker = createGenerationWorker({
      connection,
      name: "media",
      client: new Genway(),
      concurrency: 50,
    });
    expectTypeOf(worker.close).returns.resolves.toBeVoid();
    // @ts-expect-error: a client is required
    createGenerationWorker({ connection, name: "media" });
    // @ts-expect-error: pollRound is a number of ms
    createGenerationWorker({ connection, name: "media", client: new Genway(), pollRound: "1s" });
    expectTypeOf<GenerationProgress["status"]>().toEqualTypeOf<
      "queued" | "running" | "succeeded" | "failed" | "unknown"
    >();
    expectTypeOf<UncertainSubmissionError["jobId"]>().toEqualTypeOf<string | undefined>();
  });

  it("takes a family client with task families (genway/videos, genway/vidgen, genway/musicgen), not one without", () => {
    createGenerationWorker({ connection, name: "media", client: new VideosClient() });
    createGenerationWorker({ connection, name: "media", client: new VidgenClient() });
    createGenerationWorker({ connection, name: "media", client: new MusicgenClient() });
    // @ts-expect-error: a chat client runs no tasks
    createGenerationWorker({ connection, name: "media", client: new ChatClient() });
  });
});
