// BatchReader (src/core/tasks/poll.ts) in isolation: W waiters in one window, a fetchMany that
// answers at once. Measures the synchronous cost of one flush (an event-loop block) and of W aborts.
import { BatchReader } from "../../src/core/tasks/batch-reader.js";

const realSetTimeout = globalThis.setTimeout;
async function flushCost(W: number, max = 50) {
  let syncMs = 0;
  const reader = new BatchReader(
    async (ids: string[]) => ids.map((id) => ({ id })),
    (r: unknown) => (r as { id: string }).id,
    max,
    5,
  );
  (globalThis as any).setTimeout = (fn: () => void, ms: number) =>
    realSetTimeout(() => {
      const t = performance.now();
      fn();
      syncMs = performance.now() - t;
    }, ms);
  const reads: Promise<unknown>[] = [];
  for (let i = 0; i < W; i++) reads.push(reader.read(`t${i}`));
  globalThis.setTimeout = realSetTimeout;
  await Promise.all(reads);
  return syncMs;
}

async function abortCost(W: number) {
  const reader = new BatchReader(
    async (ids: string[]) => ids.map((id) => ({ id })),
    (r: unknown) => (r as { id: string }).id,
    50,
    60_000,
  );
  const controllers = Array.from({ length: W }, () => new AbortController());
  const reads = controllers.map((c, i) => reader.read(`t${i}`, c.signal).catch(() => undefined));
  const t = performance.now();
  for (const c of controllers) c.abort();
  const ms = performance.now() - t;
  await Promise.all(reads);
  return ms;
}

for (const W of (process.env.WS ?? "1000,5000,20000,50000").split(",").map(Number)) {
  const f = [];
  for (let k = 0; k < 3; k++) f.push(+(await flushCost(W)).toFixed(1));
  const a = process.env.NOABORT ? null : +(await abortCost(W)).toFixed(1);
  console.log(JSON.stringify({ W, chunks: Math.ceil(W / 50), flushSyncMs: f, abortAllMs: a }));
}
