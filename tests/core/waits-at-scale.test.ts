/**
 * One process waiting on many tasks (the scale review's S6-S10): the client's polls are capped and
 * spread, music polls meet in shared rounds however the waits were started, a Task keeps no
 * Response, coalescing is linear in its waiters, and an outage does not turn batches into single
 * queries. Fake clocks and counted requests: nothing here depends on the machine's speed.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BatchReader } from "../../src/core/tasks/batch-reader.js";
import { serving } from "../support/index.js";

afterEach(() => {
  vi.useRealTimers();
});

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** A music record as relays send it: running until its `polls`-th poll, then succeeded. */
const musicRecord = (id: string, done: boolean) => ({
  task_id: id,
  action: "MUSIC",
  status: done ? "SUCCESS" : "IN_PROGRESS",
  progress: done ? "100%" : "50%",
  data: done ? [{ id: `clip-${id}`, status: "complete" }] : [],
});

/** A gateway of music tasks that succeed at their `steps`-th read, batch and single reads alike. */
function musicGateway(steps: number, batchStatus = () => 200) {
  const reads = new Map<string, number>();
  const read = (id: string) => {
    const n = (reads.get(id) ?? 0) + 1;
    reads.set(id, n);
    return musicRecord(id, n >= steps);
  };
  const counts = { batches: 0, singles: 0, failedBatches: 0 };
  const { gw } = serving(async (url, init) => {
    if (init.method === "POST") {
      const status = batchStatus();
      if (status !== 200) {
        counts.failedBatches++;
        return json({ error: { message: "bad gateway" } }, status);
      }
      counts.batches++;
      const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
      return json({ code: "success", message: "", data: ids.map(read) });
    }
    counts.singles++;
    return json({ code: "success", message: "", data: read(url.split("/").pop()!) });
  });
  return { gw, counts };
}

describe("S6: one client's polls", () => {
  it("S6: 300 video waits keep at most 128 queries in flight, and all finish", async () => {
    let inFlight = 0;
    let most = 0;
    const polls = new Map<string, number>();
    const { gw } = serving(async (url) => {
      const id = url.split("/").pop()!;
      const n = (polls.get(id) ?? 0) + 1;
      polls.set(id, n);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return json({ task_id: id, status: n >= 2 ? "SUCCESS" : "IN_PROGRESS", data: { output: "u" } });
    });
    const ids = Array.from({ length: 300 }, (_, i) => `v-${i}`);
    const done = await Promise.all(ids.map((id) => gw.videos.wait(id, { interval: 10 })));
    expect(done.every((s) => s.status === "succeeded")).toBe(true);
    expect(most).toBeLessThanOrEqual(128);
    expect(most).toBeGreaterThan(1);
  });

  it("S6: video waits started together do not poll in step (each sleep is jittered)", async () => {
    vi.useFakeTimers();
    const second = new Map<string, number>();
    const polls = new Map<string, number>();
    const { gw } = serving((url) => {
      const id = url.split("/").pop()!;
      const n = (polls.get(id) ?? 0) + 1;
      polls.set(id, n);
      if (n === 2) second.set(id, Date.now());
      return json({ task_id: id, status: n >= 2 ? "SUCCESS" : "IN_PROGRESS", data: { output: "u" } });
    });
    const waits = Array.from({ length: 40 }, (_, i) => gw.videos.wait(`v-${i}`, { interval: 1000 }));
    await vi.runAllTimersAsync();
    await Promise.all(waits);
    const times = [...second.values()];
    expect(times).toHaveLength(40);
    // Without jitter every second poll falls at the same millisecond.
    expect(new Set(times).size).toBeGreaterThan(20);
    const start = Math.min(...times);
    expect(Math.max(...times) - start).toBeGreaterThan(100);
  });
});

describe("S7: music waits of a plain client, started over time", () => {
  it("S7: 50 waits started 20 ms apart share batch rounds instead of polling one by one", async () => {
    vi.useFakeTimers();
    const { gw, counts } = musicGateway(5);
    const waits: Array<Promise<unknown>> = [];
    for (let i = 0; i < 50; i++) {
      waits.push(gw.musicgen.wait(`m-${i}`));
      await vi.advanceTimersByTimeAsync(20);
    }
    await vi.runAllTimersAsync();
    const done = (await Promise.all(waits)) as Array<{ status: string }>;
    expect(done.every((s) => s.status === "succeeded")).toBe(true);
    // 5 reads per task; a 10 ms window paid 1.45 requests per task at this rate (singles mostly).
    const perTask = (counts.batches + counts.singles) / 50;
    expect({ perTask: perTask <= 0.5, singles: counts.singles }).toEqual({ perTask: true, singles: 0 });
  });
});

describe("S8: what a waiting Task keeps", () => {
  it("S8: a submitted Task holds no Response (nor the answer around it)", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    let sent: WeakRef<Response> | undefined;
    const { gw } = serving(() => {
      const response = json({ task_id: "v-1" });
      sent = new WeakRef(response);
      return response;
    });
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "a boat", duration: 5 });
    for (let i = 0; i < 5 && sent?.deref(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      gc();
    }
    expect(task.id).toBe("v-1");
    expect(sent?.deref()).toBeUndefined();
  });

  it("S8: its succeeded snapshot still carries the submission's cost (its withResponse() read), counted once", async () => {
    const { gw } = serving((_, init) =>
      init.method === "POST"
        ? json({ task_id: "v-2" })
        : json({ task_id: "v-2", status: "SUCCESS", data: { output: "u" } }),
    );
    const submitted = gw.videos.create({ model: "vidA-2.5", prompt: "a boat", duration: 5 });
    const task = await submitted;
    const { cost } = await submitted.withResponse();
    const snapshot = await task.wait({ interval: 1 });
    expect(snapshot.cost).toEqual(cost);
    expect(cost?.total).toBeGreaterThan(0);
    expect(gw.costs.calls).toBe(1);
  });
});

describe("S9: coalescing many waiters", () => {
  /** Calls of the scans a quadratic reader makes (a filter or a Set lookup per waiter, per chunk or abort). */
  function countScans() {
    let calls = 0;
    const filter = Array.prototype.filter;
    const has = Set.prototype.has;
    Array.prototype.filter = function (this: unknown[], ...args: Parameters<typeof filter>) {
      calls += this.length;
      return filter.apply(this, args);
    } as typeof filter;
    Set.prototype.has = function (this: Set<unknown>, value: unknown) {
      calls++;
      return has.call(this, value);
    };
    return {
      get calls() {
        return calls;
      },
      restore() {
        Array.prototype.filter = filter;
        Set.prototype.has = has;
      },
    };
  }

  const idOf = (record: unknown) => (record as { id: string }).id;
  const W = 5000;

  it("S9: one flush of 5,000 waiters is linear in them", async () => {
    const reader = new BatchReader(async (ids) => ids.map((id) => ({ id })), idOf, 50);
    const scans = countScans();
    try {
      const reads = Array.from({ length: W }, (_, i) => reader.read(`t${i}`));
      const records = await Promise.all(reads);
      expect(records[W - 1]).toEqual({ id: `t${W - 1}` });
    } finally {
      scans.restore();
    }
    // A scan per chunk of 50 visits 5,000 x 100 = 500,000 waiters.
    expect(scans.calls).toBeLessThan(10 * W);
  });

  it("S9: aborting 5,000 queued waiters one by one is linear in them", async () => {
    const fetchMany = vi.fn(async (ids: string[]) => ids.map((id) => ({ id })));
    const reader = new BatchReader(fetchMany, idOf, 50, 60_000);
    const controllers = Array.from({ length: W }, () => new AbortController());
    const reads = controllers.map((c, i) => reader.read(`t${i}`, c.signal, 60_000).catch(() => "aborted"));
    const scans = countScans();
    try {
      for (const controller of controllers) controller.abort();
    } finally {
      scans.restore();
    }
    expect(await Promise.all(reads)).toEqual(Array(W).fill("aborted"));
    expect(fetchMany).not.toHaveBeenCalled();
    // Filtering the queue per abort visits 5,000 x 2,500 waiters.
    expect(scans.calls).toBeLessThan(10 * W);
  });
});

describe("S10: a music batch failing during an outage", () => {
  it("S10: a 502 skips the round; the waits stay batched and never fan out into single queries", async () => {
    let batch = 0;
    // The first three batch rounds fail with 502, as during a gateway outage.
    const { gw, counts } = musicGateway(2, () => (++batch <= 3 ? 502 : 200));
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, i) => gw.musicgen.wait(`m-${i}`, { interval: 20, maxInterval: 20 })),
    );
    expect(done.every((s) => s.status === "succeeded")).toBe(true);
    expect(counts.failedBatches).toBeGreaterThanOrEqual(3);
    expect(counts.singles).toBe(0);
  });
});
