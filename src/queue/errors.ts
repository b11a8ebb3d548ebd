/** The queue's own errors: a paid submission whose fate cannot be known, and a job whose lock was lost. */
import { UnrecoverableError } from "bullmq";
import type { GenerationOperation } from "./operations.js";

/**
 * A job resumed after a submission whose answer never came back (the worker died mid-request, or
 * the connection dropped after sending), and its family offers no way to find the task by an id of
 * ours. Sending it again could pay twice, so the job fails instead. BullMQ does not retry it (it
 * is an UnrecoverableError); `job.failedReason` carries this message.
 */
export class UncertainSubmissionError extends UnrecoverableError {
  override name = "UncertainSubmissionError";
  readonly jobId: string | undefined;
  readonly operation: GenerationOperation;
  /** When the unanswered submission started (ms since the epoch). */
  readonly submittedAt: number;

  constructor(
    jobId: string | undefined,
    operation: GenerationOperation,
    submittedAt: number,
    cause?: unknown,
  ) {
    super(
      `UncertainSubmissionError: job ${jobId ?? "?"} (${operation}) started a paid submission at ` +
        `${new Date(submittedAt).toISOString()} and never recorded the gateway's answer, so it is not sent ` +
        "again (that could pay twice). Check the gateway's task list or billing for a task submitted at " +
        "that time with these params: if it exists, resume it with gw.tasks.wait({ kind, id }); if not, add the job again.",
    );
    if (cause !== undefined) this.cause = cause;
    this.jobId = jobId;
    this.operation = operation;
    this.submittedAt = submittedAt;
  }
}

/**
 * This worker no longer holds the job's lock (it was paused, or cut from Redis, longer than
 * `lockDuration`), so another worker runs the job: this one stops, and sends nothing. BullMQ
 * cannot fail the job with it (the lock is another's); it only ends this worker's copy.
 */
export class LockLostError extends Error {
  override name = "LockLostError";
  constructor(jobId: string | undefined) {
    super(`job ${jobId ?? "?"}: this worker lost its lock (another worker runs it); nothing was sent`);
  }
}
