/**
 * S1 of the scale review: a worker process paused (SIGSTOP) past its jobs' lock while it held
 * copies of them it had not started; another worker runs them, and the paused one, resumed, sends
 * nothing for them (its claims fail the lock check). A real redis-server, worker processes.
 */
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createGenerationQueue } from "../../src/queue/index.js";
import { useCluster } from "./cluster.js";

const cluster = useCluster({ TASK_STEPS: "3" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const JOBS = 400;

describe("S1: a worker paused past its lock", () => {
  it("S1: a worker SIGSTOPped across lockDuration with jobs it had taken pays nothing twice when it resumes", async () => {
    const name = "paused";
    const queue = createGenerationQueue({ connection: cluster.connection(), name });
    const admin = new Redis(cluster.connection());
    const clocks = { LOCK_DURATION: 2000, STALLED_INTERVAL: 500, CONCURRENCY: JOBS };
    try {
      // Every job waits before the first worker starts: it takes them one after another (BullMQ
      // fetches up to its concurrency before it processes any), and is stopped while it does.
      await queue.queue.addBulk(
        Array.from({ length: JOBS }, (_, i) => ({
          name: "musicgen.submit.music" as const,
          data: {
            operation: "musicgen.submit.music" as const,
            params: { gpt_description_prompt: `#p-${i}` },
          },
          opts: { jobId: `p-${i}` },
        })),
      );
      const paused = await cluster.spawnWorker("paused", name, clocks);
      const submissions = async () =>
        (await cluster.gateway.requests()).filter(
          (r) => r.method === "POST" && r.path.startsWith("/musicgen/submit"),
        );
      while ((await admin.llen(`bull:${name}:active`)) < 20) await sleep(2);
      paused.child.kill("SIGSTOP");
      const before = (await submissions()).length;
      const active = await admin.llen(`bull:${name}:active`);
      // Its locks run out; another worker takes the jobs over and runs them all.
      await cluster.spawnWorker("live", name, clocks);
      await sleep(5000);
      paused.child.kill("SIGCONT");
      for (;;) {
        const counts = await queue.queue.getJobCounts("completed", "failed");
        if ((counts.completed ?? 0) + (counts.failed ?? 0) >= JOBS) break;
        await sleep(200);
      }
      // Whatever the resumed worker still held it has tried, and refused, by now.
      await sleep(1500);
      const sent = await submissions();
      const perTag = new Map<string, number>();
      for (const r of sent) {
        const tag = /#(p-\d+)/.exec(JSON.stringify(r.body))?.[1] ?? "?";
        perTag.set(tag, (perTag.get(tag) ?? 0) + 1);
      }
      const twice = [...perTag].filter(([, n]) => n > 1).map(([tag]) => tag);
      expect(twice).toEqual([]);
      expect(perTag.size).toBe(JOBS);
      expect(await queue.queue.getJobCounts("completed", "failed")).toEqual({ completed: JOBS, failed: 0 });
      // The pause hit while the paused worker held jobs it had not sent: their claims were refused.
      expect({ before, active: active > before }).toEqual({ before, active: true });
      expect((await paused.metrics()).lockLost).toBeGreaterThan(0);
    } finally {
      await cluster.stopWorkers();
      admin.disconnect();
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  }, 120_000);
});
