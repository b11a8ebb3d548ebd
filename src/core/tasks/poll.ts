/**
 * Waiting for a task: poll with backoff until a terminal state, under the caller's signal and a
 * total deadline, reporting each change (a BatchReader coalesces the polls of many waits).
 */
import {
  APIConnectionError,
  APIError,
  APIUserAbortError,
  MalformedResponseError,
  TaskFailedError,
  type TaskRef,
  TaskTimeoutError,
} from "../errors/errors.js";
import { untilAborted } from "../http/connection.js";
import { isHtmlPage } from "../http/json-body.js";
import { sleep } from "../http/retry.js";
import { DEFAULTS } from "../shared/defaults.js";
import { callIsolated } from "../shared/isolated.js";
import type { Logger } from "../shared/log.js";
import { timerDelay } from "../shared/timers.js";
import { type OptionChecks, option } from "../validation/options.js";
import type { TaskSnapshot } from "./task-record.js";

/** Options of a task wait: `task.wait`, `gw.tasks.wait`, `pollTask`, `createAndWait`. */
export interface WaitOptions<R = unknown> {
  /**
   * Stops waiting with APIUserAbortError (the task keeps running on the gateway).
   * @default none
   */
  signal?: AbortSignal | undefined;
  /**
   * Total ms to wait before TaskTimeoutError (the task keeps running; resume it). Infinity waits forever.
   * @default 1_800_000 (30 min)
   */
  timeout?: number | undefined;
  /**
   * ms before the second poll (the first is immediate).
   * @default 2_000
   */
  interval?: number | undefined;
  /**
   * The delay grows 1.5x per poll up to this many ms.
   * @default 15_000
   */
  maxInterval?: number | undefined;
  /**
   * Called with the snapshot whenever its status or progress changed (and with the first one).
   * @default none
   */
  onProgress?: ((snapshot: TaskSnapshot<R>) => void) | undefined;
}

/**
 * Every option of a wait, with its check (checkOptions: a misspelt one is refused, with the closest
 * name). A wait that takes more has a map of its own: {@link KIND_WAIT_OPTIONS}, an upload's `name`.
 */
export const WAIT_OPTIONS = {
  signal: option.signal,
  timeout: option.clock,
  interval: option.delay,
  maxInterval: option.delay,
  onProgress: option.function,
} as const satisfies OptionChecks<keyof WaitOptions>;

/** Every option of a family's wait that names the task's kind in its options (musicgen, vidgen). */
export const KIND_WAIT_OPTIONS = { ...WAIT_OPTIONS, kind: option.name } as const;

const BACKOFF = 1.5;
/**
 * Polls in a row answered with a web page before a wait gives up with that error. A page on a query
 * path is no task state: it is a path the gateway does not route (a query that has another path
 * tried it already, core/tasks/query-paths.ts), or a baseURL that is no API root, and polling it to
 * the wait's timeout (30 minutes by default) only hides that. One page is not enough, though: the
 * task exists and is paid for, and a proxy in front of the gateway may serve a maintenance page for
 * a moment during a deploy. Three, at the wait's growing interval (about 5 s at the default 2 s),
 * tell the two apart.
 */
const HTML_PAGES_IN_A_ROW = 3;

/**
 * Reads the task's current snapshot; must honour `signal`. `slackMs`: how long the read may wait to
 * share a batch round with other waits (half the time until this wait's next poll).
 */
export type ReadSnapshot<R> = (signal: AbortSignal, slackMs: number) => Promise<TaskSnapshot<R>>;

/**
 * Whether a failed poll is worth another: queries are free, so a wait rides out what may pass
 * (connection errors, 408/409/429, 5xx, bodies it could not use). What will not pass ends it: a
 * refused key or permission, a task the gateway does not know (404, 400 task_not_exist), a
 * request the caller got wrong, and a web page answered a few polls in a row (HTML_PAGES_IN_A_ROW).
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof APIConnectionError || error instanceof MalformedResponseError) return true;
  if (!(error instanceof APIError)) return false;
  if (error.retryable) return true;
  // A gateway code that the code table calls final (10021 interface disabled ...) is final here too.
  if (error.code !== undefined) return false;
  const { status = 0 } = error;
  return status >= 500 || status === 408 || status === 409 || status === 429;
}

/** What runs around the wait's polling (the middleware's onWait hooks): it calls `run` once. */
export type AroundWait<R> = (run: () => Promise<TaskSnapshot<R>>) => Promise<TaskSnapshot<R>>;

/** How a wait runs beside the others of its client. */
export interface WaitContext<R> {
  /** Where failed polls and failed onProgress calls are logged. */
  log?: Logger | undefined;
  /** The onWait hooks, run under the wait's clocks. */
  around?: AroundWait<R> | undefined;
  /**
   * Each sleep between polls is drawn from `interval × (1 ± jitter)`: waits of a kind that has no
   * batch query, submitted together, then stop polling in step (a gateway saw 2-6x its mean rate).
   * 0 (the default) for batched kinds, whose polls are meant to meet in rounds.
   */
  jitter?: number | undefined;
}

/**
 * Polls `read` until the task ends, under the wait's timeout and signal. `around` (the onWait
 * hooks) runs under the same clocks: a hook that never calls `run`, or never returns, ends with
 * the wait's TaskTimeoutError or APIUserAbortError, its promise abandoned. Every error that ends
 * the wait names the task (`error.task`, and its message): the task is paid for and keeps running,
 * so the caller can always resume it. `onProgress` is isolated: a throw or a rejection is logged
 * and the wait goes on.
 */
export async function waitFor<R>(
  task: TaskRef,
  read: ReadSnapshot<R>,
  options: WaitOptions<R> = {},
  { log, around, jitter = 0 }: WaitContext<R> = {},
): Promise<TaskSnapshot<R>> {
  const { signal, onProgress } = options;
  const timeout = options.timeout ?? DEFAULTS.wait.timeout;
  let delay = options.interval ?? DEFAULTS.wait.interval;
  const maxDelay = Math.max(delay, options.maxInterval ?? DEFAULTS.wait.maxInterval);
  // One signal ends the in-flight poll or sleep, for either cause; `timedOut` tells them apart.
  const stop = new AbortController();
  const deadline = Date.now() + timeout;
  let timedOut = false;
  const timer =
    Number.isFinite(timeout) && timeout >= 0
      ? setTimeout(() => {
          timedOut = true;
          stop.abort();
        }, timerDelay(timeout))
      : undefined;
  const onAbort = () => stop.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  let last: TaskSnapshot<R> | undefined;
  let pages = 0;
  const interrupted = (error: unknown): unknown => {
    if (timedOut) return new TaskTimeoutError(task, timeout, last, { cause: error });
    if (signal?.aborted) return new APIUserAbortError(undefined, { cause: error });
    return error;
  };
  const report = (snapshot: TaskSnapshot<R>) => {
    if (onProgress)
      callIsolated(onProgress, snapshot, (error) =>
        log?.warn(`onProgress failed (${describe(error)}); ignored`),
      );
  };
  const poll = async (): Promise<TaskSnapshot<R>> => {
    for (;;) {
      if (signal?.aborted || timedOut) throw interrupted(undefined);
      let snapshot: TaskSnapshot<R> | undefined;
      let pause = jitter > 0 ? delay * (1 - jitter + 2 * jitter * Math.random()) : delay;
      try {
        snapshot = await read(stop.signal, delay / 2);
        pages = 0;
      } catch (error) {
        if (stop.signal.aborted || !isTransient(error)) throw interrupted(error);
        pages = isHtmlPage(error) ? pages + 1 : 0;
        if (pages >= HTML_PAGES_IN_A_ROW) throw error;
        // A server asking for a pause gets it; one longer than the time left ends the wait now.
        const asked = (error as { retryAfterMs?: unknown }).retryAfterMs;
        if (typeof asked === "number" && asked > pause) pause = asked;
        if (Date.now() + pause > deadline) throw new TaskTimeoutError(task, timeout, last, { cause: error });
        log?.warn(
          `Polling ${task.kind}/${task.id} failed (${describe(error)}); next poll in ${Math.round(pause)} ms`,
        );
      }
      if (snapshot) {
        if (!last || last.status !== snapshot.status || last.progress !== snapshot.progress) report(snapshot);
        last = snapshot;
        if (snapshot.status === "succeeded") return snapshot;
        if (snapshot.status === "failed") throw new TaskFailedError(task, snapshot.reason ?? "", snapshot);
      }
      await sleep(pause, stop.signal).catch((error) => {
        throw interrupted(error);
      });
      delay = Math.min(delay * BACKOFF, maxDelay);
    }
  };
  try {
    if (!around) return await poll();
    if (signal?.aborted) throw interrupted(undefined);
    return await untilAborted(around(poll), stop.signal).catch((error: unknown) => {
      throw stop.signal.aborted ? interrupted(error) : error;
    });
  } catch (error) {
    throw namingTask(error, task);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * `error`, naming `task` if it does not yet: an error that ends a wait after the task was paid for
 * (a signal, an expired key, a hook's failure) must not lose the id that resumes it. Its class
 * stays (a caller's `catch (e) { if (e instanceof AuthenticationError) ... }` still works); it
 * gains `task` and a message that says how to resume.
 */
function namingTask(error: unknown, task: TaskRef): unknown {
  // A wait refused before it started (an id of the wrong type) has no task to name.
  const named = typeof task.kind === "string" && typeof task.id === "string" && task.id !== "";
  if (
    !named ||
    typeof error !== "object" ||
    error === null ||
    "task" in error ||
    !Object.isExtensible(error)
  ) {
    return error;
  }
  const ref = { kind: task.kind, id: task.id };
  Object.defineProperty(error, "task", { value: ref, enumerable: true, configurable: true, writable: true });
  if (error instanceof Error && !error.message.includes(task.id)) {
    error.message += ` (task ${task.kind}/${task.id} keeps running: resume it with gw.tasks.wait(${JSON.stringify(ref)}))`;
  }
  return error;
}

/** `Name: message` of an error, for a log line. */
export function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
