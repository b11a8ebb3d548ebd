/**
 * A wait keeps polling through transient failures: 5xx, connection errors and
 * unusable bodies are reported and backed off, never fatal. Only its own timeout, the signal, an
 * auth/permission error, "no such task" or a terminal state end it. A record for another task is
 * never taken for this one.
 */
import { describe, expect, it, onTestFinished, vi } from "vitest";
import {
  APIUserAbortError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  TaskFailedError,
  TaskTimeoutError,
} from "../../src/index.js";
import { serving } from "../support/index.js";

const json = (body: unknown, status = 200) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
const record = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  code: "success",
  message: "",
  data: { task_id: id, action: "MUSIC", status, progress: "50%", data: [], ...extra },
});
const fast = { interval: 1, maxInterval: 5 };

function logged() {
  const lines: string[] = [];
  const logger = { error() {}, warn: (m: string) => lines.push(m), info() {}, debug() {} };
  return { lines, options: { logLevel: "warn" as const, logger } };
}

describe("a wait through transient failures", () => {
  it("keeps polling through 5xx, connection errors and unusable 200s, reporting each", async () => {
    const { lines, options } = logged();
    const faults: Array<() => Response> = [
      ...Array.from(
        { length: 8 },
        (_, i) => () => json({ error: { message: "busy" } }, [500, 502, 503, 504][i % 4]),
      ),
      () => json("null"),
      () => json(""),
      () => json("{not json"),
      () => json({ code: "success", data: "x" }),
      () => {
        throw new TypeError("fetch failed");
      },
      () => json(record("a", "IN_PROGRESS")),
    ];
    const { gw, calls } = serving(
      (_, __, n) => (faults[n - 1] ?? (() => json(record("a", "SUCCESS"))))(),
      options,
    );
    const seen: string[] = [];
    const snapshot = await gw.musicgen.wait("a", {
      ...fast,
      timeout: 10_000,
      onProgress: (s) => seen.push(s.status),
    });
    expect(snapshot.status).toBe("succeeded");
    expect(calls.length).toBe(faults.length + 1);
    expect(seen).toEqual(["running", "succeeded"]);
    expect(lines.filter((l) => /music\/a/.test(l)).length).toBeGreaterThanOrEqual(13);
    expect(lines.join("\n")).toMatch(/InternalServerError|ServiceUnavailableError/);
    expect(lines.join("\n")).toMatch(/MalformedResponseError/);
    expect(lines.join("\n")).toMatch(/APIConnectionError/);
  });

  it("backs off up to maxInterval between failed polls (fake clock: a loaded machine delays no poll)", async () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const stamps: number[] = [];
    const { gw } = serving((_, __, n) => {
      stamps.push(Date.now());
      return n < 6 ? json({}, 500) : json(record("a", "SUCCESS"));
    });
    const waiting = gw.musicgen.wait("a", { interval: 20, maxInterval: 40, timeout: 5_000 });
    await vi.runAllTimersAsync();
    await waiting;
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    expect(Math.max(...gaps)).toBeLessThan(200);
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(35);
  });

  it("ends on its own timeout with TaskTimeoutError naming the task", async () => {
    const { gw } = serving(() => json({}, 503));
    const started = Date.now();
    const error = await gw.musicgen.wait("a", { ...fast, timeout: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskTimeoutError);
    expect((error as TaskTimeoutError).task).toEqual({ kind: "music", id: "a" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("ends on the signal with APIUserAbortError", async () => {
    const { gw } = serving(() => json({}, 503));
    const error = await gw.musicgen
      .wait("a", { ...fast, signal: AbortSignal.timeout(100) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });
});

describe("what ends a wait at once", () => {
  it.each([
    ["401", () => json({ error: { message: "bad key" } }, 401), AuthenticationError],
    ["403", () => json({ error: { message: "no" } }, 403), PermissionDeniedError],
    ["404", () => json({ error: { message: "gone" } }, 404), NotFoundError],
    [
      "400 task_not_exist",
      () => json({ code: "task_not_exist", message: "task_not_exist", data: null }, 400),
      NotFoundError,
    ],
  ] as const)("%s", async (_, answer, type) => {
    const { gw, calls } = serving(answer);
    const error = await gw.musicgen.wait("a", { ...fast, timeout: 5_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect(calls).toHaveLength(1);
  });

  it("a failed state: TaskFailedError", async () => {
    const { gw } = serving(() => json(record("a", "FAILURE", { fail_reason: "bad prompt" })));
    const error = await gw.musicgen.wait("a", fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskFailedError);
  });
});

describe("a record for another task", () => {
  it("wait(A) never resolves with B's record", async () => {
    const { gw } = serving(() => json(record("b", "SUCCESS")));
    const error = await gw.musicgen.wait("a", { ...fast, timeout: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskTimeoutError);
  });

  it("retrieve(A) refuses B's record", async () => {
    const { gw } = serving(() => json(record("b", "SUCCESS")));
    const error = await gw.tasks.retrieve({ kind: "music", id: "a" }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("MalformedResponseError");
    expect((error as Error).message).toMatch(/"b"/);
  });
});
