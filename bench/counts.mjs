// What one non-stream chat call costs in the client process, counted rather than timed: promises
// and timers created (async_hooks init events), and bytes allocated on the JS heap. Counts do not
// move with the load on the machine, so a feature that adds work to every call shows up here even
// when the wall-clock figures are within their spread.
//   node --max-semi-space-size=256 --expose-gc bench/counts.mjs <url>   (run by bench/run.mjs)
// Allocation: the heap's growth over COUNT_CALLS calls with no garbage collection in between (a
// young generation large enough to hold them all; a run during which V8 collected is measured
// again), divided by the calls. It includes what fetch (undici) allocates, for every contender alike.
// Prints one JSON object: { [contender]: { promises, timers, bytes } } per call.
import { createHook } from "node:async_hooks";
import { PerformanceObserver } from "node:perf_hooks";
import { chatContenders } from "./chat-contenders.mjs";

const url = process.argv[2];
const CALLS = Number(process.env.COUNT_CALLS ?? 200);
const { chat: contenders } = chatContenders(url);

const counted = { promises: 0, timers: 0 };
const hook = createHook({
  init(_id, type) {
    if (type === "PROMISE") counted.promises++;
    else if (type === "Timeout") counted.timers++;
  },
});

let collections = 0;
new PerformanceObserver((list) => {
  collections += list.getEntries().length;
}).observe({ entryTypes: ["gc"] });

async function counts(fn) {
  counted.promises = 0;
  counted.timers = 0;
  hook.enable();
  for (let i = 0; i < CALLS; i++) await fn();
  hook.disable();
  return { promises: counted.promises / CALLS, timers: counted.timers / CALLS };
}

async function bytes(fn) {
  for (let attempt = 0; attempt < 5; attempt++) {
    globalThis.gc();
    // The observer reports collections a tick late: let the forced one arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const before = process.memoryUsage().heapUsed;
    const seen = collections;
    for (let i = 0; i < CALLS; i++) await fn();
    const grown = process.memoryUsage().heapUsed - before;
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (collections === seen) return grown / CALLS;
  }
  return Number.NaN;
}

for (const fn of Object.values(contenders)) for (let i = 0; i < 300; i++) await fn();
const out = {};
for (const [name, fn] of Object.entries(contenders)) out[name] = await counts(fn);
for (const [name, fn] of Object.entries(contenders)) out[name].bytes = await bytes(fn);
process.stdout.write(`${JSON.stringify(out)}\n`);
