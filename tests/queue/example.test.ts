/**
 * examples/queue as a user runs it: its worker and producer (bundled from this run's sources) on a
 * redis-server of this file's own, so it runs beside tests/queue/queue.test.ts, whose Redis restarts.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundled } from "../support/bundle.js";
import { type RedisServer, startRedis } from "./support.js";

let redis: RedisServer;
let programs: { exampleWorker: string; exampleProducer: string };

beforeAll(async () => {
  const [[exampleWorker, exampleProducer], server] = await Promise.all([
    bundled("examples/queue/worker.ts", "examples/queue/producer.ts"),
    startRedis(),
  ]);
  programs = { exampleWorker: exampleWorker!, exampleProducer: exampleProducer! };
  redis = server;
}, 120_000);

afterAll(async () => {
  await redis?.stop();
});

describe("examples/queue", () => {
  it("the producer's jobs run on the example worker, and print what the producer says they do", async () => {
    const dir = join(import.meta.dirname, "..", "..", "examples", "queue");
    const { GENWAY_BASE_URL: _url, GENWAY_API_KEY: _key, ...env } = process.env;
    const run = { env: { ...env, REDIS_URL: `redis://127.0.0.1:${redis.port}` } };
    const worker = spawn(process.execPath, [programs.exampleWorker], {
      ...run,
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      await new Promise<void>((resolve) =>
        worker.stdout.on("data", (chunk: Buffer) => chunk.includes("worker ready") && resolve()),
      );
      const producer = spawn(process.execPath, [programs.exampleProducer], run);
      let stdout = "";
      let stderr = "";
      producer.stdout.on("data", (chunk) => (stdout += chunk));
      producer.stderr.on("data", (chunk) => (stderr += chunk));
      const code = await new Promise((resolve) => producer.on("close", resolve));
      expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
      const source = readFileSync(join(dir, "producer.ts"), "utf8");
      for (const [, line] of source.matchAll(/^\/\/ expect: (.+)$/gm)) expect(stdout).toContain(line);
      expect(stdout).toMatch(/progress: \d+ running \d+%/);
    } finally {
      worker.kill("SIGTERM");
      await new Promise((resolve) => worker.once("close", resolve));
    }
  }, 60_000);
});
