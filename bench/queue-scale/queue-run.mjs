// Part 2: JOBS generation jobs across WORKERS worker processes on a real redis-server, with a fault.
// FAULT: none | kill-submit | kill-wait | kill-repeat | redis-restart | outage | cut | stop | deploy
// (deploy: every worker restarted one after another with SIGTERM, i.e. shutdown(), twice). Adapted
// from the scale review's harness (shared/reviews/scale-4-tools): it also counts paid tasks that no
// job holds a handle to, and the workers' metrics().
import { fork, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGenerationQueue } from "genway/queue";
import { Redis } from "ioredis";
import { freePort } from "./repro-lib.mjs";

const HERE = import.meta.dirname;
const FAULT = process.env.FAULT ?? "none";
const JOBS = Number(process.env.JOBS ?? 2000);
const WORKERS = Number(process.env.WORKERS ?? 6);
const CONC = Number(process.env.CONC ?? 400);
const DEADLINE = Number(process.env.DEADLINE ?? 170_000);
const QUEUE = "media";
const OUTDIR = mkdtempSync(join(tmpdir(), "scale-q-"));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error(`[${((Date.now() - T0) / 1000).toFixed(1)}s]`, ...a);
let T0 = Date.now();

// --- redis (ours, by PID)
const redisPort = await freePort();
const redisDir = mkdtempSync(join(tmpdir(), "scale-redis-"));
let redisProc;
const startRedis = () =>
  new Promise((resolve, reject) => {
    const child = spawn(
      "redis-server",
      [
        "--port",
        String(redisPort),
        "--bind",
        "127.0.0.1",
        "--appendonly",
        "yes",
        "--appendfsync",
        "everysec",
        "--save",
        "",
        "--dir",
        redisDir,
        "--maxmemory-policy",
        "noeviction",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
      if (out.includes("Ready to accept connections")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`redis exited ${code}: ${out}`)));
  });
redisProc = await startRedis();
const exited = (c) =>
  c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.once("exit", r));

// --- gateway
const gwProc = fork(join(HERE, "fakegw.mjs"), [], {
  env: { ...process.env, PORT: "0" },
  stdio: ["ignore", "ignore", "inherit", "ipc"],
});
const GW = await new Promise((r) => gwProc.on("message", (m) => m.type === "listening" && r(m.url)));
const gwGet = async (p) => (await fetch(GW + p)).json();
const gwFault = (f) => fetch(`${GW}/__fault`, { method: "POST", body: JSON.stringify(f) });

// --- workers
const workers = new Map();
let wseq = 0;
async function startWorker() {
  const name = `w${++wseq}`;
  const child = fork(join(HERE, "worker.mjs"), [], {
    env: {
      ...process.env,
      WORKER: name,
      REDIS_PORT: String(redisPort),
      GATEWAY_URL: GW,
      QUEUE,
      CONC: String(CONC),
      OUTDIR,
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  workers.set(name, child);
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (c) => reject(new Error(`${name} exited ${c}`)));
  });
  return name;
}
const live = () => [...workers].filter(([, c]) => c.exitCode === null && c.signalCode === null);
async function killRandom(n, restart = true) {
  const picks = live()
    .sort(() => Math.random() - 0.5)
    .slice(0, n);
  for (const [name, child] of picks) {
    child.kill("SIGKILL");
    await exited(child);
    log(`kill -9 ${name} (pid ${child.pid})`);
  }
  if (restart) await Promise.all(picks.map(() => startWorker()));
  return picks.map(([n]) => n);
}
await Promise.all(Array.from({ length: WORKERS }, startWorker));

// --- producer
const connection = { host: "127.0.0.1", port: redisPort, maxRetriesPerRequest: null };
const admin = new Redis(connection);
const gen = createGenerationQueue({ connection, name: QUEUE });
const jobOf = (i) => {
  const tag = `#j-${i}`;
  if (i % 3 === 0) return ["videos.create", { model: "vidA-2.5", prompt: `a cat ${tag}`, duration: 5 }];
  if (i % 3 === 1) return ["musicgen.submit.music", { gpt_description_prompt: `a song ${tag}` }];
  return ["vidgen.videos.textToVideo", { prompt: `a fox ${tag}` }];
};
const JOB_OPTS = JSON.parse(process.env.JOB_OPTS ?? '{"attempts":3}');
T0 = Date.now();
let addErrors = 0;
let nextAdd = 0;
const adding = Promise.all(
  Array.from({ length: 20 }, async () => {
    for (;;) {
      const i = nextAdd++;
      if (i >= JOBS) return;
      const [op, params] = jobOf(i);
      for (let k = 0; k < 50; k++) {
        try {
          await gen.add(op, params, { ...JOB_OPTS, jobId: `j-${i}` });
          break;
        } catch (_e) {
          addErrors++;
          await sleep(500);
        }
      }
    }
  }),
).then(() => log("all added"));

// --- faults
const faultLog = [];
let redisMemPeak = 0;
async function faultDriver() {
  const created = async () => (await gwGet("/__stats")).created;
  const whenCreated = async (n) => {
    while ((await created()) < n) await sleep(100);
  };
  if (FAULT === "kill-submit") {
    await whenCreated(300);
    faultLog.push(await killRandom(2));
    await whenCreated(1200);
    faultLog.push(await killRandom(2));
  } else if (FAULT === "kill-wait") {
    await whenCreated(JOBS);
    await sleep(8000);
    faultLog.push(await killRandom(2));
  } else if (FAULT === "kill-repeat") {
    await whenCreated(300);
    for (let k = 0; k < 7; k++) {
      faultLog.push(await killRandom(1));
      await sleep(12000);
    }
  } else if (FAULT === "redis-restart") {
    await whenCreated(800);
    log("redis SHUTDOWN");
    spawnSync("redis-cli", ["-p", String(redisPort), "SHUTDOWN"]);
    await exited(redisProc);
    await sleep(3000);
    redisProc = await startRedis();
    log("redis back");
    faultLog.push("redis restart, ~3 s down, appendonly yes");
  } else if (FAULT === "outage") {
    await whenCreated(Number(process.env.FAULT_AT ?? 600));
    await gwFault({ mode: "outage", ms: 10000, scope: "all" });
    log("gateway outage 10 s");
    faultLog.push("10 s: 5xx (500/502/503/504) or hang-then-drop, nothing created");
  } else if (FAULT === "cut") {
    await whenCreated(600);
    await gwFault({ mode: "cut", ms: 10000, scope: "submit" });
    log("cut replies 10 s");
    faultLog.push("10 s: submissions created (paid), connection cut before the answer");
  } else if (FAULT === "deploy") {
    await whenCreated(Number(process.env.FAULT_AT ?? 600));
    for (let round = 1; round <= 2; round++) {
      for (const [name, child] of live()) {
        child.kill("SIGTERM");
        await exited(child);
        log(`deploy ${round}: SIGTERM ${name} (shutdown), exited`);
        await startWorker();
      }
      await sleep(5000);
    }
    faultLog.push("two rolling restarts of every worker (SIGTERM: shutdown())");
  } else if (FAULT === "stop") {
    await whenCreated(Number(process.env.STOP_AT ?? 600));
    const [name, child] = live()[0];
    const pause = Number(process.env.PAUSE ?? 65000);
    child.kill("SIGSTOP");
    log(`SIGSTOP ${name} for ${pause} ms`);
    await sleep(pause);
    child.kill("SIGCONT");
    log(`SIGCONT ${name}`);
    faultLog.push(`SIGSTOP ${name} ${pause} ms`);
  }
}
let faultDoneAt;
const _driver = faultDriver()
  .catch((e) => log("fault driver", e))
  .then(() => {
    faultDoneAt = Date.now();
  });
// After a paused worker resumes, what it sends late is part of the outcome: keep counting a while.
const GRACE = FAULT === "stop" ? 20000 : 0;

// --- wait for drain
const timeline = [];
let drainedAt;
for (;;) {
  await sleep(1000);
  let c;
  try {
    c = await gen.queue.getJobCounts("completed", "failed", "active", "wait", "delayed", "prioritized");
  } catch {
    continue;
  }
  try {
    const m = await admin.info("memory");
    redisMemPeak = Math.max(redisMemPeak, Number(/used_memory:(\d+)/.exec(m)[1]));
  } catch {}
  const t = (Date.now() - T0) / 1000;
  timeline.push([+t.toFixed(0), c.completed, c.failed, c.active, c.wait, c.delayed]);
  if (timeline.length % 10 === 0) log(JSON.stringify(c));
  if (nextAdd >= JOBS && c.completed + c.failed >= JOBS) drainedAt ??= t;
  if (drainedAt !== undefined && faultDoneAt && Date.now() - faultDoneAt >= GRACE) break;
  if (drainedAt !== undefined && c.completed + c.failed < JOBS) drainedAt = undefined;
  if (Date.now() - T0 > DEADLINE) break;
}
await adding;

// --- collect
const paid = await gwGet("/__paid");
const gwStats = await gwGet("/__stats");
const tasks = await gwGet("/__tasks");
const taskTag = new Map(tasks.map((t) => [t.id, t.tag]));
const reasons = {};
let completed = 0,
  failed = 0,
  stuck = 0,
  missing = 0,
  wrongResult = 0,
  paidFailed = 0,
  unpaidFailed = 0;
const stuckStates = {};
for (let i = 0; i < JOBS; i++) {
  const job = await gen.queue.getJob(`j-${i}`);
  const n = paid.paidByTag[`j-${i}`] ?? 0;
  if (!job) {
    missing++;
    continue;
  }
  const state = await job.getState();
  if (state === "completed") {
    completed++;
    if (taskTag.get(job.returnvalue?.id) !== `j-${i}`) wrongResult++;
  } else if (state === "failed") {
    failed++;
    const r = String(job.failedReason)
      .replace(/job j-\d+/, "job J")
      .replace(/at \S+Z/, "at T")
      .slice(0, 70);
    reasons[r] = (reasons[r] ?? 0) + 1;
    if (n > 0) paidFailed++;
    else unpaidFailed++;
  } else {
    stuck++;
    stuckStates[state] = (stuckStates[state] ?? 0) + 1;
  }
}
const paidTwice = Object.values(paid.paidByTag).filter((n) => n > 1).length;
// Paid tasks no job holds a handle to (nobody can fetch their result).
const handled = new Set();
let stalledJobs = 0;
for (let i = 0; i < JOBS; i++) {
  const job = await gen.queue.getJob(`j-${i}`);
  if (job?.data?.task?.id) handled.add(job.data.task.id);
  if (job?.returnvalue?.id) handled.add(job.returnvalue.id);
  if (job?.stalledCounter > 0) stalledJobs++;
}
const orphans = tasks.filter((t) => /^j-\d+$/.test(t.tag ?? "") && !handled.has(t.id));
const orphanKinds = {};
for (const t of orphans) orphanKinds[t.kind] = (orphanKinds[t.kind] ?? 0) + 1;
const twiceDetail = [];
for (const [tag, n] of Object.entries(paid.paidByTag)) {
  if (n < 2) continue;
  const job = await gen.queue.getJob(tag);
  twiceDetail.push({
    job: tag,
    op: job?.name,
    state: await job?.getState(),
    stalledCounter: job?.stalledCounter,
    attemptsStarted: job?.attemptsStarted,
    processedBy: job?.processedBy,
    dataTask: job?.data?.task?.id,
    result: job?.returnvalue?.id,
    failed: job?.failedReason?.slice(0, 60),
    tasks: tasks.filter((t) => t.tag === tag).map((t) => `${t.id}@${((t.created - T0) / 1000).toFixed(1)}s`),
  });
}
const extraPaid = Object.values(paid.paidByTag).reduce((a, n) => a + Math.max(0, n - 1), 0);
const mem = await admin.info("memory");
const cmd = await admin.info("commandstats");
let redisCalls = 0;
for (const [, name, n] of cmd.matchAll(/^cmdstat_(\w+):calls=(\d+)/gm))
  if (name !== "info") redisCalls += Number(n);
const wstats = {};
const metrics = {};
for (const name of workers.keys()) {
  try {
    const s = JSON.parse(readFileSync(join(OUTDIR, `w-${name}.json`)));
    for (const [k, v] of Object.entries(s.metrics ?? {})) metrics[k] = (metrics[k] ?? 0) + v;
    for (const k of ["lockRenewalFailed", "stalled", "completed"]) wstats[k] = (wstats[k] ?? 0) + s[k];
    for (const [k, v] of Object.entries(s.errors)) wstats[`err: ${k}`] = (wstats[`err: ${k}`] ?? 0) + v;
    for (const [k, v] of Object.entries(s.warn)) wstats[`warn: ${k}`] = (wstats[`warn: ${k}`] ?? 0) + v;
  } catch {}
}
const out = {
  fault: FAULT,
  jobs: JOBS,
  workers: WORKERS,
  conc: CONC,
  faultLog,
  completed,
  failed,
  stuck,
  stuckStates,
  missing,
  lost: stuck + missing,
  paidTwiceJobs: paidTwice,
  extraPaidSubmissions: extraPaid,
  twiceDetail,
  paidFailed,
  unpaidFailed,
  wrongResult,
  paidWithoutHandle: orphans.length,
  stalledJobs,
  paidWithoutHandleByKind: orphanKinds,
  metrics,
  load1: (await import("node:os")).loadavg()[0].toFixed(1),
  reasons,
  drainS: drainedAt ?? `>${(DEADLINE / 1000).toFixed(0)} (not drained)`,
  gwCreated: gwStats.created,
  gwSubmissionsReceived: gwStats.submissions,
  gwPolls: gwStats.polls,
  gwBatchPolls: gwStats.batchPolls,
  gwSinglePolls: gwStats.singlePolls,
  gwCut: gwStats.cut,
  gwFaulted: gwStats.faulted,
  gwByRoute: gwStats.byRoute,
  gwPeakRps: Math.max(...Object.values(gwStats.perSecond)),
  gwPerSecond: gwStats.perSecond,
  redisUsedMB: +(Number(/used_memory:(\d+)/.exec(mem)[1]) / 2 ** 20).toFixed(1),
  redisPeakMB: +(redisMemPeak / 2 ** 20).toFixed(1),
  redisCallsPerJob: +(redisCalls / JOBS).toFixed(0),
  addErrors,
  workerStats: wstats,
  timeline: timeline.filter((_, i) => i % 5 === 0),
};
console.log(JSON.stringify(out));

// --- cleanup: only what we started, by PID
for (const [, child] of workers) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGCONT");
    child.kill("SIGTERM");
  }
}
await Promise.race([Promise.all([...workers.values()].map(exited)), sleep(5000)]);
for (const [, child] of workers)
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
await gen.close().catch(() => {});
admin.disconnect();
gwProc.kill("SIGTERM");
redisProc.kill("SIGKILL");
await exited(redisProc);
rmSync(redisDir, { recursive: true, force: true });
rmSync(OUTDIR, { recursive: true, force: true });
process.exit(0);
