/**
 * A Redis that refuses writes (maxmemory reached with noeviction, a replica made read-only during a
 * failover) just as the gateway answers a paid submission (adversarial review E6): the task's
 * handle is retried into Redis, said in a log line and an event meanwhile, and the job completes
 * with the task it paid for (in npm run test:soak: it waits out a lock). A redis-server of this
 * file's own: its memory limit would fail the other files' writes.
 */
import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import { QueueEvents } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Genway from "../../src/index.js";
import {
  createGenerationQueue,
  createGenerationWorker,
  type GenerationEvents,
} from "../../src/queue/index.js";
import { type RedisServer, startRedis } from "./support.js";

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
}, 60_000);
afterAll(async () => {
  await redis?.stop();
});

const redisCli = (...args: string[]) => spawnSync("redis-cli", ["-p", String(redis.port), ...args]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("E6: Redis refuses the write of a paid task's handle", () => {
  it("E6: the handle is retried until Redis takes it, logged meanwhile, and the job completes with the task it paid for", async () => {
    let posts = 0;
    let answered = false;
    const taken = "task-7f3a";
    // The gateway creates (and bills) the task, and answers after 300 ms; its queries say it is done.
    const gateway: Server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        if (req.method === "POST") {
          posts++;
          // Writes are refused from the moment the task exists until 4 s later.
          redisCli("config", "set", "maxmemory", "1");
          setTimeout(() => redisCli("config", "set", "maxmemory", "0"), 4000);
          setTimeout(() => {
            answered = true;
            res.end(JSON.stringify({ task_id: taken }));
          }, 300);
          return;
        }
        res.end(
          JSON.stringify({ task_id: taken, status: "SUCCESS", progress: "100%", data: { output: "u" } }),
        );
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    const { port } = gateway.address() as { port: number };
    const lines: string[] = [];
    const logger = {
      error: (l: string) => lines.push(l),
      warn: (l: string) => lines.push(l),
      info() {},
      debug() {},
    };
    const connection = { host: "127.0.0.1", port: redis.port, maxRetriesPerRequest: null };
    redisCli("config", "set", "maxmemory-policy", "noeviction");
    const name = "e6";
    const generation = createGenerationWorker({
      connection,
      name,
      client: new Genway({
        apiKey: "sk-x",
        baseURL: `http://127.0.0.1:${port}`,
        logLevel: "warn",
        logger,
        prices: "spec",
      }),
      wait: { interval: 50 },
      lockDuration: 2000,
      stalledInterval: 1000,
      maxStalledCount: 3,
    });
    generation.worker.on("error", () => undefined);
    const unrecorded: Array<GenerationEvents["unrecorded"]> = [];
    generation.on("unrecorded", (event) => {
      unrecorded.push(event);
    });
    const queue = createGenerationQueue({ connection, name });
    const events = new QueueEvents(name, { connection });
    await events.waitUntilReady();
    try {
      const job = await queue.add(
        "videos.create",
        { model: "vidA-2.5", prompt: "a boat", duration: 5 },
        { attempts: 3 },
      );
      const outcome = await job.waitUntilFinished(events, 30_000).then(
        (value: { id: string }) => ({ completed: value.id }),
        (error: Error) => ({ failed: error.message }),
      );
      expect(answered).toBe(true);
      expect(outcome).toEqual({ completed: taken });
      expect(posts).toBe(1);
      const stored = (await queue.queue.getJob(job.id!))!;
      expect(stored.data.task).toEqual({ kind: "video", id: taken });
      // While Redis refused it, the paid id was in the log and in an event.
      expect(unrecorded).toEqual([
        expect.objectContaining({ jobId: job.id, task: { kind: "video", id: taken } }),
      ]);
      expect(lines.some((line) => line.includes(taken) && line.includes("gw.tasks.wait"))).toBe(true);
    } finally {
      redisCli("config", "set", "maxmemory", "0");
      await generation.close(true);
      await events.close();
      await queue.queue.obliterate({ force: true });
      await queue.close();
      await new Promise((resolve) => gateway.close(resolve));
      await sleep(10);
    }
  }, 45_000);
});
