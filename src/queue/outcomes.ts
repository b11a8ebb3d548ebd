/**
 * What a worker tells its operator about paid work that needs a look: counts (`metrics()`) and
 * events (`on(...)`), each event also one log line. Listeners are isolated: one that throws or
 * rejects is logged, never fails the job.
 */
import { callIsolated } from "../core/shared/index.js";
import { describe, type TaskRef } from "../core/tasks/index.js";
import type { GenerationOperation } from "./operations.js";

/** A worker's counts since it started. */
export interface GenerationMetrics {
  /** Paid submissions this worker sent whose answer it read (a task was created). */
  submitted: number;
  /**
   * Paid submissions whose answer was lost (a 5xx other than 503, a cut connection, a timeout):
   * each may have been billed. A vidgen job then finds its task by its external id; a video or
   * music job fails with UncertainSubmissionError (counted again in `uncertainFailed`).
   */
  uncertain: number;
  /** Jobs failed with UncertainSubmissionError: each needs a person to check the gateway's billing. */
  uncertainFailed: number;
  /**
   * Jobs that failed although their task is recorded (paid): a wait that timed out, a key that
   * expired. `job.data.task` keeps the handle: `job.retry()` waits on the same task again.
   */
  paidFailed: number;
  /** Task handles Redis refused to record (each logged with its handle; retried meanwhile). */
  unrecorded: number;
  /** Vidgen submissions sent again after their lookups found no task over `settleMs`. */
  resubmitted: number;
  /** Jobs this worker dropped because it lost their lock (another worker runs them). */
  lockLost: number;
  /** Queue-wide pauses of submissions this worker started (after an outage or a rate limit). */
  pauses: number;
  /** Jobs handed back to the queue by `shutdown()`. */
  handedBack: number;
}

/** The events a worker emits, with what each carries. */
export interface GenerationEvents {
  /** A paid submission's answer was lost; `error` says how. */
  uncertain: {
    jobId: string | undefined;
    operation: GenerationOperation;
    submittedAt: number;
    error: unknown;
  };
  /** A job failed with a recorded (paid) task: resume it with `job.retry()` or `gw.tasks.wait(task)`. */
  paidFailed: { jobId: string | undefined; operation: GenerationOperation; task: TaskRef; error: unknown };
  /** Redis refused the handle of a paid task: the worker keeps retrying, and keeps waiting on the task. */
  unrecorded: { jobId: string | undefined; operation: GenerationOperation; task: TaskRef; error: unknown };
}

type Listener<E extends keyof GenerationEvents> = (event: GenerationEvents[E]) => unknown;

/** Counts, listeners and the log line of each event. */
export class Outcomes {
  readonly counts: GenerationMetrics = {
    submitted: 0,
    uncertain: 0,
    uncertainFailed: 0,
    paidFailed: 0,
    unrecorded: 0,
    resubmitted: 0,
    lockLost: 0,
    pauses: 0,
    handedBack: 0,
  };
  readonly #listeners = new Map<keyof GenerationEvents, Set<Listener<any>>>();

  constructor(private readonly warn: (line: string) => void) {}

  on<E extends keyof GenerationEvents>(event: E, listener: Listener<E>): void {
    const set = this.#listeners.get(event) ?? new Set();
    set.add(listener);
    this.#listeners.set(event, set);
  }

  off<E extends keyof GenerationEvents>(event: E, listener: Listener<E>): void {
    this.#listeners.get(event)?.delete(listener);
  }

  /** Counts `event`, writes `line`, and tells the listeners. */
  emit<E extends keyof GenerationEvents>(event: E, payload: GenerationEvents[E], line: string): void {
    this.counts[event]++;
    this.warn(line);
    for (const listener of this.#listeners.get(event) ?? []) {
      callIsolated(listener, payload, (error) =>
        this.warn(`a "${event}" listener failed (${describe(error)}); ignored`),
      );
    }
  }
}
