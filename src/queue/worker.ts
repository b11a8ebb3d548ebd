/**
 * The worker side: runs each job's paid submission at most once (the fenced submission), waits on its task,
 * and returns its final snapshot. A job whose lock this worker lost is dropped (another worker
 * runs it), and `shutdown()` hands every waiting job back to the queue (docs/scale.md).
 */
import {
  RateLimitError as BullRateLimitError,
  type ConnectionOptions,
  DelayedError,
  UnrecoverableError,
  WaitingError,
  Worker,
  type WorkerOptions,
} from "bullmq";
import { TaskFailedError, ValidationError } from "../core/errors/index.js";
import { Slots } from "../core/shared/index.js";
import { describe, type TaskRef, WAIT_OPTIONS, type WaitOptions } from "../core/tasks/index.js";
import { checkOptions, type OptionChecks } from "../core/validation/index.js";
import { LockLostError } from "./errors.js";
import { Fence } from "./fence.js";
import { type GenerationClient, type GenerationOperation, operationNamed } from "./operations.js";
import { type GenerationEvents, type GenerationMetrics, Outcomes } from "./outcomes.js";
import type { GenerationJob, GenerationJobData, GenerationProgress, GenerationResult } from "./queue.js";
import { Submitter } from "./submit.js";

/** BullMQ's worker options, with where Redis is, the queue's name, the client, and how jobs submit and wait. */
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
  /** Jobs this worker runs at once, most of them waiting on their task. Default 50. */
  concurrency?: number;
  /**
   * Paid submissions this worker has in flight at most (the others wait their turn): what one
   * gateway outage or one kill can leave uncertain. Default 8.
   */
  maxSubmitting?: number;
  /** How each job polls its task: `interval`, `maxInterval`, `timeout` (the SDK's defaults otherwise). */
  wait?: Pick<WaitOptions, "interval" | "maxInterval" | "timeout">;
  /**
   * One poll round (ms): the music polls of all this worker's waits that fall in one round go out
   * as one batch request (per 50 ids). Default 1000.
   */
  pollRound?: number;
  /**
   * A paid submission's own timeout (ms), below `settleMs`: its answer is given up on after this
   * long. Default half of `settleMs`, at most 300 000.
   */
  submitTimeout?: number;
  /**
   * Vidgen: how long (ms) after an unanswered submission began a relay may still create its task.
   * The task is looked up by its external id four times over this period before the job is sent
   * again; set it above your relay's longest submission (new-api: its RELAY_TIMEOUT). Default
   * 600 000 (see docs/scale.md).
   */
  settleMs?: number;
  /**
   * The queue-wide pause of submissions after an answer that was lost (a 5xx, a cut connection):
   * `first` ms, doubled by each uncertain answer after a pause, up to `max`; once a pause ends, one
   * submission tests the gateway before the others go. Default `{ first: 2000, max: 60 000 }`.
   */
  submitPause?: { first?: number; max?: number };
  /** ms to pause taking jobs after a rate-limit answer that named no Retry-After. Default 5000. */
  rateLimitPause?: number;
}

/** A running worker: the BullMQ `worker` itself (events, pause), `shutdown`, `close`, its metrics and events. */
export interface GenerationWorker {
  readonly worker: Worker<GenerationJobData, GenerationResult, GenerationOperation>;
  /**
   * The SIGTERM handler: stops taking jobs, hands every job that is waiting on its task back to the
   * queue at once (another worker resumes it from its handle, no stall counted), lets the
   * submissions in flight record their handles (then hands those back too), and closes. Past
   * `timeout` ms (default 30 000) it closes anyway: what still runs is left to BullMQ's stalled
   * check, and resumed from what it recorded.
   */
  shutdown(timeout?: number): Promise<void>;
  /**
   * BullMQ's `worker.close`: stops taking jobs and waits for the running ones to finish (their
   * tasks, for minutes). `close(true)` leaves them at once to BullMQ's stalled check (each counts
   * as a stall), and stops their waits in this process. Prefer `shutdown()`.
   */
  close(force?: boolean): Promise<void>;
  /** This worker's counts: submissions, uncertain answers, jobs failed while paid, handles not recorded ... */
  metrics(): GenerationMetrics;
  /** Listens to the paid work that needs a look: `uncertain`, `paidFailed`, `unrecorded` (each is also a log line). */
  on<E extends keyof GenerationEvents>(event: E, listener: (event: GenerationEvents[E]) => unknown): void;
  /** Stops a listener given to `on` (the same function) from hearing `event`. */
  off<E extends keyof GenerationEvents>(event: E, listener: (event: GenerationEvents[E]) => unknown): void;
}

/**
 * Every option of a worker's `wait` (it sets each job's signal and onProgress itself), checked as
 * the worker is made: a misspelt one found by the first job's wait would fail a paid job.
 */
const WORKER_WAIT_OPTIONS = {
  interval: WAIT_OPTIONS.interval,
  maxInterval: WAIT_OPTIONS.maxInterval,
  timeout: WAIT_OPTIONS.timeout,
} as const satisfies OptionChecks<keyof NonNullable<GenerationWorkerOptions["wait"]>>;

/** How long a Redis error stays quiet in the log after it was written once (while it repeats). */
const REPEAT_MS = 60_000;

/** Why this worker stopped a job's work before it ended. */
type Stop = "shutdown" | "lockLost" | "closed";

/** A job this worker runs: stopped on shutdown (unless it is sending) or when its lock is lost. */
interface Running {
  stop: AbortController;
  /** Its paid request is out, or its handle being recorded: a shutdown lets that finish first. */
  sending: boolean;
}

/**
 * A worker of the queue `name`: submits each job's task once through `client`, records its handle
 * in the job, waits on it (progress to `job.progress`) and returns its final snapshot.
 */
export function createGenerationWorker(options: GenerationWorkerOptions): GenerationWorker {
  const {
    connection,
    name,
    client,
    concurrency = 50,
    maxSubmitting = 8,
    wait = {},
    pollRound = 1000,
    settleMs = 600_000,
    submitTimeout = Math.min(300_000, settleMs / 2),
    submitPause = {},
    rateLimitPause = 5000,
    workerName,
    ...workerOptions
  } = options;
  checkOptions("createGenerationWorker wait", wait, WORKER_WAIT_OPTIONS);
  if (!(submitTimeout < settleMs)) {
    throw new ValidationError(
      "createGenerationWorker",
      [
        {
          path: "submitTimeout",
          rule: "too_big",
          message: `must be below settleMs (${settleMs} ms), got ${submitTimeout} ms: a vidgen job is sent again only once its submission may no longer create a task`,
        },
      ],
      "options",
    );
  }
  client.taskRegistry.batchWindow = pollRound;
  const log = client.transport.log;
  /** The client's logger, each line naming the queue. */
  const queueLog = {
    warn: (line: string) => log.warn(`queue ${name}: ${line}`),
    error: (line: string) => log.error(`queue ${name}: ${line}`),
  };
  const outcomes = new Outcomes(queueLog.warn);
  const running = new Map<string, Running>();
  /** Jobs this worker moved out of active itself (delayed, back to wait): their lock is gone on purpose. */
  const moved = new Map<string, number>();
  let shuttingDown: Promise<void> | undefined;
  let idle: (() => void) | undefined;

  const handBack = async (job: GenerationJob, token: string): Promise<never> => {
    moved.set(job.id ?? "", Date.now());
    await job.moveToWait(token);
    outcomes.counts.handedBack++;
    throw new WaitingError();
  };

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
    const lock = token ?? "";
    if (shuttingDown) return handBack(job, lock);
    const run: Running = { stop: new AbortController(), sending: false };
    const id = job.id ?? "";
    running.set(id, run);
    const onCancel = () => run.stop.abort(signal?.reason);
    signal?.addEventListener("abort", onCancel, { once: true });
    const stopped = () => run.stop.signal.reason as Stop | undefined;
    let task: TaskRef | undefined = job.data.task;
    try {
      task ??= await submitter.task({
        job,
        op,
        token: lock,
        signal: run.stop.signal,
        sending: (out) => {
          run.sending = out;
        },
      });
      if (shuttingDown) return await handBack(job, lock);
      let reported = Promise.resolve();
      const paid = task;
      const snapshot = await client.tasks.wait(paid, {
        ...wait,
        signal: run.stop.signal,
        onProgress: ({ status, progress }) => {
          const update: GenerationProgress = { task: paid, status, progress };
          reported = reported.then(() => job.updateProgress(update)).catch(() => undefined);
        },
      });
      await reported;
      // The submission's cost, recorded with the handle: whichever worker submitted, the result has it.
      const { cost, costReason } = job.data;
      return snapshot.status === "succeeded" && cost !== undefined
        ? { ...snapshot, cost, costReason }
        : snapshot;
    } catch (error) {
      if (stopped() === "shutdown") return await handBack(job, lock);
      if (stopped() === "lockLost" || error instanceof LockLostError) {
        outcomes.counts.lockLost++;
        throw error instanceof LockLostError ? error : new LockLostError(job.id);
      }
      if (task && isPaidFailure(job, error)) {
        outcomes.emit(
          "paidFailed",
          { jobId: job.id, operation: op.name, task, error },
          `job ${job.id} (${op.name}) failed with its paid task ${JSON.stringify(task)} recorded (${describe(error)}); job.retry() waits on it again`,
        );
      }
      // BullMQ puts a rate-limited job back itself, after this: its lock then goes on purpose too.
      if (error instanceof BullRateLimitError) moved.set(id, Date.now());
      throw error;
    } finally {
      signal?.removeEventListener("abort", onCancel);
      running.delete(id);
      if (running.size === 0) idle?.();
    }
  }

  const worker = new Worker<GenerationJobData, GenerationResult, GenerationOperation>(name, processJob, {
    // BullMQ honours a manual rate limit (the Retry-After of a 429 / 10011-10013, and the pause
    // after an uncertain answer) only in a worker with a `limiter` (its moveToActive reads the
    // limit's TTL only when `limiter.max` is set). Without one of the caller's, a limit no queue
    // reaches: it counts, and never throttles.
    limiter: { max: 1_000_000_000, duration: 1000 },
    ...workerOptions,
    ...(workerName !== undefined ? { name: workerName } : {}),
    connection,
    concurrency,
  });
  const lockDuration = worker.opts.lockDuration ?? 30_000;
  const fence = new Fence(worker, {
    lockDuration,
    pause: { first: submitPause.first ?? 2000, max: submitPause.max ?? 60_000 },
    probeMs: submitTimeout,
  });
  const submitter = new Submitter({
    moving: (job) => moved.set(job.id ?? "", Date.now()),
    client,
    fence,
    slots: new Slots(maxSubmitting),
    worker,
    outcomes,
    log: queueLog,
    submitTimeout,
    settleMs,
    rateLimitPause,
    // A worker cut from Redis longer than its lock has lost the job anyway.
    recordGrace: lockDuration,
  });

  /** Whether this worker moved `jobId` out of active itself lately (its lock then goes on purpose). */
  const movedLately = (jobId: string) => {
    const at = moved.get(jobId);
    if (at === undefined) return false;
    if (Date.now() - at < lockDuration) return true;
    moved.delete(jobId);
    return false;
  };
  // Another worker runs the job now: this one stops its work on it (a wait ends; a claim not yet
  // made is refused by the fence anyway).
  worker.on("lockRenewalFailed", (jobIds: string[]) => {
    for (const jobId of jobIds) {
      if (!movedLately(jobId)) running.get(jobId)?.stop.abort("lockLost" satisfies Stop);
    }
  });
  // A Redis outage makes BullMQ emit an error per reconnection attempt, printed as a stack when
  // nobody listens: the client's logger gets one line per message (and per minute) instead. A
  // lock BullMQ could not renew is no outage: nothing when this worker moved the job itself (a
  // race with its renewal timer), else one line saying another worker has the job.
  const logged = new Map<string, number>();
  worker.on("error", (error) => {
    const line = error instanceof Error ? error.message : String(error);
    const lock = /(?:could not renew lock for job|Missing lock for job) (\S+?)\.?(?: |$)/.exec(line);
    if (lock && movedLately(lock[1] ?? "")) return;
    const key = lock ? `lock ${lock[1]}` : line;
    const at = Date.now();
    if (at - (logged.get(key) ?? -REPEAT_MS) < REPEAT_MS) return;
    if (logged.size >= 50) logged.clear(); // a bound, should every message differ
    logged.set(key, at);
    log.warn(
      lock
        ? `queue ${name}: job ${lock[1]}: this worker lost its lock (it was paused or cut from Redis past lockDuration); another worker runs the job, and this one dropped it`
        : `queue ${name}: ${line} (BullMQ reconnects by itself)`,
    );
  });

  async function shutdown(timeout = 30_000): Promise<void> {
    shuttingDown ??= (async () => {
      await worker.pause(true);
      for (const run of running.values()) if (!run.sending) run.stop.abort("shutdown" satisfies Stop);
      // Submissions in flight hand their jobs back once their handles are recorded.
      const drained =
        running.size === 0 ||
        (await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), timeout);
          idle = () => {
            clearTimeout(timer);
            resolve(true);
          };
        }));
      await worker.close(!drained);
    })();
    return shuttingDown;
  }

  return {
    worker,
    shutdown,
    async close(force = false) {
      await worker.close(force);
      // Left to other workers: this process stops polling their tasks too (once BullMQ is closed,
      // so that the ended waits fail no job).
      if (force) for (const run of running.values()) run.stop.abort("closed" satisfies Stop);
    },
    metrics: () => ({ ...outcomes.counts }),
    on: (event, listener) => outcomes.on(event, listener),
    off: (event, listener) => outcomes.off(event, listener),
  };
}

/** BullMQ's own signals that the job left active by the processor's doing (delayed, back to wait). */
const isMove = (error: unknown) =>
  error instanceof DelayedError || error instanceof WaitingError || error instanceof BullRateLimitError;

/**
 * Whether `error` fails a paid job for good, its result undelivered: no attempt left (or an error
 * BullMQ never retries), and not the task's own failure (new-api refunds a failed task:
 * service/task_polling.go at 116255f07, the FAILURE case of updateVideoSingleTask).
 */
function isPaidFailure(job: GenerationJob, error: unknown): boolean {
  if (isMove(error) || error instanceof TaskFailedError) return false;
  if (error instanceof UnrecoverableError) return true;
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}
