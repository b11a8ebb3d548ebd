/**
 * A wait after a paid submission: the caller's onProgress is isolated (a throw or a rejection is
 * logged and the wait goes on, never an unhandled rejection), and every error that ends the wait
 * names the paid task, whatever ended it (adversarial review E7, E8).
 */
import { afterEach, describe, expect, it } from "vitest";
import { APIUserAbortError, AuthenticationError, TaskTimeoutError } from "../../src/index.js";
import { serving } from "../support/index.js";

const json = (body: unknown, status = 200) => Response.json(body, { status });
const params = { model: "vidA-2.5" as const, prompt: "a boat", duration: 5 as const };

/** A video task `paid-task-42` that runs for `steps` polls; `expired` makes every later query a 401. */
function videoGateway(steps = 3) {
  let polls = 0;
  const state = { expired: false };
  const lines: string[] = [];
  const { gw } = serving(
    (_, init) => {
      if (init.method === "POST") return json({ task_id: "paid-task-42" });
      if (state.expired) return json({ error: { message: "key expired", code: 10003 } }, 401);
      polls++;
      const done = polls >= steps;
      return json({
        task_id: "paid-task-42",
        status: done ? "SUCCESS" : "IN_PROGRESS",
        progress: done ? "100%" : `${polls * 10}%`,
        data: done ? { output: "https://cdn.example/v.mp4" } : null,
      });
    },
    {
      logLevel: "warn",
      logger: { error() {}, warn: (line: string) => lines.push(line), info() {}, debug() {} },
    },
  );
  return { gw, state, lines };
}

describe("E7: a failing onProgress", () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off("unhandledRejection", onUnhandled);
    unhandled.length = 0;
  });

  it("E7: an async onProgress that rejects is logged; the wait goes on and resolves, with no unhandled rejection", async () => {
    process.on("unhandledRejection", onUnhandled);
    const { gw, lines } = videoGateway();
    let saves = 0;
    const done = await gw.videos.createAndWait(params, {
      interval: 5,
      onProgress: async () => {
        if (++saves === 1) throw new Error("db blip");
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done.status).toBe("succeeded");
    expect(saves).toBe(3);
    expect(unhandled).toEqual([]);
    expect(lines.some((line) => line.includes("onProgress failed (Error: db blip); ignored"))).toBe(true);
  });

  it("E7: an onProgress that throws is logged the same way, and does not end the wait", async () => {
    const { gw, lines } = videoGateway();
    const task = await gw.videos.create(params);
    const done = await task.wait({
      interval: 5,
      onProgress: (snapshot) => {
        if (snapshot.status !== "succeeded") throw new Error("render failed");
      },
    });
    expect(done.status).toBe("succeeded");
    expect(lines.filter((line) => line.includes("onProgress failed (Error: render failed)"))).toHaveLength(2);
  });
});

describe("E8: every error that ends a wait after a paid submission names the task", () => {
  const named = (error: unknown) => {
    const e = error as Error & { task?: unknown };
    return { task: e.task, inMessage: e.message.includes("paid-task-42") };
  };
  const task = { kind: "video", id: "paid-task-42" };

  it("E8: createAndWait ended by the caller's signal: APIUserAbortError with the task", async () => {
    const { gw } = videoGateway(1_000);
    const error = await gw.videos
      .createAndWait(params, { interval: 10, signal: AbortSignal.timeout(100) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(named(error)).toEqual({ task, inMessage: true });
  });

  it("E8: createAndWait ended by a key that expired mid-wait: AuthenticationError with the task", async () => {
    const { gw, state } = videoGateway(1_000);
    const waiting = gw.videos.createAndWait(params, { interval: 10 }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 40));
    state.expired = true;
    const error = await waiting;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(named(error)).toEqual({ task, inMessage: true });
    expect(JSON.parse(JSON.stringify(error)).task).toEqual(task);
  });

  it("E8: gw.tasks.wait and task.wait name it too; a timeout keeps its own message", async () => {
    const { gw } = videoGateway(1_000);
    const aborted = await gw.tasks
      .wait(task, { interval: 10, signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(named(aborted)).toEqual({ task, inMessage: true });
    const timedOut = await gw.tasks
      .get(task)
      .wait({ interval: 10, timeout: 30 })
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(TaskTimeoutError);
    expect((timedOut as Error).message).toMatch(
      /^Task video\/paid-task-42 did not finish within 30 ms; resume it/,
    );
    expect(named(timedOut)).toEqual({ task, inMessage: true });
  });
});
