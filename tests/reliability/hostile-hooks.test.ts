/**
 * Code of the app's that never returns, or returns the wrong thing (the third adversarial review):
 * a tool that ignores the loop's signal (D12) or honours it (D20), an onWait hook that never calls
 * next() (D13), and middleware or onWait hooks whose return value is not what the chain needs (D21).
 * Each ends in a typed error by the caller's own clocks, never in a hang or a TypeError.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  APIUserAbortError,
  defineTool,
  type Middleware,
  MiddlewareError,
  TaskTimeoutError,
} from "../../src/index.js";
import { answering, callingTool, hello, loopback, rejection } from "../support/index.js";

describe("runTools aborted while a tool runs", () => {
  it("D12: a tool that ignores its signal: the loop ends at once with APIUserAbortError, the tool abandoned", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow = defineTool({
      name: "slow",
      parameters: z.object({}),
      // A database call without a signal: it never settles.
      run: () => {
        started();
        return new Promise<string>(() => {});
      },
    });
    const { gw, sent } = answering(callingTool("slow"));
    const controller = new AbortController();
    const outcome = rejection(
      gw.chat.completions
        .runTools({ model: "m", messages: hello.messages, tools: [slow], signal: controller.signal })
        .finalContent(),
    );
    await running;
    controller.abort();
    const error = await outcome;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(error.message).toBe("The tool loop was aborted.");
    expect(sent).toHaveLength(1);
  });

  it("D20: a tool that honours its signal (fetch): APIUserAbortError, with the tool's DOMException as its cause", async () => {
    const fetcher = defineTool({
      name: "fetcher",
      parameters: z.object({}),
      run: (_, { signal }) =>
        new Promise<string>((_, reject) => {
          signal!.addEventListener("abort", () => reject(signal!.reason), { once: true });
        }),
    });
    const { gw } = answering(callingTool("fetcher"));
    const error = await rejection(
      gw.chat.completions
        .runTools({
          model: "m",
          messages: hello.messages,
          tools: [fetcher],
          signal: AbortSignal.timeout(50),
        })
        .finalContent(),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(error.cause).toBeInstanceOf(DOMException);
    expect(error.cause.name).toBe("TimeoutError");
  });
});

describe("onWait hooks under the wait's clocks", () => {
  const never: Middleware = Object.assign((request: any, next: any) => next(request), {
    // A buggy hook: awaiting a lock that never comes, next() never called.
    onWait: () => new Promise<never>(() => {}),
  });

  it("D13: a hook that never calls next() ends with the wait's TaskTimeoutError", async () => {
    const { gw, mock } = await loopback({ middleware: [never] });
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "x", duration: 5 });
    const error = await rejection(task.wait({ timeout: 100, interval: 10 }));
    expect(error).toBeInstanceOf(TaskTimeoutError);
    expect(error.task).toEqual({ kind: "video", id: task.id });
    expect(mock.requests.filter((r) => r.method === "GET")).toHaveLength(0);
  });

  it("D13: ... and with APIUserAbortError when the wait's signal aborts", async () => {
    const { gw } = await loopback({ middleware: [never] });
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "x", duration: 5 });
    const controller = new AbortController();
    const waiting = rejection(task.wait({ signal: controller.signal }));
    controller.abort();
    expect(await waiting).toBeInstanceOf(APIUserAbortError);
  });

  it("D13: a hook that gets the snapshot and then hangs is bounded too", async () => {
    const stuck: Middleware = Object.assign((request: any, next: any) => next(request), {
      onWait: async (_: unknown, next: () => Promise<unknown>) => {
        await next();
        return new Promise<never>(() => {});
      },
    });
    const { gw } = await loopback({ middleware: [stuck] }, { taskSteps: 1 });
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "x", duration: 5 });
    const error = await rejection(task.wait({ timeout: 300, interval: 5 }));
    expect(error).toBeInstanceOf(TaskTimeoutError);
    // The last snapshot the wait read is kept, as on any wait timeout.
    expect(error.snapshot?.status).toBe("succeeded");
  });
});

describe("D21: what a middleware or an onWait hook returns is checked", () => {
  it.each([
    [
      "returns undefined (forgot `return next(request)`)",
      async (r: any, next: any) => void (await next(r)),
      "undefined",
    ],
    ["returns a plain object", async () => ({ status: 200, ok: true }), "an object (Object)"],
    ["returns a string", async () => "ok", "a string"],
  ])("D21: a middleware that %s is a MiddlewareError naming it", async (_, middleware, shown) => {
    const { gw } = await loopback({
      middleware: [(r, next) => next(r), middleware as unknown as Middleware],
    });
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(MiddlewareError);
    expect(error.message).toBe(
      `Middleware 2 of 2 returned ${shown}, not a Response (does it return next(request)?)`,
    );
  });

  it("a middleware may still return a Response of its own making", async () => {
    const replaced: Middleware = async () => Response.json({ id: "mine", choices: [] });
    const { gw, mock } = await loopback({ middleware: [replaced] });
    expect((await gw.chat.completions.create(hello)).id).toBe("mine");
    expect(mock.requests).toHaveLength(0);
  });

  it("D21: an onWait hook that returns nothing is a MiddlewareError naming it", async () => {
    // Forgot `return`: resolves to undefined, which the types refuse, hence the cast.
    const hook = Object.assign((r: any, next: any) => next(r), {
      onWait: async (_: unknown, next: () => Promise<unknown>) => void (await next()),
    }) as unknown as Middleware;
    const { gw } = await loopback({ middleware: [hook] }, { taskSteps: 1 });
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "x", duration: 5 });
    const error = await rejection(task.wait({ interval: 5 }));
    expect(error).toBeInstanceOf(MiddlewareError);
    // The task was paid for: the error that ends its wait names it, to resume it.
    expect(error.message).toBe(
      `The onWait hook of middleware 1 returned undefined, not a task snapshot (does it return what next() resolved to?) (task video/${task.id} keeps running: resume it with gw.tasks.wait({"kind":"video","id":"${task.id}"}))`,
    );
    expect(error.task).toEqual({ kind: "video", id: task.id });
  });
});
