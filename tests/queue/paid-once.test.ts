/**
 * The scale review's queue defects (S2-S5, S11-S13) and adversarial E5, each a test named by its
 * id: a real redis-server, in-process workers of the source, the mock gateway or a Kling account
 * on loopback. (S1, a worker paused past its lock, runs worker processes: tests/queue/*.soak.ts.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Job, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMockGateway } from "../../mock/index.js";
import Genway, { type GenwayOptions } from "../../src/index.js";
import {
  createGenerationQueue,
  createGenerationWorker,
  type GenerationEvents,
  type GenerationJobData,
  type GenerationWorker,
  type GenerationWorkerOptions,
} from "../../src/queue/index.js";
import { useRedisAndMock } from "./in-process.js";
import { klingAccount } from "./kling-account.js";

const loopback = useRedisAndMock();
const { mock } = loopback;
let queues = 0;

afterEach(() => {
  vi.useRealTimers();
  mock.faults.clear();
});

const connection = () => loopback.connection();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A queue and a way to start its workers (in this process), all closed when `run` ends. */
async function withQueue(
  run: (parts: {
    name: string;
    queue: ReturnType<typeof createGenerationQueue>;
    events: QueueEvents;
    worker: (options?: Partial<GenerationWorkerOptions>, client?: GenwayOptions) => GenerationWorker;
  }) => Promise<void>,
  name = `paid-once-${++queues}`,
): Promise<void> {
  const started: GenerationWorker[] = [];
  const queue = createGenerationQueue({ connection: connection(), name });
  const events = new QueueEvents(name, { connection: connection() });
  await events.waitUntilReady();
  const worker = (options: Partial<GenerationWorkerOptions> = {}, client: GenwayOptions = {}) => {
    const generation = createGenerationWorker({
      connection: connection(),
      name,
      client: new Genway({ apiKey: mock.apiKey, baseURL: loopback.server.url, logLevel: "off", ...client }),
      wait: { interval: 10 },
      lockDuration: 2000,
      stalledInterval: 500,
      ...options,
    });
    started.push(generation);
    return generation;
  };
  try {
    await run({ name, queue, events, worker });
  } finally {
    await Promise.all(started.map((w) => w.close(true)));
    await events.close();
    await queue.queue.obliterate({ force: true });
    await queue.close();
  }
}

/** Waits until every one of `ids` completed or failed. */
async function settled(
  queue: ReturnType<typeof createGenerationQueue>,
  ids: string[],
  timeout = 20_000,
): Promise<Array<{ job: Job<GenerationJobData>; state: string }>> {
  const until = Date.now() + timeout;
  for (;;) {
    const states = await Promise.all(ids.map((id) => queue.queue.getJobState(id)));
    if (states.every((s) => s === "completed" || s === "failed")) {
      // Read once they are final: a job read before its end lacks its failedReason.
      const jobs = (await Promise.all(ids.map((id) => queue.queue.getJob(id)))) as Job<GenerationJobData>[];
      return jobs.map((job, i) => ({ job, state: states[i]! }));
    }
    if (Date.now() > until) throw new Error(`jobs did not settle: ${JSON.stringify(states)}`);
    await sleep(50);
  }
}

/** Paid POSTs the mock received whose body carries `tag`. */
const submitted = (tag: string) =>
  mock.requests.filter((r) => r.method === "POST" && JSON.stringify(r.body ?? "").includes(tag)).length;

describe("S2: a vidgen submission the relay creates long after it was sent", () => {
  it("S2: with the worker's defaults, a task created 70 s after its cut submission is found, not paid again", async () => {
    // Only the clock of dates moves ahead (BullMQ schedules delayed jobs by Date.now()); timers stay real.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const account = await klingAccount((_, n) =>
      n === 1 ? { do: "late", afterMs: 70_000 } : { do: "answer" },
    );
    const admin = new Redis(connection());
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
        }, `${queueName}-${++queues}`);
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

  it("S3/E5: on a gateway that enforces unique external ids per account, the second queue's jobs are not refused", async () => {
    const account = await klingAccount(undefined, { uniqueExternalIds: true });
    try {
      for (const prompt of ["a red fox", "a blue whale"]) {
        await withQueue(async ({ queue, events, worker }) => {
          worker({}, { baseURL: account.url });
          const job = await queue.add("vidgen.videos.textToVideo", { prompt });
          const result = await job.waitUntilFinished(events, 20_000);
          expect(result.status).toBe("succeeded");
        });
      }
      expect(account.tasks.map((t) => t.prompt)).toEqual(["a red fox", "a blue whale"]);
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

  it("S4: a job failed after its task was recorded keeps the handle, is counted as paid, and retry() delivers the same task", async () => {
    await withQueue(async ({ queue, worker }) => {
      const generation = worker({ wait: { interval: 10, timeout: 200 } });
      const paidFailed: Array<GenerationEvents["paidFailed"]> = [];
      generation.on("paidFailed", (event) => {
        paidFailed.push(event);
      });
      // The task's polls fail with 503 until the wait's clock runs out.
      mock.inject({ match: /^\/v2\/videos\/generations\/.+/, status: 503, times: 100_000 });
      await queue.add(
        "videos.create",
        { model: "vidA-2.5", prompt: "#s4-slow", duration: 5 },
        { jobId: "slow" },
      );
      const [first] = await settled(queue, ["slow"]);
      expect(first!.state).toBe("failed");
      expect(first!.job.failedReason).toMatch(/^Task video\/\S+ did not finish within 200 ms/);
      const task = first!.job.data.task!;
      expect(task).toEqual({ kind: "video", id: expect.any(String) });
      expect(paidFailed).toEqual([expect.objectContaining({ jobId: "slow", task })]);
      expect(generation.metrics().paidFailed).toBe(1);
      mock.faults.clear();
      await first!.job.retry();
      const [again] = await settled(queue, ["slow"]);
      expect(again!.state).toBe("completed");
      expect(again!.job.returnvalue.id).toBe(task.id);
      expect(submitted("#s4-slow")).toBe(1);
    });
  }, 30_000);
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

describe("S11: BullMQ's lock messages in the log", () => {
  it("S11: a lock renewal that races a job this worker delayed is not logged; a lost lock is, as no Redis outage", async () => {
    const lines: string[] = [];
    const logger = { error() {}, warn: (line: string) => lines.push(line), info() {}, debug() {} };
    const account = await klingAccount(() => ({ do: "cut" }));
    try {
      await withQueue(async ({ queue, worker }) => {
        const generation = worker({ settleMs: 60_000 }, { baseURL: account.url, logLevel: "warn", logger });
        const job = await queue.add("vidgen.videos.textToVideo", { prompt: "#s11" });
        // Its submission is cut: the worker delays the job to look its task up later.
        while ((await job.getState()) !== "delayed") await sleep(20);
        // What BullMQ's lock manager emits when its renewal timer fires between the move and the
        // end of the processor, and for a job whose lock is really gone.
        generation.worker.emit("error", new Error(`could not renew lock for job ${job.id}`));
        generation.worker.emit("error", new Error("could not renew lock for job other-7"));
        await sleep(20);
        expect(lines.filter((line) => line.includes(`job ${job.id}`) && /lock/.test(line))).toEqual([]);
        const lost = lines.filter((line) => line.includes("other-7"));
        expect(lost).toEqual([expect.stringMatching(/job other-7: this worker lost its lock/)]);
        expect(lines.join("\n")).not.toMatch(/renew lock.*reconnects by itself/);
      });
    } finally {
      await account.close();
    }
  }, 30_000);
});

describe("S12: what the docs promise", () => {
  const read = (file: string) => readFileSync(join(import.meta.dirname, "..", "..", file), "utf8");

  it("S12: the README and docs/scale.md promise at-most-once submission and exactly-once delivery, not exactly-once payment", () => {
    for (const file of ["README.md", "docs/scale.md"]) {
      const text = read(file);
      expect(text, file).not.toMatch(/exactly-once paid submission/i);
      expect(text, file).toMatch(/at most once/i);
      expect(text, file).toMatch(/exactly once/i);
    }
    // The measured fault table, with its columns.
    expect(read("docs/scale.md")).toMatch(/\| fault .*\| paid twice .*\|/);
  });
});

describe("S13: a worker's defaults", () => {
  it("S13: without `concurrency` a worker runs 50 jobs at once (most of them waiting), 8 submissions at a time", async () => {
    await withQueue(async ({ queue, worker }) => {
      const slow = createMockGateway({ taskSteps: 1000 });
      const slowServer = await slow.listen();
      try {
        const generation = worker(
          { wait: { interval: 200 } },
          { baseURL: slowServer.url, apiKey: slow.apiKey },
        );
        expect(generation.worker.concurrency).toBe(50);
        for (let i = 0; i < 60; i++)
          await queue.add("musicgen.submit.music", { gpt_description_prompt: `#s13-${i}` });
        for (;;) {
          const active = await queue.queue.getActiveCount();
          if (active >= 50) break;
          await sleep(50);
        }
        await sleep(300);
        expect(await queue.queue.getActiveCount()).toBe(50);
        expect(await queue.queue.getWaitingCount()).toBe(10);
      } finally {
        await slowServer.close();
      }
    });
  }, 30_000);
});
