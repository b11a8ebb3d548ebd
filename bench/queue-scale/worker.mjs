// One generation worker process, configured as docs/scale.md's recipe (concurrency from CONC,
// wait {interval 5 s, maxInterval 15 s}, BullMQ's lock/stall defaults unless LOCK/STALL are set;
// SETTLE, SUBMIT_TIMEOUT, MAXSUB set settleMs, submitTimeout, maxSubmitting). SIGTERM is the
// documented handler, shutdown(). Adapted from the scale review's harness (shared/reviews/scale-4-tools).
import { writeFileSync } from "node:fs";
import Genway from "genway";
import { createGenerationWorker } from "genway/queue";

const name = process.env.WORKER;
const counters = { warn: {}, errors: {}, lockRenewalFailed: 0, completed: 0, failed: {}, stalled: 0 };
const bump = (o, k) => (o[k] = (o[k] ?? 0) + 1);
const client = new Genway({
  baseURL: process.env.GATEWAY_URL,
  apiKey: "k",
  prices: "spec",
  logger: {
    error: (l) => bump(counters.warn, `error: ${String(l).slice(0, 60)}`),
    warn: (l) =>
      bump(
        counters.warn,
        String(l)
          .replace(/[\w-]+\/[\w.-]+ failed/, "X failed")
          .slice(0, 70),
      ),
    info() {},
    debug() {},
  },
});
const extra = {};
if (process.env.LOCK) extra.lockDuration = Number(process.env.LOCK);
if (process.env.STALL) extra.stalledInterval = Number(process.env.STALL);
if (process.env.MAXSTALLED) extra.maxStalledCount = Number(process.env.MAXSTALLED);
if (process.env.SETTLE) extra.settleMs = Number(process.env.SETTLE);
if (process.env.SUBMIT_TIMEOUT) extra.submitTimeout = Number(process.env.SUBMIT_TIMEOUT);
if (process.env.MAXSUB) extra.maxSubmitting = Number(process.env.MAXSUB);
const generation = createGenerationWorker({
  connection: { host: "127.0.0.1", port: Number(process.env.REDIS_PORT), maxRetriesPerRequest: null },
  name: process.env.QUEUE,
  workerName: name,
  client,
  concurrency: Number(process.env.CONC ?? 100),
  wait: { interval: 5000, maxInterval: 15000 },
  ...extra,
});
const w = generation.worker;
w.on("error", (e) =>
  bump(
    counters.errors,
    String(e?.message ?? e)
      .replace(/\d+/g, "N")
      .slice(0, 80),
  ),
);
w.on("lockRenewalFailed", (ids) => (counters.lockRenewalFailed += ids.length));
w.on("completed", () => counters.completed++);
w.on("failed", (_job, err) => bump(counters.failed, String(err?.message ?? err).slice(0, 60)));
w.on("stalled", () => counters.stalled++);
const dump = () => {
  try {
    writeFileSync(
      `${process.env.OUTDIR}/w-${name}.json`,
      JSON.stringify({ ...counters, metrics: generation.metrics() }),
    );
  } catch {}
};
setInterval(dump, 1000).unref();
await w.waitUntilReady();
process.send?.({ type: "ready" });
const stop = async () => {
  await generation.shutdown(Number(process.env.SHUTDOWN_MS ?? 10_000)).catch(() => {});
  dump();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("disconnect", stop);
