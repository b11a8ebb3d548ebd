/**
 * A job's paid submission, at most once: fenced by the job's lock (fence.ts), a few at a time per
 * worker, paused queue-wide after an answer that was lost, and its task handle recorded for good.
 * A job resumed after a submission whose answer never came back waits out the time in which that
 * submission could still be recorded, then fails with UncertainSubmissionError (video, music) or
 * finds its task by its external id (vidgen), sending it again only after several lookups spread
 * over `settleMs` all found nothing.
 */
import { DelayedError, Worker } from "bullmq";
import { APIError, RateLimitError } from "../core/errors/index.js";
import type { WithResponse } from "../core/http/index.js";
import type { Slots } from "../core/shared/index.js";
import { describe, type TaskRef } from "../core/tasks/index.js";
import { certainlyNotBilled } from "../money/billing.js";
import { LockLostError, UncertainSubmissionError } from "./errors.js";
import type { Fence } from "./fence.js";
import type { GenerationClient, QueuedOperation } from "./operations.js";
import type { Outcomes } from "./outcomes.js";
import type { GenerationJob, GenerationJobData } from "./queue.js";

/** A submission's cost as a job records it. */
type Priced = Pick<GenerationJobData, "cost" | "costReason">;

/** A task found by its external id: the submission's answer, and its priced cost, were lost. */
const LOOKED_UP: Priced = {
  cost: null,
  costReason: "the submission's answer was lost; the task was found by its external_task_id",
};

/** Lookups, spread over `settleMs`, that must all find no task before a vidgen job is sent again. */
const LOOKUPS = 4;

/** The background retries of a handle stop after this long (the handle stays in the log line). */
const RECORD_GIVE_UP_MS = 10 * 60_000;

export interface SubmitterOptions {
  /** Told before the job is moved out of active (delayed): its lock goes then on purpose. */
  moving(job: GenerationJob): void;
  client: GenerationClient;
  fence: Fence;
  /** The worker's cap on submissions in flight. */
  slots: Slots;
  /** The worker's BullMQ rate limit: stops every worker of the queue fetching jobs. */
  worker: Pick<Worker, "rateLimit">;
  outcomes: Outcomes;
  log: { warn(line: string): void; error(line: string): void };
  /** The paid request's own timeout (ms): below `settleMs`. */
  submitTimeout: number;
  settleMs: number;
  /** ms to pause after a rate limit that named no Retry-After. */
  rateLimitPause: number;
  /**
   * How long (ms) a paid task's handle is retried into Redis before the job goes on without it
   * (the wait needs no Redis; the retries go on in the background). A job resumed after an
   * unanswered submission waits this long past the submission's own timeout before it calls it
   * uncertain: the worker that sent it may be alive, only cut from Redis.
   */
  recordGrace: number;
}

/** One attempt of a job on this worker. */
export interface Attempt {
  job: GenerationJob;
  op: QueuedOperation;
  /** The job's lock token (BullMQ's): the claim, and every move of the job, is checked against it. */
  token: string;
  /** Ends what may end: a wait for a submission slot, a lookup. */
  signal: AbortSignal;
  /** Told when the paid request is out, until its answer is recorded (that part is never abandoned). */
  sending(out: boolean): void;
}

export class Submitter {
  /** Until when (ms since the epoch) this worker knows submissions to be paused queue-wide. */
  #pausedUntil = 0;

  constructor(private readonly o: SubmitterOptions) {}

  /** The job's task: submitted now, or found again after an earlier submission whose answer was lost. */
  async task(a: Attempt): Promise<TaskRef> {
    const started = a.job.data.submitting;
    if (started !== undefined) {
      if (!a.op.lookup) return this.#unanswered(a, started);
      const found = await this.#lookup(a, started);
      if (found) return found;
      this.o.outcomes.counts.resubmitted++;
    }
    return this.o.slots.run(() => this.#send(a), a.signal);
  }

  /**
   * Video, music: an earlier attempt sent the submission and recorded no answer. Its worker may
   * still be waiting for the answer, or retrying its handle into Redis (a worker paused past its
   * lock, a Redis refusing writes): the job comes back once that time is over. No handle then:
   * UncertainSubmissionError.
   */
  async #unanswered(a: Attempt, started: number): Promise<never> {
    const settled = started + this.o.submitTimeout + this.o.recordGrace;
    if (Date.now() < settled) return this.#delay(a, settled);
    throw this.#uncertainFailure(a.job, started);
  }

  /**
   * Vidgen: the task of an unanswered submission, by its external id. Not found: looked up again at
   * the next of {@link LOOKUPS} times spread over `settleMs` (a relay may create the task long after
   * its client gave up); undefined (send again) once every one of them found nothing.
   */
  async #lookup(a: Attempt, started: number): Promise<TaskRef | undefined> {
    const { job, op, signal } = a;
    const { data } = job;
    const { settleMs } = this.o;
    const slot = (n: number) => started + (settleMs * n) / LOOKUPS;
    // The next lookup: at its time, and never sooner than a beat from now.
    const next = (n: number) => Math.max(Date.now() + Math.min(1000, settleMs / LOOKUPS), slot(n));
    let found: TaskRef | undefined;
    try {
      // A job claimed by an older genway sent the job id itself.
      found = await op.lookup?.(this.o.client, knownExternalId(job) ?? job.id ?? "", { signal });
    } catch (error) {
      if (signal.aborted) throw error;
      // Says nothing about the task (a 5xx, a dropped connection): ask again later, for as long
      // as a settle period past the last lookup time; then a person decides.
      if (Date.now() > slot(LOOKUPS + LOOKUPS)) throw this.#uncertainFailure(job, started, error);
      return this.#delay(a, next((data.lookups ?? 0) + 1));
    }
    if (found) return this.#record(job, data.submissionId, found, LOOKED_UP);
    // A "not found" counts once its time has come: earlier, the request may still be on its way.
    const lookups = (data.lookups ?? 0) + (Date.now() >= slot((data.lookups ?? 0) + 1) ? 1 : 0);
    if (lookups >= LOOKUPS) return undefined;
    if (lookups !== (data.lookups ?? 0)) {
      const counted = { ...data, lookups };
      if (await this.o.fence.settle(job, data.submissionId ?? "", counted)) job.data = counted;
    }
    return this.#delay(a, next(lookups + 1));
  }

  /** Claims the job's submission (lock checked), sends it, and records its task. Holds a slot. */
  async #send(a: Attempt): Promise<TaskRef> {
    const { job, op } = a;
    const { operation, params } = job.data;
    for (;;) {
      await this.#unpaused(a.signal);
      const externalTaskId = op.lookup ? await this.#externalId(job) : undefined;
      const claimed: GenerationJobData = {
        operation,
        params,
        submitting: Date.now(),
        submissionId: globalThis.crypto.randomUUID(),
        ...(externalTaskId !== undefined ? { externalTaskId } : {}),
      };
      const claim = await this.o.fence.claim(job, a.token, job.data.submissionId, claimed);
      if (claim.outcome === "lockLost") throw new LockLostError(job.id);
      if (claim.outcome === "changed") {
        throw new Error(
          `job ${job.id}: its data changed under this worker (another submission); nothing was sent`,
        );
      }
      if (claim.outcome === "paused") {
        this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + claim.ms);
        continue;
      }
      job.data = claimed;
      a.sending(true);
      try {
        return await this.#sendClaimed(a, claimed, claim.probe, externalTaskId);
      } finally {
        a.sending(false);
      }
    }
  }

  /** Sends the claimed submission and records its task. */
  async #sendClaimed(
    a: Attempt,
    claimed: GenerationJobData,
    probe: boolean,
    externalTaskId: string | undefined,
  ): Promise<TaskRef> {
    const { job, op } = a;
    const { params } = claimed;
    const sent = externalTaskId !== undefined ? { ...params, external_task_id: externalTaskId } : params;
    let answer: WithResponse<{ kind: string; id: string }>;
    try {
      answer = await op.submit(this.o.client, sent, { timeout: this.o.submitTimeout }).withResponse();
    } catch (error) {
      return this.#failed(a, claimed, probe, error);
    }
    this.o.outcomes.counts.submitted++;
    if (probe) await this.o.fence.recover().catch(() => undefined);
    const { data: task, cost, costReason } = answer;
    return this.#record(job, claimed.submissionId, { kind: task.kind, id: task.id }, { cost, costReason });
  }

  /** Moves the job to delayed until `at` (no attempt used), and ends this attempt (DelayedError). */
  async #delay(a: Attempt, at: number): Promise<never> {
    this.o.moving(a.job);
    await a.job.moveToDelayed(at, a.token);
    throw new DelayedError();
  }

  /** Waits while this worker knows submissions to be paused. */
  async #unpaused(signal: AbortSignal): Promise<void> {
    const left = this.#pausedUntil - Date.now();
    if (left <= 0) return;
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, left);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** The vidgen `external_task_id` to send: the job's known one, else the queue's namespace and the job id. */
  async #externalId(job: GenerationJob): Promise<string> {
    return knownExternalId(job) ?? `${await this.o.fence.namespace()}-${job.id}`;
  }

  /**
   * The submission failed. Certainly not billed (a 4xx, a 503, nothing sent): the job forgets it;
   * a rate limit or a retryable 503 puts the job back and pauses the queue's submissions; any
   * other such error is the attempt's (BullMQ's `attempts` retry it). Anything else
   * may have created the task: the queue's submissions pause, a vidgen job looks its task up
   * later, a video or music job fails with UncertainSubmissionError.
   */
  async #failed(a: Attempt, claimed: GenerationJobData, probe: boolean, error: unknown): Promise<never> {
    const { job, op } = a;
    const started = claimed.submitting ?? Date.now();
    if (certainlyNotBilled(error)) {
      const { submitting: _, submissionId: __, ...unclaimed } = claimed;
      const forget = async () => {
        if (!(await this.o.fence.settle(job, claimed.submissionId ?? "", unclaimed)))
          throw new RefusedHandle(job);
      };
      // Retried a little: a marker left behind would make the job's next attempt wait, then fail it.
      if (
        await retried(forget, 5000).then(
          () => true,
          () => false,
        )
      )
        job.data = unclaimed;
      // The gateway can take nothing now (a rate limit, a 503 "no channel available"): the job goes
      // back untouched, and the queue's submissions pause.
      const unavailable = error instanceof APIError && error.retryable && error.status === 503;
      if (error instanceof RateLimitError || unavailable) {
        await this.#pause(
          error instanceof RateLimitError ? (error.retryAfterMs ?? this.o.rateLimitPause) : undefined,
        );
        // Back in the queue untouched (no attempt used), taken again once the pause is over.
        throw Worker.RateLimitError();
      }
      if (probe) await this.o.fence.recover().catch(() => undefined);
      throw error;
    }
    await this.#pause();
    this.o.outcomes.emit(
      "uncertain",
      { jobId: job.id, operation: claimed.operation, submittedAt: started, error },
      `job ${job.id} (${claimed.operation}): the answer to its paid submission was lost (${describe(error)}); ` +
        (op.lookup
          ? `its task will be looked up by external_task_id ${claimed.externalTaskId}`
          : "it may be billed: the job fails with UncertainSubmissionError"),
    );
    if (op.lookup) return this.#delay(a, started + this.o.settleMs / LOOKUPS);
    throw this.#uncertainFailure(job, started, error);
  }

  #uncertainFailure(job: GenerationJob, started: number, cause?: unknown): UncertainSubmissionError {
    this.o.outcomes.counts.uncertainFailed++;
    return new UncertainSubmissionError(job.id, job.data.operation, started, cause);
  }

  /** Pauses every worker's submissions (and fetching, through BullMQ's rate limit). */
  async #pause(ms?: number): Promise<void> {
    try {
      const pause = await this.o.fence.pause(ms);
      this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + pause);
      this.o.outcomes.counts.pauses++;
      await this.o.worker.rateLimit(pause);
    } catch (error) {
      this.o.log.warn(`could not pause submissions (${describe(error)})`);
    }
  }

  /**
   * Records the task's handle for this submission (never over another task), retried while Redis
   * refuses it. Past `recordGrace` the job goes on without it (its wait needs no Redis),
   * the handle in a log line and an `unrecorded` event, and the retries go on in the background.
   */
  async #record(
    job: GenerationJob,
    submission: string | undefined,
    task: TaskRef,
    priced: Priced,
  ): Promise<TaskRef> {
    const { operation, params, externalTaskId, submissionId } = job.data;
    const recorded: GenerationJobData = {
      operation,
      params,
      task,
      ...priced,
      ...(submissionId !== undefined ? { submissionId } : {}),
      ...(externalTaskId !== undefined ? { externalTaskId } : {}),
    };
    const write = async () => {
      if (!(await this.o.fence.settle(job, submission ?? "", recorded, task.id))) {
        throw new RefusedHandle(job, task);
      }
    };
    const writing = retried(write, RECORD_GIVE_UP_MS);
    let grace: ReturnType<typeof setTimeout> | undefined;
    const { recordGrace } = this.o;
    const first = await Promise.race([
      writing.then(
        () => undefined,
        (error: unknown) => error,
      ),
      new Promise<Error>((resolve) => {
        grace = setTimeout(() => resolve(new Error(`not recorded within ${recordGrace} ms`)), recordGrace);
      }),
    ]);
    clearTimeout(grace);
    if (first === undefined) {
      job.data = recorded;
      return task;
    }
    const handle = JSON.stringify(task);
    this.o.outcomes.emit(
      "unrecorded",
      { jobId: job.id, operation, task, error: first },
      `job ${job.id} (${operation}) was paid for as task ${handle}, but its handle could not be recorded ` +
        `(${describe(first)}); the worker keeps waiting on it and retrying. Resume it with gw.tasks.wait(${handle})`,
    );
    writing.then(
      () => {
        job.data = recorded;
      },
      (error: unknown) =>
        this.o.log.error(
          `job ${job.id} (${operation}): gave up recording task ${handle} (${describe(error)}); resume it with gw.tasks.wait(${handle})`,
        ),
    );
    return task;
  }
}

/** Another submission or task holds the job: this write can never be made there. */
class RefusedHandle extends Error {
  override name = "RefusedHandle";
  constructor(job: GenerationJob, task?: TaskRef) {
    super(
      `job ${job.id} holds another submission or task than ${task ? `${task.kind}/${task.id}` : "this one"}`,
    );
  }
}

/** A vidgen job's external id as already decided: the one it was claimed with, else the caller's own in the params. */
function knownExternalId(job: GenerationJob): string | undefined {
  const own = (job.data.params as { external_task_id?: unknown }).external_task_id;
  return job.data.externalTaskId ?? (typeof own === "string" && own !== "" ? own : undefined);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `write` until it succeeds, backing off from 100 ms to 5 s, for at most `forMs`; a refused handle is final. */
async function retried(write: () => Promise<void>, forMs: number): Promise<void> {
  const until = Date.now() + forMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 5000)) {
    try {
      return await write();
    } catch (error) {
      if (error instanceof RefusedHandle || Date.now() + delay > until) throw error;
      await sleep(delay);
    }
  }
}
