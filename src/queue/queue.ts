/** The producer side: a BullMQ queue whose `add` takes an operation name and its typed params, checked before enqueueing. */
import { type ConnectionOptions, type Job, type JobsOptions, Queue, type QueueOptions } from "bullmq";
import { ValidationError } from "../core/errors/index.js";
import type { CostEstimate } from "../core/http/index.js";
import type { TaskRef, TaskSnapshot, TaskStatus } from "../core/tasks/index.js";
import { checkJob } from "./check.js";
import type { GenerationOperation, GenerationOperations } from "./operations.js";

/** What a job holds in Redis. The worker writes every field but `operation` and `params`; never set them yourself. */
export interface GenerationJobData<O extends GenerationOperation = GenerationOperation> {
  operation: O;
  params: GenerationOperations[O];
  /**
   * When the worker began the paid submission (ms since the epoch), written (with the worker's
   * lock checked) just before it is sent. Removed again when the gateway turned the submission
   * away (nothing was created), and replaced by `task` once it answered.
   */
  submitting?: number | undefined;
  /** The submission's own id: its answer is recorded only for it, never over another's. */
  submissionId?: string | undefined;
  /**
   * Vidgen: the `external_task_id` the submission carries, by which a lost answer is found again:
   * yours from `params`, else `<the queue's random id>-<job id>` (unique across queues and Redis
   * resets of one account, where job ids repeat).
   */
  externalTaskId?: string | undefined;
  /** Vidgen: lookups that found no task for an unanswered submission (several, over `settleMs`, before it is sent again). */
  lookups?: number | undefined;
  /** The task's handle, written as soon as the gateway answered the submission; never replaced. */
  task?: TaskRef | undefined;
  /**
   * What the submission cost (its `withResponse().cost`), written with the handle, so that the
   * final snapshot carries it even when another worker finishes the wait. Null with `costReason`
   * when it could not be priced, or when the answer was lost and the task found by its external id.
   */
  cost?: CostEstimate | null | undefined;
  costReason?: string | undefined;
}

/** A job's progress (`job.progress`, QueueEvents `progress`): the task's state as last polled. */
export interface GenerationProgress {
  task: TaskRef;
  status: TaskStatus;
  /** 0-100 where the gateway reports one. */
  progress: number | undefined;
}

/** A job's return value: the task's final snapshot, as the SDK's wait resolved it. */
export type GenerationResult = TaskSnapshot<unknown>;

/** A generation job, as BullMQ hands it back. */
export type GenerationJob<O extends GenerationOperation = GenerationOperation> = Job<
  GenerationJobData<O>,
  GenerationResult,
  O
>;

/** BullMQ's queue options, with where Redis is and the queue's name. */
export interface GenerationQueueOptions extends Omit<QueueOptions, "connection"> {
  /** Where Redis is: `{ host, port }`, `{ url }`, or an ioredis instance (BullMQ's `connection`). */
  connection: ConnectionOptions;
  /** The queue's name; the workers use the same one. */
  name: string;
}

/** The producer: `add` jobs, and the BullMQ `queue` itself for everything else (counts, events, cleaning). */
export interface GenerationQueue {
  readonly queue: Queue<GenerationJobData, GenerationResult, GenerationOperation>;
  /**
   * Adds a job that runs `operation` with `params` (the client method's own params type). The
   * params are checked first, exactly as the client would before sending, and must be plain JSON:
   * a bad job throws ValidationError here, never in a worker after the money. With a `jobId` the
   * queue already holds, BullMQ keeps the job it has: `add` resolves to that job when it runs the
   * same operation and params, and throws ValidationError when they differ (docs/scale.md).
   */
  add<O extends GenerationOperation>(
    operation: O,
    params: GenerationOperations[O],
    opts?: JobsOptions,
  ): Promise<GenerationJob<O>>;
  /** Closes the queue's Redis connection. */
  close(): Promise<void>;
}

/** The producer of the queue `name`: `add(operation, params, opts)` checks the params, then enqueues the job. */
export function createGenerationQueue(options: GenerationQueueOptions): GenerationQueue {
  const { name, ...rest } = options;
  const queue = new Queue<GenerationJobData, GenerationResult, GenerationOperation>(name, rest);
  return {
    queue,
    async add(operation, params, opts) {
      await checkJob(operation, params);
      const job = await queue.add(operation, { operation, params }, opts);
      if (opts?.jobId === undefined) return job as unknown as GenerationJob<typeof operation>;
      // BullMQ answers a taken jobId with its own Job built from these params, though Redis keeps
      // (and runs) the one it had: read what is stored. Gone already (done and removed): ours ran.
      const stored = (await queue.getJob(job.id ?? opts.jobId)) ?? job;
      const same =
        stored.data.operation === operation &&
        sameJson(stored.data.params, JSON.parse(JSON.stringify(params)));
      if (!same) {
        throw new ValidationError("queue.add", [
          {
            path: "opts.jobId",
            rule: "duplicate",
            message: `job ${JSON.stringify(stored.id)} already exists with other params (${stored.data.operation}); BullMQ keeps it and drops this one. Use another jobId, or remove that job first`,
          },
        ]);
      }
      return stored as unknown as GenerationJob<typeof operation>;
    },
    close: () => queue.close(),
  };
}

/** Whether two JSON values are equal, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        Object.hasOwn(b, key) &&
        sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}
