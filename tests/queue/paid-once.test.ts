/**
 * The scale review's queue defects, each a test named by its id (S3/E5, S4, S11-S13 here; the
 * slower S2-S5 runs and S1, a worker process paused past its lock, in tests/queue/*.soak.ts, which
 * `npm run test:soak` runs): a real redis-server, in-process workers of the source, the mock gateway
 * or a Kling account on loopback.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../mock/index.js";
import type { GenerationEvents } from "../../src/queue/index.js";
import { useInProcessQueues } from "./in-process.js";
import { klingAccount } from "./kling-account.js";

const { mock, withQueue, settled, submitted } = useInProcessQueues();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("S3/E5: two queues on one gateway account", () => {
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

describe("S4: a job that failed after its task was paid for", () => {
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
  it("S13: without `concurrency` a worker runs 50 jobs at once, most of them waiting on their tasks", async () => {
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
