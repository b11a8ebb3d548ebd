/**
 * The worker side: runs each job's paid submission at most once, records the task handle before
 * anything else, and waits on it; a job resumed after a crash waits on its recorded task, finds a
 * vidgen task again by its external id, and fails with UncertainSubmissionError where it cannot
 * know (see docs/scale.md for the table).
 */
import { type ConnectionOptions, DelayedError, UnrecoverableError, Worker, type WorkerOptions } from "bullmq";
import { RateLimitError } from "../core/errors/index.js";
import type { WithResponse } from "../core/http/index.js";
import type { TaskRef, WaitOptions } from "../core/tasks/index.js";
import { certainlyNotBilled } from "../money/billing.js";
import { UncertainSubmissionError } from "./errors.js";
import {
  type GenerationClient,
  type GenerationOperation,
  operationNamed,
  type QueuedOperation,
} from "./operations.js";
import type { GenerationJob, GenerationJobData, GenerationProgress, GenerationResult } from "./queue.js";

/** A submission's cost as a job records it. */
type Priced = Pick<GenerationJobData, "cost" | "costReason">;

/** BullMQ's worker options, with where Redis is, the queue's name, the client, and how jobs wait. */
export interface GenerationWorkerOptions extends Omit<WorkerOptions, "connection" | "concurrency" | "name"> {
  /** Where Redis is (BullMQ's `connection`). */
  connection: ConnectionOptions;
  /** The queue's name, as given to createGenerationQueue. */
  name: string;
  /** This worker's name (BullMQ's worker `name`): a job's `processedBy` names the worker that ran it. */
  workerName?: string;
  /**
   * The client that submits and waits: a `Genway`, or the family client of the queue's jobs
   * (`VideosClient`, `VidgenClient`, `MusicgenClient`). Its waits share one poller per kind; its
   * logger gets the worker's Redis errors, one line each.
   */
  client: GenerationClient;
  /** Jobs this worker runs at once (most of them waiting). Default 1. */
  concurrency?: number;
  /** How each job polls its task: `interval`, `maxInterval`, `timeout` (the SDK's defaults otherwise). */
  wait?: Pick<WaitOptions, "interval" | "maxInterval" | "timeout">;
  /**
   * One poll round (ms): the music polls of all this worker's waits that fall in one round go out
   * as one batch request (per 50 ids). Default 1000.
   */
  pollRound?: number;
  /**
   * Vidgen: how long (ms) after an unanswered submission began a lookup that finds no task is
   * trusted to mean the submission never arrived. Default 60 000 (see docs/scale.md).
   */
  settleMs?: number;
  /** ms to pause taking jobs after a rate-limit answer that named no Retry-After. Default 5000. */
  rateLimitPause?: number;
}

/** A running worker: the BullMQ `worker` itself (events, pause), and `close`. */
export interface GenerationWorker {
  readonly worker: Worker<GenerationJobData, GenerationResult, GenerationOperation>;
  /**
   * Stops taking jobs and closes the connections once the running jobs finished (BullMQ's
   * `worker.close`). `close(true)` leaves them at once: other workers resume them after
   * `lockDuration`, from their recorded task handles.
   */
  close(force?: boolean): Promise<void>;
}

/** How long a Redis error stays quiet in the log after it was written once (while it repeats). */
const REPEAT_MS = 60_000;

/** The id the gateway knows a vidgen submission by: the caller's own, else the job's. */
const externalIdOf = (job: GenerationJob) =>
  (job.data.params as { external_task_id?: unknown }).external_task_id as string | undefined;

/**
 * A worker of the queue `name`: submits each job's task once through `client`, records its handle
 * in the job, waits on it (progress to `job.progress`) and returns its final snapshot.
 */
export function createGenerationWorker(options: GenerationWorkerOptions): GenerationWorker {
  const {
    connection,
    name,
    client,
    concurrency = 1,
    wait = {},
    pollRound = 1000,
    settleMs = 60_000,
    rateLimitPause = 5000,
    workerName,
    ...workerOptions
  } = options;
  client.taskRegistry.batchWindow = pollRound;

  /** A task found by its external id: the submission's answer, and its priced cost, were lost. */
  const LOOKED_UP: Priced = {
    cost: null,
    costReason: "the submission's answer was lost; the task was found by its external_task_id",
  };

  async function record(job: GenerationJob, task: TaskRef, priced: Priced): Promise<TaskRef> {
    const { operation, params } = job.data;
    await job.updateData({ operation, params, task, ...priced });
    return task;
  }

  /** Sends the job's submission, unless an earlier attempt may have: then finds its task, or refuses. */
  async function submitOnce(job: GenerationJob, op: QueuedOperation, token: string): Promise<TaskRef> {
    const { operation } = job.data;
    const externalId = externalIdOf(job) ?? job.id ?? "";
    const params = op.lookup ? { ...job.data.params, external_task_id: externalId } : job.data.params;
    const started = job.data.submitting;
    if (started !== undefined) {
      if (!op.lookup) throw new UncertainSubmissionError(job.id, operation, started);
      const found = await op.lookup(client, externalId, {});
      if (found) return record(job, found, LOOKED_UP);
      // Not there. An earlier request may still be on its way until `settleMs` has passed.
      if (Date.now() < started + settleMs) {
        await job.moveToDelayed(started + settleMs, token);
        throw new DelayedError();
      }
    }
    // The job keeps the params it was added with (the external id is derived again on resumption).
    await job.updateData({ operation, params: job.data.params, submitting: Date.now() });
    let answer: WithResponse<TaskRef>;
    try {
      answer = await op.submit(client, params, {}).withResponse();
    } catch (error) {
      // The transport's rule for "nothing was billed": a refusal, a 4xx or 503, or an error thrown
      // before the request reached fetch. Anything else (a middleware failing after the answer, a
      // refused 307) may have created the task, and a retry would pay for it again.
      if (certainlyNotBilled(error)) {
        await job.updateData({ operation, params: job.data.params });
        if (error instanceof RateLimitError) {
          await worker.rateLimit(error.retryAfterMs ?? rateLimitPause);
          throw Worker.RateLimitError();
        }
        throw error;
      }
      if (!op.lookup)
        throw new UncertainSubmissionError(job.id, operation, job.data.submitting ?? Date.now(), error);
      // Vidgen: come back once the request has settled, and find the task by its external id.
      await job.moveToDelayed(Date.now() + settleMs, token);
      throw new DelayedError();
    }
    const { data: task, cost, costReason } = answer;
    return record(job, { kind: task.kind, id: task.id }, { cost, costReason });
  }

  async function processJob(
    job: GenerationJob,
    token?: string,
    signal?: AbortSignal,
  ): Promise<GenerationResult> {
    const op = operationNamed(job.data.operation);
    if (!op)
      throw new UnrecoverableError(`Unknown generation operation ${JSON.stringify(job.data.operation)}.`);
    // Jobs added with queue.queue.add (not checked by generation.add) may hold anything.
    if (typeof job.data.params !== "object" || job.data.params === null || Array.isArray(job.data.params))
      throw new UnrecoverableError(`Job ${job.id} (${op.name}) has no params object; nothing was sent.`);
    if (client[op.family] === undefined)
      throw new UnrecoverableError(
        `Job ${job.id} runs ${op.name}, but this worker's client has no ${op.family}: give the worker a Genway, or the ${op.family} client. Nothing was sent.`,
      );
    const task = job.data.task ?? (await submitOnce(job, op, token ?? ""));
    let reported = Promise.resolve();
    const snapshot = await client.tasks.wait(task, {
      ...wait,
      signal,
      onProgress: ({ status, progress }) => {
        const update: GenerationProgress = { task, status, progress };
        reported = reported.then(() => job.updateProgress(update)).catch(() => undefined);
      },
    });
    await reported;
    // The submission's cost, recorded with the handle: whichever worker submitted, the result has it.
    const { cost, costReason } = job.data;
    return snapshot.status === "succeeded" && cost !== undefined
      ? { ...snapshot, cost, costReason }
      : snapshot;
  }

  const worker = new Worker<GenerationJobData, GenerationResult, GenerationOperation>(name, processJob, {
    // BullMQ honours a manual rate limit (the Retry-After of a 429 / 10011-10013 above) only in a
    // worker with a `limiter` (its moveToActive reads the limit's TTL only when `limiter.max` is
    // set). Without one of the caller's, a limit no queue reaches: it counts, and never throttles.
    limiter: { max: 1_000_000_000, duration: 1000 },
    ...workerOptions,
    ...(workerName !== undefined ? { name: workerName } : {}),
    connection,
    concurrency,
  });
  // A Redis outage makes BullMQ emit an error per reconnection attempt, printed as a stack when
  // nobody listens: the client's logger gets one line per message (and per minute) instead.
  const logged = new Map<string, number>();
  worker.on("error", (error) => {
    const line = error instanceof Error ? error.message : String(error);
    const at = Date.now();
    if (at - (logged.get(line) ?? -REPEAT_MS) < REPEAT_MS) return;
    if (logged.size >= 50) logged.clear(); // a bound, should every message differ
    logged.set(line, at);
    client.transport.log.warn(`queue ${name}: ${line} (BullMQ reconnects by itself)`);
  });
  return {
    worker,
    close: (force = false) => worker.close(force),
  };
}
