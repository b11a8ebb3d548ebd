/**
 * The scale review's slower queue defect runs (S2, S3/E5, S4, S5), each a test named by its id, in
 * `npm run test:soak`: a real redis-server, in-process workers of the source, the mock gateway or
 * a Kling account on loopback.
 */
import { Redis } from "ioredis";
import { describe, expect, it, vi } from "vitest";
import { createMockGateway } from "../../mock/index.js";
import type { GenerationEvents } from "../../src/queue/index.js";
import { useInProcessQueues } from "./in-process.js";
import { klingAccount } from "./kling-account.js";

const { loopback, mock, withQueue, settled, submitted } = useInProcessQueues();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("S2: a vidgen submission the relay creates long after it was sent", () => {
  it("S2: with the worker's defaults, a task created 70 s after its cut submission is found, not paid again", async () => {
    // Only the clock of dates moves ahead (BullMQ schedules delayed jobs by Date.now()); timers stay real.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const account = await klingAccount((_, n) =>
      n === 1 ? { do: "late", afterMs: 70_000 } : { do: "answer" },
    );
    const admin = new Redis(loopback.connection());
    try {
      await withQueue(async ({ name, queue, worker }) => {
        const generation = worker({ submitPause: { first: 50, max: 100 } }, { baseURL: account.url });
        await queue.add(
          "vidgen.videos.textToVideo",
          { prompt: "a slow fox" },
          { jobId: "slow", attempts: 3 },
        );
        // Ten minutes of the clock, 10 s at a time; a delayed job is promoted once its time has come.
        for (let t = 0; t < 66; t++) {
          const state = await (await queue.queue.getJob("slow"))?.getState();
          if (state === "completed" || state === "failed") break;
          vi.setSystemTime(Date.now() + 10_000);
          for (const [id, score] of pairs(
            await admin.zrange(`bull:${name}:delayed`, "0", "-1", "WITHSCORES"),
          )) {
            if (Number(score) / 0x1000 <= Date.now()) await (await queue.queue.getJob(id))?.promote();
          }
          await sleep(100);
        }
        const { job, state } = (await settled(queue, ["slow"]))[0]!;
        expect(state).toBe("completed");
        expect(account.paid("a slow fox")).toBe(1);
        expect(job!.returnvalue.id).toBe(account.tasks[0]!.id);
        expect(generation.metrics()).toMatchObject({ uncertain: 1, resubmitted: 0 });
      });
    } finally {
      admin.disconnect();
      await account.close();
    }
  }, 40_000);
});

/** [member, score, member, score ...] -> [[member, score] ...] */
const pairs = (flat: string[]) => flat.flatMap((v, i) => (i % 2 === 0 ? [[v, flat[i + 1]!] as const] : []));

describe("S3/E5: two queues on one gateway account", () => {
  it("S3/E5: an uncertain submission of the second queue finds its own task, never the first queue's", async () => {
    // Queue B's first submission is cut before the relay creates anything.
    let cutB = true;
    const account = await klingAccount((body) => {
      if (body.prompt === "a blue whale" && cutB) {
        cutB = false;
        return { do: "late", afterMs: 60 * 60_000 };
      }
      return { do: "answer" };
    });
    try {
      const results: Record<string, string> = {};
      for (const [queueName, prompt] of [
        ["media-eu", "a red fox"],
        ["media-us", "a blue whale"],
      ] as const) {
        await withQueue(async ({ queue, events, worker }) => {
          worker({ settleMs: 800, submitPause: { first: 50, max: 100 } }, { baseURL: account.url });
          // BullMQ numbers the jobs of each queue 1, 2, 3 ...: both are job "1".
          const job = await queue.add("vidgen.videos.textToVideo", { prompt }, { attempts: 3 });
          expect(job.id).toBe("1");
          const result = await job.waitUntilFinished(events, 20_000);
          results[prompt] = (result.result as { videos: Array<{ url: string }> }).videos[0]!.url;
        }, `${queueName}-${Date.now()}`);
      }
      expect(results).toEqual({
        "a red fox": "https://cdn.example/a-red-fox.mp4",
        "a blue whale": "https://cdn.example/a-blue-whale.mp4",
      });
      // The two queues' external ids differ although their job ids are equal.
      const [fox, whale] = [account.tasks[0]!, account.tasks.at(-1)!];
      expect(fox.externalId).not.toBe(whale.externalId);
      expect(whale.externalId).toMatch(/^[0-9a-f]{16}-1$/);
    } finally {
      await account.close();
    }
  }, 40_000);
});

describe("S4: a gateway outage during a burst of submissions", () => {
  it("S4: 60 video jobs through a 1.5 s outage of 502s: a handful fail uncertain, the rest complete, none paid twice", async () => {
    await withQueue(async ({ queue, worker }) => {
      const generation = worker({ concurrency: 60, submitPause: { first: 300, max: 1000 } });
      const uncertain: Array<GenerationEvents["uncertain"]> = [];
      generation.on("uncertain", (event) => {
        uncertain.push(event);
      });
      // Every submission answered 502 by a proxy (nothing created) for 1.5 s.
      mock.inject({ match: /^\/v2\/videos\/generations$/, status: 502, times: 100_000 });
      setTimeout(() => mock.faults.clear(), 1500);
      const ids = Array.from({ length: 60 }, (_, i) => `s4-${i}`);
      for (const id of ids)
        await queue.add("videos.create", { model: "vidA-2.5", prompt: `#${id}`, duration: 5 }, { jobId: id });
      const jobs = await settled(queue, ids, 30_000);
      const failed = jobs.filter((j) => j.state === "failed");
      // At most the 8 submissions in flight when the outage began, and one probe per pause.
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.length).toBeLessThanOrEqual(12);
      for (const { job } of failed) expect(job.failedReason).toMatch(/^UncertainSubmissionError/);
      expect(jobs.filter((j) => j.state === "completed")).toHaveLength(60 - failed.length);
      for (const id of ids) expect(submitted(`#${id}"`)).toBeLessThanOrEqual(2);
      const metrics = generation.metrics();
      expect(metrics.uncertainFailed).toBe(failed.length);
      expect(metrics.uncertain).toBe(uncertain.length);
      expect(uncertain.map((e) => e.jobId).sort()).toEqual(failed.map((j) => j.job.id).sort());
      expect(metrics.pauses).toBeGreaterThan(0);
    });
  }, 40_000);
});

describe("S5: deploys", () => {
  it("S5: a job lives through three shutdowns (the SIGTERM handler) and completes, never stalled, paid once", async () => {
    const slow = createMockGateway({ taskSteps: 30 });
    const slowServer = await slow.listen();
    try {
      await withQueue(async ({ queue, worker }) => {
        const options = { wait: { interval: 50, maxInterval: 50 } };
        let current = worker(options, { baseURL: slowServer.url, apiKey: slow.apiKey });
        await queue.add("musicgen.submit.music", { gpt_description_prompt: "#s5" }, { jobId: "s5" });
        for (let deploy = 0; deploy < 3; deploy++) {
          // Once the job waits on its recorded task, the worker is told to stop.
          for (;;) {
            const job = await queue.queue.getJob("s5");
            if (job?.data.task && (await job.getState()) === "active") break;
            await sleep(20);
          }
          await current.shutdown(5000);
          expect(current.metrics().handedBack).toBeGreaterThanOrEqual(1);
          expect(await (await queue.queue.getJob("s5"))!.getState()).toBe("waiting");
          current = worker(options, { baseURL: slowServer.url, apiKey: slow.apiKey });
        }
        const { job, state } = (await settled(queue, ["s5"], 20_000))[0]!;
        expect(state).toBe("completed");
        expect(job!.stalledCounter).toBe(0);
        const paid = slow.requests.filter(
          (r) => r.method === "POST" && JSON.stringify(r.body).includes("#s5"),
        );
        expect(paid).toHaveLength(1);
      });
    } finally {
      await slowServer.close();
    }
  }, 40_000);

  it("S5: a submission in flight at shutdown records its handle first; the job is handed back and completes elsewhere", async () => {
    const held = createMockGateway({ taskSteps: 2, delayAnswer: (r) => (r.method === "POST" ? 600 : 0) });
    const heldServer = await held.listen();
    try {
      await withQueue(async ({ queue, worker }) => {
        const client = { baseURL: heldServer.url, apiKey: held.apiKey };
        const first = worker({}, client);
        await queue.add(
          "videos.create",
          { model: "vidA-2.5", prompt: "#s5-held", duration: 5 },
          { jobId: "held" },
        );
        while (!held.requests.some((r) => r.method === "POST")) await sleep(10);
        await first.shutdown(5000);
        const job = (await queue.queue.getJob("held"))!;
        expect(job.data.task).toEqual({ kind: "video", id: expect.any(String) });
        expect(await job.getState()).toBe("waiting");
        worker({}, client);
        const { state } = (await settled(queue, ["held"]))[0]!;
        expect(state).toBe("completed");
        expect(held.requests.filter((r) => r.method === "POST")).toHaveLength(1);
      });
    } finally {
      await heldServer.close();
    }
  }, 30_000);
});
