/**
 * genway/queue at scale against the mock: 1000 music jobs across 4 worker processes on a real
 * redis-server. Reports jobs/s, gateway requests per job (submissions and polls) and Redis
 * round-trips per job (INFO commandstats before and after). `npm run bench:queue`.
 */

import { createGenerationQueue } from "genway/queue";
import { Redis } from "ioredis";
import { startGateway, startRedis, startWorker } from "../tests/queue/support.ts";

const JOBS = Number(process.env.JOBS ?? 1000);
const WORKERS = 4;
const QUEUE = "bench";

const redis = await startRedis();
const gateway = await startGateway({ TASK_STEPS: "3" });
const connection = { host: "127.0.0.1", port: redis.port, maxRetriesPerRequest: null };
const admin = new Redis(connection);
const workers = await Promise.all(
  Array.from({ length: WORKERS }, (_, i) =>
    startWorker(`bench-${i + 1}`, {
      REDIS_PORT: redis.port,
      GATEWAY_URL: gateway.url,
      GATEWAY_KEY: gateway.apiKey,
      QUEUE,
      CONCURRENCY: 250,
    }),
  ),
);

/** Calls of every Redis command so far (the INFO calls themselves excluded). */
async function redisCalls() {
  const stats = await admin.info("commandstats");
  let calls = 0;
  for (const [, name, n] of stats.matchAll(/^cmdstat_(\w+):calls=(\d+)/gm))
    if (name !== "info") calls += Number(n);
  return calls;
}

const queue = createGenerationQueue({ connection, name: QUEUE });
const before = await redisCalls();
const started = performance.now();
for (let i = 0; i < JOBS; i++) {
  await queue.add(
    "musicgen.submit.music",
    { gpt_description_prompt: `song #${i}` },
    { removeOnComplete: false },
  );
}
const added = performance.now();
for (;;) {
  const { completed = 0, failed = 0 } = await queue.queue.getJobCounts("completed", "failed");
  if (completed + failed >= JOBS) {
    if (failed > 0) throw new Error(`${failed} jobs failed`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const done = performance.now();
const after = await redisCalls();
const requests = await gateway.requests();
const submissions = requests.filter((r) => r.path === "/musicgen/submit/music").length;
const batches = requests.filter((r) => r.method === "POST" && r.path === "/musicgen/fetch").length;
const singles = requests.filter((r) => r.method === "GET" && r.path.startsWith("/musicgen/fetch/")).length;
const polled = requests
  .filter((r) => r.method === "POST" && r.path === "/musicgen/fetch")
  .reduce((sum, r) => sum + r.body.ids.length, 0);

const seconds = (done - started) / 1000;
const rows = [
  ["jobs", JOBS],
  ["workers x concurrency", `${WORKERS} x 250`],
  ["adding (checks included)", `${((added - started) / JOBS).toFixed(2)} ms/job`],
  ["jobs/s (first add to last completion)", (JOBS / seconds).toFixed(0)],
  ["gateway requests per job", ((submissions + batches + singles) / JOBS).toFixed(2)],
  ["  submissions per job", (submissions / JOBS).toFixed(2)],
  ["  poll requests per job (batches + single reads)", ((batches + singles) / JOBS).toFixed(3)],
  ["  task reads per batch request", (polled / Math.max(1, batches)).toFixed(1)],
  ["Redis commands per job", ((after - before) / JOBS).toFixed(1)],
];
for (const [name, value] of rows) console.log(`${String(name).padEnd(50)} ${value}`);

await Promise.all(workers.map((worker) => worker.stop()));
await queue.queue.obliterate({ force: true });
await queue.close();
admin.disconnect();
await gateway.stop();
await redis.stop();
