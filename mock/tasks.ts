/**
 * The mock's task state machine, shared by the video, vidgen and music routes. A task moves one
 * step per poll (queued -> running ... -> terminal after `taskSteps` polls, batch polls included),
 * so a client sees NOT_START, IN_PROGRESS with growing progress, then SUCCESS. A task the test
 * scripted to fail (`mock.failNextTask`), or whose input contains "[fail]" anywhere, ends failed
 * instead, and its query still answers in a success envelope (`message: "SUCCEED"`, `code:
 * "success"`), as relays do.
 */
import type { MockState } from "./state.js";

export interface MockTask {
  id: string;
  /** Which family and operation made it, e.g. `video`, `vidgen.text2video`, `music`, `music.lyrics`. */
  kind: string;
  input: Record<string, unknown>;
  /** Polls answered so far. */
  polls: number;
  /** Why it will fail; undefined for a task that succeeds. */
  failure: string | undefined;
  /** A query has answered its failure already (new-api's live veo answer says the reason only then). */
  failureSeen?: boolean;
  /** Order of creation; picks the waiting word the task shows (NOT_START, SUBMITTED, QUEUED). */
  sequence: number;
  /** Its next running poll answers UNKNOWN (input carried the unknown marker). */
  unknownOnce: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface TaskView {
  phase: "queued" | "running" | "succeeded" | "failed";
  /** 0-100. */
  progress: number;
}

/** The task status words of new-api relays (unified video and musicgen), by the mock's phase. */
const NEW_API_STATUS = {
  queued: "NOT_START",
  running: "IN_PROGRESS",
  succeeded: "SUCCESS",
  failed: "FAILURE",
} as const;

/**
 * new-api's poller reports a waiting task as NOT_START, SUBMITTED or QUEUED (model/task.go); the
 * mock gives each task one of them in turn, so a client meets all three.
 */
const WAITING_WORDS = ["NOT_START", "SUBMITTED", "QUEUED"] as const;

/** The on-demand failure marker: put it in a prompt (or any field) to get a failed task. */
export const FAIL_MARKER = "[fail]";
/** Put it in any field to get a task whose first running poll answers UNKNOWN (new-api's "cannot tell"). */
const UNKNOWN_MARKER = "[unknown]";

/** The new-api status word of a task at `view`: every word model/task.go defines appears. */
export function newApiStatus(task: MockTask, view: TaskView): string {
  if (view.phase === "queued") return WAITING_WORDS[task.sequence % WAITING_WORDS.length]!;
  if (view.phase === "running" && task.unknownOnce) {
    task.unknownOnce = false;
    return "UNKNOWN";
  }
  return NEW_API_STATUS[view.phase];
}

/**
 * A task record. A submission's task (`submitted`, the default) ends failed when the test scripted
 * it (`mock.failNextTask`) or its body carries the marker; an upload's processing decides its own.
 */
export function createTask(
  state: MockState,
  kind: string,
  input: unknown,
  prefix = "task-",
  submitted = true,
): MockTask {
  const now = Date.now();
  const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const text = JSON.stringify(body);
  const scripted = submitted ? state.taskFailures.shift() : undefined;
  const task: MockTask = {
    id: state.nextId(prefix),
    kind,
    input: body,
    polls: 0,
    failure:
      scripted ??
      (text.includes(FAIL_MARKER)
        ? `The request was rejected by content moderation (it contains ${FAIL_MARKER}).`
        : undefined),
    sequence: state.tasks.size,
    unknownOnce: text.includes(UNKNOWN_MARKER),
    createdAt: now,
    updatedAt: now,
  };
  state.tasks.set(task.id, task);
  return task;
}

/** The task with `id` if it was made by one of `kinds` (any kind when omitted). */
export function findTask(state: MockState, id: string, kinds?: string | string[]): MockTask | undefined {
  const task = state.tasks.get(id) as MockTask | undefined;
  if (!task || typeof task !== "object" || !("polls" in task)) return undefined;
  if (kinds === undefined) return task;
  return (Array.isArray(kinds) ? kinds : [kinds]).includes(task.kind) ? task : undefined;
}

/** Where the task stands after `polls` polls. */
function view(task: MockTask, steps: number): TaskView {
  const k = task.polls;
  if (k >= steps) return { phase: task.failure ? "failed" : "succeeded", progress: 100 };
  if (k <= 1) return { phase: "queued", progress: 0 };
  return { phase: "running", progress: Math.round(((k - 1) * 100) / Math.max(1, steps - 1)) };
}

/** Answers one poll: the task moves a step, and the new view is returned. */
export function poll(state: MockState, task: MockTask): TaskView {
  task.polls++;
  task.updatedAt = Date.now();
  return view(task, state.options.taskSteps);
}

export const seconds = (ms: number) => Math.floor(ms / 1000);
