// S-repro: a vidgen submission the gateway takes longer than settleMs (60 s) to create is paid twice
// after its worker is killed: the resumed job's lookup finds nothing at 60 s and submits again.
import { createGenerationQueue } from "genway/queue";
import { sleep, startGateway, startRedis, startWorker } from "./repro-lib.mjs";

const redis = await startRedis();
const gw = await startGateway();
const env = { REDIS_PORT: redis.port, GATEWAY_URL: gw.url, QUEUE: "media", LOCK: 5000, STALL: 1000 };
const t0 = Date.now();
const at = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const w1 = await startWorker("w1", env);
// The gateway is slow for 20 s: a submission's task is created 70 s after it was sent.
await gw.fault({ mode: "slow", ms: 20000, scope: "submit", delay: 70000 });
const queue = createGenerationQueue({ connection: { host: "127.0.0.1", port: redis.port }, name: "media" });
for (let i = 0; i < 3; i++)
  await queue.add("vidgen.videos.textToVideo", { prompt: `a fox #s-${i}` }, { jobId: `s-${i}`, attempts: 3 });
while ((await gw.get("/__stats")).submissions < 3) await sleep(100);
console.log(at(), "3 submissions received by the gateway (slow: created at +70 s); kill -9 w1");
await w1.kill();
const w2 = await startWorker("w2", env);
console.log(at(), "w2 started (same settings: lockDuration 5 s, settleMs default 60 s)");
for (;;) {
  await sleep(2000);
  const c = await queue.queue.getJobCounts("completed", "failed", "delayed", "active");
  const paid = (await gw.get("/__paid")).paidByTag;
  if (Date.now() - t0 > 20000 && (Date.now() - t0) % 10000 < 2000)
    console.log(at(), JSON.stringify(c), "paid per job:", JSON.stringify(paid));
  if (c.completed + c.failed >= 3 && Date.now() - t0 > 75000) break;
  if (Date.now() - t0 > 240000) break;
}
const paid = (await gw.get("/__paid")).paidByTag;
const jobs = await Promise.all([0, 1, 2].map((i) => queue.queue.getJob(`s-${i}`)));
console.log(at(), "final paid per job:", JSON.stringify(paid));
for (const j of jobs)
  console.log(
    j.id,
    await j.getState(),
    "task:",
    j.returnvalue?.id ?? j.failedReason,
    "stalledCounter",
    j.stalledCounter,
  );
await w2.stop();
await queue.close();
await gw.stop();
await redis.stop();
process.exit(0);
