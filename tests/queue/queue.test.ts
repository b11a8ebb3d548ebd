/**
 * genway/queue against a real redis-server, the mock gateway in its own process and worker
 * processes, bundled from this run's sources (tests/support/bundle.ts): add checks its params,
 * jobs complete through kill -9 mid-submission and mid-wait paying each once (60 jobs here, 300 in
 * `npm run test:soak`), a rate-limited submission pauses the queue, and a Redis restart loses no job.
 */
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/index.js";
import { createGenerationQueue } from "../../src/queue/index.js";
import { useCluster } from "./cluster.js";
import { crashRun, settled } from "./crash-run.js";

const cluster = useCluster();
const connection = () => cluster.connection();

describe("createGenerationQueue().add", () => {
  it("checks an operation's params as the client would, and enqueues nothing when they are wrong", async () => {
    const queue = createGenerationQueue({ connection: connection(), name: "checks" });
    try {
      const before = (await cluster.gateway.requests()).length;
      const misspelled = queue.add("musicgen.submit.lyrics", { prompt: "" });
      await expect(misspelled).rejects.toBeInstanceOf(ValidationError);
      await expect(misspelled).rejects.toThrow(/musicgen\.submit\.lyrics/);
      const tooLong = queue.add("vidgen.videos.textToVideo", { prompt: "x".repeat(2501) });
      await expect(tooLong).rejects.toThrow(/prompt/);
      const file = queue.add("vidgen.images.generate", {
        prompt: "an owl",
        image: new Blob([new Uint8Array(4)]),
      });
      await expect(file).rejects.toThrow(/image: must be plain JSON/);
      await expect(queue.add("videos.remix" as never, {} as never)).rejects.toThrow(
        /operation: must be one of/,
      );
      expect(await queue.queue.count()).toBe(0);

      const job = await queue.add(
        "videos.create",
        { model: "veo3", prompt: "a paper boat" },
        { jobId: "ok" },
      );
      expect(job.data).toEqual({
        operation: "videos.create",
        params: { model: "veo3", prompt: "a paper boat" },
      });
      expect(await queue.queue.count()).toBe(1);
      // The checks never reach the gateway.
      expect((await cluster.gateway.requests()).length).toBe(before);
    } finally {
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  });
});

// The tests of this block run one after another (each has processes of its own).
describe.concurrent("workers in three processes", () => {
  const oneAtATime = { concurrent: false };
  it(
    "complete 60 mixed jobs through kill -9 mid-submission and mid-wait, paying each job once",
    {
      ...oneAtATime,
      timeout: 120_000,
    },
    () => crashRun(cluster, 60),
  );

  it("pause the queue with BullMQ's rate limiter for the Retry-After of a rate-limited submission", {
    ...oneAtATime,
    timeout: 30_000,
  }, async () => {
    const name = "limited";
    const queue = createGenerationQueue({ connection: connection(), name });
    try {
      await cluster.spawnWorker("l1", name);
      // The client's own two retries and the job's first submission are all refused with 10012.
      await cluster.gateway.inject({
        match: "/musicgen/submit/lyrics",
        code: 10012,
        retryAfterMs: 400,
        times: 3,
      });
      const job = await queue.add(
        "musicgen.submit.lyrics",
        { prompt: "rain #limited-1" },
        { jobId: "limited-1" },
      );
      await settled(queue, 1, 20_000);
      const done = (await queue.queue.getJob("limited-1"))!;
      expect(await done.getState()).toBe("completed");
      expect(done.data.task).toEqual({ kind: "music.lyrics", id: done.returnvalue.id });
      // Put back in the queue untouched, taken again after the pause: started twice, and completed
      // with one attempt allowed (a failed attempt would have failed it).
      expect(done.attemptsStarted).toBe(2);
      const sent = (await cluster.gateway.requests()).filter((r) => r.body?.prompt === "rain #limited-1");
      expect(sent.length).toBe(4);
      expect(sent[3]!.sentAt - sent[2]!.sentAt).toBeGreaterThanOrEqual(380);
      expect(job.id).toBe("limited-1");
    } finally {
      await cluster.stopWorkers();
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it("lose no job when Redis restarts mid-run", { ...oneAtATime, timeout: 60_000 }, async () => {
    const name = "restart";
    const queue = createGenerationQueue({ connection: connection(), name });
    try {
      await Promise.all(["r1", "r2", "r3"].map((worker) => cluster.spawnWorker(worker, name)));
      for (let i = 0; i < 60; i++) {
        const tag = `#restart-${i}`;
        if (i % 3 === 0)
          await queue.add("videos.create", { model: "veo3", prompt: tag }, { jobId: tag.slice(1) });
        else
          await queue.add("musicgen.submit.music", { gpt_description_prompt: tag }, { jobId: tag.slice(1) });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = await queue.queue.getJobCounts("completed");
      await cluster.redis.restart();
      const counts = await settled(queue, 60);
      expect(before.completed).toBeLessThan(60);
      expect(counts).toEqual({ completed: 60, failed: 0 });
    } finally {
      await cluster.stopWorkers();
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
