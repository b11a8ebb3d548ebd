// Part 1: N concurrent video or music tasks waited on in ONE process, against fakegw.mjs. Adapted
// from the scale review's harness (shared/reviews/scale-4-tools): it also reports the event-loop
// delay of the waiting phase alone (after the last submission) and, run with --expose-gc, the heap
// each pending wait holds (heap after a full GC once every task is submitted, over the waits left).
// MODE: sdk (task.wait, defaults), sdk-round (batch window = 1000 ms, what a queue worker sets),
// naive (each task polled alone with gw.tasks.retrieve on the SDK's schedule), best (music: one
// poller, every ROUND ms ceil(waiting/50) batch requests).
import { fork } from "node:child_process";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import Genway from "genway";

const URL_ = process.env.URL;
const N = Number(process.env.N ?? 1000);
const KIND = process.env.KIND ?? "video";
const MODE = process.env.MODE ?? "sdk";
const SUBMIT_CONC = Number(process.env.SUBMIT_CONC ?? 200);
const SUBMIT_RATE = Number(process.env.SUBMIT_RATE ?? 0); // per second; 0 = as fast as SUBMIT_CONC allows
const ROUND = Number(process.env.ROUND ?? 2000);
const gw = new Genway({ baseURL: URL_, apiKey: "k", prices: "spec", logLevel: "off" });
if (MODE === "sdk-round") gw.taskRegistry.batchWindow = 1000;

const stats0 = await (await fetch(`${URL_}/__stats`)).json();
// An idle sibling process measures what the machine's contention alone does to an event loop.
const probe = fork(new URL("./eld-probe.mjs", import.meta.url));
await new Promise((r) => probe.once("message", r));

if (typeof globalThis.gc === "function") globalThis.gc();
const heap0 = process.memoryUsage().heapUsed;
const eld = monitorEventLoopDelay({ resolution: 10 });
eld.enable();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let peakRss = 0,
  peakHeap = 0;
const sampler = setInterval(() => {
  let m;
  try {
    m = process.memoryUsage();
  } catch {
    return;
  } // EMFILE under a low ulimit -n
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 250);

// GC pauses, and event-loop blocks over 250 ms (when, and whether submissions were still going)
let gcTotal = 0,
  gcMax = 0,
  gcCount = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcTotal += e.duration;
    gcMax = Math.max(gcMax, e.duration);
    gcCount++;
  }
}).observe({ entryTypes: ["gc"] });
const blocks = [];
let lastTick = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  const late = now - lastTick - 100;
  if (late > 250)
    blocks.push([
      +((lastTick - t0) / 1000).toFixed(1),
      Math.round(late),
      submitted < N ? "submitting" : "waiting",
    ]);
  lastTick = now;
}, 100);
const lags = [];
const finishOf = (raw) => raw?.finish_ms ?? raw?.data?.finish_ms;
const seen = (snap) => {
  const f = finishOf(snap.raw);
  if (f) lags.push(Date.now() - f);
};

async function submit(i) {
  if (KIND === "video") return gw.videos.create({ model: "vidA-2.5", prompt: `a cat #j-${i}`, duration: 5 });
  return gw.musicgen.submit.music({ gpt_description_prompt: `a song #j-${i}` });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function naiveWait(ref) {
  let delay = 2000;
  for (;;) {
    const snap = await gw.tasks.retrieve(ref).catch(() => undefined);
    if (snap?.status === "succeeded" || snap?.status === "failed") return snap;
    await sleep(delay);
    delay = Math.min(delay * 1.5, 15000);
  }
}

// best: one central poller over every waiting music id
const waiting = new Map(); // id -> resolve
let _poller;
function bestWait(ref) {
  return new Promise((resolve) => waiting.set(ref.id, resolve));
}
async function bestLoop() {
  for (;;) {
    const ids = [...waiting.keys()];
    const chunks = [];
    for (let i = 0; i < ids.length; i += 50) chunks.push(ids.slice(i, i + 50));
    await Promise.all(
      chunks.map(async (chunk) => {
        const snaps = await gw.musicgen.fetchMany(chunk, "MUSIC").catch(() => []);
        for (const s of snaps) {
          if (s.status === "succeeded" || s.status === "failed") {
            const r = waiting.get(s.id);
            if (r) {
              waiting.delete(s.id);
              r(s);
            }
          }
        }
      }),
    );
    if (stopBest) return;
    await sleep(ROUND);
  }
}
let stopBest = false;
if (MODE === "best") _poller = bestLoop();

let errors = 0;
const errorKinds = {};
let submitted = 0;
let submitErrors = 0;
let tSubmitted = 0;
const waits = [];
let next = 0;
async function lane() {
  for (;;) {
    const i = next++;
    if (i >= N) return;
    if (SUBMIT_RATE > 0) {
      const due = t0 + (i / SUBMIT_RATE) * 1000;
      const now = performance.now();
      if (due > now) await sleep(due - now);
    }
    let task;
    try {
      task = await submit(i);
    } catch (e) {
      submitErrors++;
      const k = `${e?.constructor?.name}: ${String(e?.message).slice(0, 80)}`;
      errorKinds[k] = (errorKinds[k] ?? 0) + 1;
      continue;
    }
    submitted++;
    if (submitted === N) {
      tSubmitted = performance.now();
      waitingPhase();
    }
    const ref = task.toJSON();
    const w = MODE === "naive" ? naiveWait(ref) : MODE === "best" ? bestWait(ref) : task.wait();
    waits.push(
      w.then(
        (snap) => {
          finished++;
          seen(snap);
        },
        (e) => {
          errors++;
          errorKinds[`${e?.constructor?.name}: ${String(e?.message).slice(0, 60)}`] =
            (errorKinds[`${e?.constructor?.name}: ${String(e?.message).slice(0, 60)}`] ?? 0) + 1;
        },
      ),
    );
  }
}
// The waiting phase: its own event-loop histogram, and the heap per pending wait after a full GC.
const eldWait = monitorEventLoopDelay({ resolution: 10 });
let heapPerWait;
function waitingPhase() {
  eldWait.enable();
  if (typeof globalThis.gc === "function") {
    globalThis.gc();
    const pending = N - finished - errors;
    heapPerWait = { pending, kb: +((process.memoryUsage().heapUsed - heap0) / pending / 1024).toFixed(2) };
  }
}
// A run stops at DEADLINE_S (the machine's budget per run) and reports what it measured so far.
const DEADLINE_S = Number(process.env.DEADLINE_S ?? 175);
let finished = 0;
let partial = false;
const all = (async () => {
  await Promise.all(Array.from({ length: SUBMIT_CONC }, lane));
  await Promise.all(waits);
})();
await Promise.race([
  all,
  sleep(DEADLINE_S * 1000).then(() => {
    partial = true;
  }),
]);
stopBest = true;
const t1 = performance.now();
clearInterval(sampler);
clearInterval(ticker);
eld.disable();
eldWait.disable();
const cpu = process.cpuUsage(cpu0);
const stats1 = await (await fetch(`${URL_}/__stats`)).json();
probe.send("report");
const probeEld = await new Promise((r) => probe.once("message", r));
probe.kill();

const d = (k) => stats1[k] - stats0[k];
const secs = Object.entries(stats1.perSecond)
  .map(([s, n]) => [Number(s), n - (stats0.perSecond[s] ?? 0)])
  .filter(([, n]) => n > 0);
const peakRps = Math.max(...secs.map(([, n]) => n));
lags.sort((a, b) => a - b);
const pct = (arr, p) => arr[Math.min(arr.length - 1, Math.floor(arr.length * p))];
const wall = (t1 - t0) / 1000;
const out = {
  kind: KIND,
  mode: MODE,
  n: N,
  partial,
  submittedAtEnd: submitted,
  finishedAtEnd: finished,
  submitRate: SUBMIT_RATE || `conc ${SUBMIT_CONC}`,
  wallS: +wall.toFixed(1),
  submitErrors,
  errorKinds,
  submitS: +((tSubmitted - t0) / 1000).toFixed(1),
  errors,
  polls: d("polls"),
  pollsPerTask: +(d("polls") / N).toFixed(2),
  singlePolls: d("singlePolls"),
  batchPolls: d("batchPolls"),
  idsPerBatch: d("batchPolls") ? +(d("batchIds") / d("batchPolls")).toFixed(1) : 0,
  gwReqs: d("requests"),
  meanRps: +(d("requests") / wall).toFixed(0),
  peakRps,
  gwMaxInFlight: stats1.maxInFlight,
  gwMaxOpenSockets: stats1.maxOpenSockets,
  gwConnections: d("connections"),
  clientCpuS: +((cpu.user + cpu.system) / 1e6).toFixed(2),
  cpuMsPerTask: +((cpu.user + cpu.system) / 1e3 / N).toFixed(2),
  gwCpuS: +((stats1.cpuMs - stats0.cpuMs) / 1000).toFixed(1),
  peakRssMB: +(peakRss / 2 ** 20).toFixed(0),
  peakHeapMB: +(peakHeap / 2 ** 20).toFixed(0),
  eldP50ms: +(eld.percentile(50) / 1e6).toFixed(1),
  eldP99ms: +(eld.percentile(99) / 1e6).toFixed(1),
  eldMaxMs: +(eld.max / 1e6).toFixed(0),
  eldWaitP50ms: +(eldWait.percentile(50) / 1e6).toFixed(1),
  eldWaitP99ms: +(eldWait.percentile(99) / 1e6).toFixed(1),
  eldWaitMaxMs: +(eldWait.max / 1e6).toFixed(0),
  heapPerWait,
  probeEldP99ms: probeEld.p99,
  probeEldMaxMs: probeEld.max,
  lagMeanS: +(lags.reduce((a, b) => a + b, 0) / lags.length / 1000).toFixed(2),
  lagP50S: +(pct(lags, 0.5) / 1000).toFixed(2),
  lagP95S: +(pct(lags, 0.95) / 1000).toFixed(2),
  gcTotalS: +(gcTotal / 1000).toFixed(2),
  gcMaxMs: Math.round(gcMax),
  gcCount,
  blocksOver250ms: blocks.length,
  blockedS: +(blocks.reduce((a, b) => a + b[1], 0) / 1000).toFixed(1),
  blocksSubmitting: blocks.filter((b) => b[2] === "submitting").length,
  worstBlocks: blocks.sort((a, b) => b[1] - a[1]).slice(0, 4),
  load1: (await import("node:os")).loadavg()[0].toFixed(1),
};
console.log(JSON.stringify(out));
process.exit(0);
