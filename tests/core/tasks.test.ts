import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMockGateway } from "../../mock/index.js";
import {
  APIUserAbortError,
  GenwayError,
  MalformedResponseError,
  TaskFailedError,
  TaskTimeoutError,
} from "../../src/core/errors/errors.js";
import { BatchReader } from "../../src/core/tasks/batch-reader.js";
import { waitFor } from "../../src/core/tasks/poll.js";
import { normalizeStatus, readTaskRecord } from "../../src/core/tasks/task-record.js";
import { snapshotOf, type TaskSnapshot } from "../../src/core/tasks/tasks.js";
import Genway from "../../src/index.js";
import { FAMILIES } from "../../src/resources/families.js";

const ref = { kind: "test", id: "t-1" };
const snap = (status: TaskSnapshot["status"], progress?: number, reason?: string): TaskSnapshot => ({
  kind: "test",
  id: "t-1",
  status,
  progress,
  result: undefined,
  reason,
  raw: {},
});

afterEach(() => {
  vi.useRealTimers();
});

describe("task records", () => {
  it("normalizes every family's states, tolerating SUBMITTED and QUEUED", () => {
    const table: Record<string, string> = {
      NOT_START: "queued",
      SUBMITTED: "queued",
      QUEUED: "queued",
      IN_PROGRESS: "running",
      SUCCESS: "succeeded",
      FAILURE: "failed",
      submitted: "queued",
      processing: "running",
      succeed: "succeeded",
      failed: "failed",
      streaming: "running",
      complete: "succeeded",
      error: "failed",
      completed: "succeeded",
      UNKNOWN: "unknown",
      "": "unknown",
    };
    for (const [state, status] of Object.entries(table))
      expect([state, normalizeStatus(state)]).toEqual([state, status]);
    expect(normalizeStatus(undefined)).toBe("unknown");
  });

  it("reads progress: '30%' -> 30, numbers as they are, clamped, else undefined", () => {
    /** The progress a task record with `progress` reads as. */
    const progress = (value: unknown) =>
      readTaskRecord({ task_id: "t", status: "IN_PROGRESS", progress: value })?.progress;
    expect(progress("30%")).toBe(30);
    expect(progress("0%")).toBe(0);
    expect(progress(45)).toBe(45);
    expect(progress("100%")).toBe(100);
    expect(progress(140)).toBe(100);
    expect(progress("")).toBeUndefined();
    expect(progress(undefined)).toBeUndefined();
    expect(progress("soon")).toBeUndefined();
  });

  it("reads the vidgen, music, unified-video and OpenAI-video shapes", () => {
    const vidgen = {
      code: 0,
      message: "SUCCEED",
      request_id: "r",
      data: { task_id: "k", task_status: "failed", task_status_msg: "bad prompt", task_result: {} },
    };
    expect(readTaskRecord(vidgen)).toMatchObject({
      id: "k",
      status: "failed",
      reason: "bad prompt",
      result: undefined,
      state: "failed",
    });
    const music = {
      code: "success",
      message: "",
      data: { task_id: "m", status: "IN_PROGRESS", progress: "50%", fail_reason: "", data: [{ id: "c" }] },
    };
    expect(readTaskRecord(music)).toMatchObject({
      id: "m",
      status: "running",
      progress: 50,
      reason: undefined,
      result: [{ id: "c" }],
    });
    const video = {
      task_id: "v",
      status: "SUCCESS",
      progress: "100%",
      fail_reason: "",
      data: { output: "u" },
    };
    expect(readTaskRecord(video)).toMatchObject({
      id: "v",
      status: "succeeded",
      progress: 100,
      result: { output: "u" },
    });
    const openai = { id: "o", object: "video", status: "failed", progress: 12, error: { message: "nope" } };
    expect(readTaskRecord(openai)).toMatchObject({ id: "o", status: "failed", progress: 12, reason: "nope" });
    expect(readTaskRecord({ code: 0, message: "SUCCEED" })).toBeUndefined();
    expect(readTaskRecord([video])).toBeUndefined();
  });

  it("never takes a terminal state from the envelope's message", () => {
    const trap = { code: 0, message: "SUCCEED", data: { task_id: "k", task_status: "processing" } };
    expect(readTaskRecord(trap)?.status).toBe("running");
    const failed = {
      code: "success",
      message: "SUCCEED",
      data: { task_id: "m", status: "FAILURE", fail_reason: "x" },
    };
    expect(readTaskRecord(failed)?.status).toBe("failed");
  });

  it("snapshotOf refuses a body without a task record", () => {
    expect(() => snapshotOf("video", { hello: 1 })).toThrow(MalformedResponseError);
    expect(snapshotOf("video", { task_id: "v", status: "QUEUED" })).toEqual({
      kind: "video",
      id: "v",
      status: "queued",
      progress: undefined,
      result: undefined,
      reason: undefined,
      raw: { task_id: "v", status: "QUEUED" },
    });
  });
});

describe("waitFor", () => {
  it("polls at once, then backs off 1.5x per poll up to maxInterval", async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const at: number[] = [];
    const states = ["queued", "running", "running", "running", "running", "succeeded"] as const;
    const waiting = waitFor(
      ref,
      async () => {
        at.push(Date.now() - start);
        return snap(states[at.length - 1]!);
      },
      { interval: 100, maxInterval: 300 },
    );
    await vi.runAllTimersAsync();
    expect((await waiting).status).toBe("succeeded");
    expect(at).toEqual([0, 100, 250, 475, 775, 1075]);
  });

  it("reports each change once, and keeps polling through unknown states", async () => {
    const states = [
      snap("queued", 0),
      snap("queued", 0),
      snap("unknown"),
      snap("running", 40),
      snap("running", 40),
      snap("succeeded", 100),
    ];
    let i = 0;
    const seen: Array<[string, number | undefined]> = [];
    const done = await waitFor(ref, async () => states[i++]!, {
      interval: 1,
      onProgress: (s) => seen.push([s.status, s.progress]),
    });
    expect(done.status).toBe("succeeded");
    expect(seen).toEqual([
      ["queued", 0],
      ["unknown", undefined],
      ["running", 40],
      ["succeeded", 100],
    ]);
  });

  it("throws TaskFailedError with the reason and the snapshot", async () => {
    const error = await waitFor(ref, async () => snap("failed", 100, "out of credits")).catch((e) => e);
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toBe("out of credits");
    expect(error.task).toEqual(ref);
    expect(error.snapshot.status).toBe("failed");
  });

  it("times out with TaskTimeoutError carrying the task and the last snapshot, even mid-poll", async () => {
    let calls = 0;
    const slow = (signal: AbortSignal) =>
      new Promise<TaskSnapshot>((resolve, reject) => {
        if (calls++ === 0) return resolve(snap("running", 10));
        signal.addEventListener("abort", () => reject(new APIUserAbortError()), { once: true });
      });
    const error = await waitFor(ref, slow, { interval: 1, timeout: 40 }).catch((e) => e);
    expect(error).toBeInstanceOf(TaskTimeoutError);
    expect(error.task).toEqual(ref);
    expect(error.snapshot).toMatchObject({ status: "running", progress: 10 });
  });

  it("aborts with APIUserAbortError, during a sleep or before starting", async () => {
    const controller = new AbortController();
    const waiting = waitFor(ref, async () => snap("running"), {
      interval: 10_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 10);
    expect(await waiting.catch((e) => e)).toBeInstanceOf(APIUserAbortError);
    const read = vi.fn(async () => snap("running"));
    expect(await waitFor(ref, read, { signal: AbortSignal.abort() }).catch((e) => e)).toBeInstanceOf(
      APIUserAbortError,
    );
    expect(read).not.toHaveBeenCalled();
  });

  it("lets a read error through", async () => {
    const boom = new Error("boom");
    expect(await waitFor(ref, async () => Promise.reject(boom)).catch((e) => e)).toBe(boom);
  });
});

describe("BatchReader", () => {
  const record = (id: string) => ({ task_id: id, status: "IN_PROGRESS" });
  const idOf = (r: unknown) => (r as { task_id: string }).task_id;

  it("gathers reads of one window into batches of at most `max` ids", async () => {
    const fetchMany = vi.fn(async (ids: string[]) => ids.filter((id) => id !== "gone").map(record));
    const reader = new BatchReader(fetchMany, idOf, 3);
    const ids = ["a", "b", "c", "d", "gone", "a"];
    const results = await Promise.all(ids.map((id) => reader.read(id)));
    expect(fetchMany.mock.calls.map(([ids]) => ids)).toEqual([
      ["a", "b", "c"],
      ["d", "gone"],
    ]);
    expect(results).toEqual([record("a"), record("b"), record("c"), record("d"), undefined, record("a")]);
  });

  it("leaves a lone read to the single query, and rejects every waiter of a failed batch", async () => {
    const fetchMany = vi.fn(async (): Promise<unknown[]> => {
      throw new Error("down");
    });
    const reader = new BatchReader(fetchMany, idOf, 10);
    expect(await reader.read("solo")).toBeUndefined();
    expect(fetchMany).not.toHaveBeenCalled();
    const results = await Promise.allSettled([reader.read("a"), reader.read("b")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });

  it("an aborted read leaves the batch without it", async () => {
    const fetchMany = vi.fn(async (ids: string[]) => ids.map(record));
    const reader = new BatchReader(fetchMany, idOf, 10);
    const controller = new AbortController();
    const gone = reader.read("x", controller.signal);
    controller.abort(new Error("stop"));
    await expect(gone).rejects.toThrow("stop");
    await Promise.all([reader.read("a"), reader.read("b")]);
    expect(fetchMany.mock.calls.map(([ids]) => ids)).toEqual([["a", "b"]]);
  });
});

describe("the registry and Task handles", () => {
  const gw = new Genway({
    apiKey: "sk-secret-task-key",
    baseURL: "http://gateway.test",
    fetch: createMockGateway().fetch,
  });

  it("knows every task kind of the family manifest, and no other", () => {
    const declared = Object.values(FAMILIES).flatMap((family) => ("kinds" in family ? family.kinds : []));
    expect(declared).toContain("video");
    expect(gw.tasks.kinds().sort()).toEqual([...declared].sort());
  });

  it("an unknown kind is a clear error naming the known ones", () => {
    expect(() => gw.tasks.get({ kind: "sora", id: "x" })).toThrow(GenwayError);
    expect(() => gw.tasks.get({ kind: "sora", id: "x" })).toThrow(
      /Unknown task kind "sora"; known kinds: video/,
    );
  });

  it("a handle serializes to {kind, id} and shows no client internals", () => {
    const task = gw.tasks.get({ kind: "video", id: "v-1" });
    expect(JSON.stringify(task)).toBe('{"kind":"video","id":"v-1"}');
    expect(inspect(task, { depth: 5 })).not.toContain("sk-secret-task-key");
    expect(inspect(task)).toContain("v-1");
  });
});
