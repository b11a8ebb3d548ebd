/**
 * The worker side: runs each job's paid submission at most once, records the task handle before
 * anything else, and waits on it; a job resumed after a crash waits on its recorded task, finds a
 * vidgen task again by its external id, and fails with UncertainSubmissionError where it cannot
 * know (see docs/scale.md for the table).
 */
import {
  type ConnectionOptions,
  DelayedError,
  Queue,
  UnrecoverableError,
  Worker,
  type WorkerOptions,
} from "bullmq";
import {
  APIConnectionError,
  APIError,
  isGenwayError,
  MalformedResponseError,
  RateLimitError,
} from "../core/errors/index.js";
import type { WithResponse } from "../core/http/index.js";
import type { TaskRef, WaitOptions } from "../core/tasks/index.js";
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
  /** The client that submits and waits: a `Genway`. Its waits share one poller per kind. */
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

/** A gateway answer that proves no task was created: a 4xx refusal (429 and the rate codes included). */
function turnedAway(error: unknown): boolean {
  if (error instanceof APIConnectionError) return error.notSent;
  if (error instanceof MalformedResponseError) return false; // a 2xx without a task id: it may exist
  if (error instanceof APIError)
    return error.status !== undefined && error.status >= 400 && error.status < 500;
  // A ValidationError or an encoding failure happens before sending; anything else may be mid-request.
  return isGenwayError(error) && error.name !== "APIUserAbortError";
}

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
  const limiter = new Queue(name, {
    connection,
    ...(workerOptions.prefix !== undefined ? { prefix: workerOptions.prefix } : {}),
  });

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
    await job.updateData({ operation, params: params as never, submitting: Date.now() });
    let answer: WithResponse<TaskRef>;
    try {
      answer = await op.submit(client, params, {}).withResponse();
    } catch (error) {
      if (turnedAway(error)) {
        await job.updateData({ operation, params: params as never });
        if (error instanceof RateLimitError) {
          await limiter.rateLimit(error.retryAfterMs ?? rateLimitPause);
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
  return {
    worker,
    async close(force = false) {
      await worker.close(force);
      await limiter.close();
    },
  };
}
