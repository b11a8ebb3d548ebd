/**
 * The task machinery every asynchronous family shares. A family registers a *kind* (how to read
 * one task, how to normalize what it read, optionally how to read many at once); the machinery
 * gives back `Task` handles, snapshots and waiting. Core never learns the families: it knows kinds
 * by name only, from the registry of the client they were registered with.
 */

import { MalformedResponseError, type TaskRef, ValidationError } from "../errors/errors.js";
import { APIPromise } from "../http/api-promise.js";
import type { Priced } from "../http/cost.js";
import { type Middleware, runWaitHooks } from "../http/middleware.js";
import type { Operation } from "../http/operation.js";
import type { RequestOptions, Transport } from "../http/transport.js";
import { requestIdFrom } from "../shared/request-id.js";
import { Slots } from "../shared/slots.js";
import { checkOptions, type OptionChecks, shown } from "../validation/options.js";
import { BatchReader } from "./batch-reader.js";
import { type AroundWait, describe, isTransient, WAIT_OPTIONS, type WaitOptions, waitFor } from "./poll.js";
import { readTaskRecord, type TaskRecord, type TaskSnapshot, taskIdOf } from "./task-record.js";

export type { TaskRef } from "../errors/errors.js";
export type { WaitOptions } from "./poll.js";
export type { TaskSnapshot, TaskStatus } from "./task-record.js";

/**
 * What a task's submission cost, read when a succeeded snapshot is made: the submission's
 * `withResponse().cost` (priced then, on a client that had not priced it as it ran).
 */
export type SubmissionCost = () => Priced | Promise<Priced>;

/**
 * Task queries one client's waits have in flight at most (single and batch reads alike). Each
 * concurrent request takes a socket: 5,000 video waits polling in step opened thousands (and failed
 * with EMFILE under `ulimit -n 1024`). Polls beyond it wait their turn; a poll whose wait ends
 * meanwhile leaves the line unsent.
 */
const MAX_POLLS_IN_FLIGHT = 128;

/**
 * Waits of a kind without a batch query sleep `interval × (1 ± 0.2)` between polls, so that tasks
 * submitted together stop polling in step.
 */
const POLL_JITTER = 0.2;

/** The cost of a task known only by its handle: the submission's figures are not in the record. */
const RESUMED: SubmissionCost = () => ({
  cost: null,
  reason:
    "the task was rebuilt from its { kind, id } handle; its cost is on the submission's withResponse().cost",
});

/** A succeeded snapshot carries what its submission cost (null, with the reason, when unknown). */
async function costed<R>(snapshot: TaskSnapshot<R>, cost: SubmissionCost): Promise<TaskSnapshot<R>> {
  if (snapshot.status !== "succeeded") return snapshot;
  const priced = await cost();
  return { ...snapshot, cost: priced.cost, costReason: priced.reason };
}

/** What a family registers for each kind of task it creates. */
export interface TaskKind<R = unknown> {
  /** Unique per client, e.g. `video`, `vidgen.text2video`, `music`. */
  name: string;
  /** Reads one task (a query; the transport retries it as idempotent). */
  retrieve(id: string, options?: RequestOptions): APIPromise<unknown>;
  /** Turns what `retrieve` or `batch.fetch` returned into a snapshot. Default: {@link snapshotOf}. */
  normalize?(raw: unknown, id: string): TaskSnapshot<R>;
  /**
   * Puts the kind's documented result together from a record of any convention, for a family whose
   * result a relay's other shape lacks (the unified video's `{output}` from new-api's `result_url`).
   * Default: the record's own payload.
   */
  resultOf?(record: TaskRecord): R | undefined;
  /** Reads many tasks in one request; waits on this kind then coalesce their polls. */
  batch?: { fetch(ids: string[], signal?: AbortSignal): Promise<unknown[]>; max: number };
}

/**
 * A snapshot from any task record convention (see task-record.ts); `resultOf` builds the result
 * from the record (default: the record's own payload).
 */
export function snapshotOf<R>(
  kind: string,
  raw: unknown,
  id?: string,
  resultOf: (record: TaskRecord) => R | undefined = (record) => record.result as R | undefined,
): TaskSnapshot<R> {
  const read = readTaskRecord(raw);
  if (!read) {
    throw new MalformedResponseError(`The gateway answered a ${kind} task query without a task record.`, {
      body: raw,
    });
  }
  const { status, progress, reason } = read;
  return { kind, id: read.id ?? id ?? "", status, progress, result: resultOf(read), reason, raw };
}

/**
 * The kinds of a kind -> result map (`{ video: VideoResult; ... }`) whose result is `R`: what a
 * handle given with the result type `R` may name. Every string when `R` is not given (unknown).
 */
export type KindsWithResult<M, R> = unknown extends R
  ? string
  : { [K in keyof M & string]: [M[K]] extends [R] ? K : never }[keyof M & string];

/** A submitted task. Serialize it with JSON.stringify; resume it anywhere with `gw.tasks.wait(json)`. */
export class Task<R = unknown, K extends string = string> implements TaskRef<K> {
  readonly kind: K;
  readonly id: string;
  readonly #registry: TaskRegistry;
  /** What the submission cost; unknown for a task rebuilt from its handle. */
  readonly #cost: SubmissionCost;

  /** @internal Tasks come from submissions and `gw.tasks.get(ref)`. */
  constructor(registry: TaskRegistry, ref: TaskRef<K>, cost: SubmissionCost = RESUMED) {
    this.#registry = registry;
    this.kind = ref.kind;
    this.id = ref.id;
    this.#cost = cost;
  }

  /** Polls until the task succeeds (resolves), fails (TaskFailedError) or time runs out (TaskTimeoutError). */
  wait(options?: WaitOptions<R>): Promise<TaskSnapshot<R>> {
    return this.#registry.wait<R>(this, options, this.#cost);
  }

  /** The task's current state. */
  retrieve(options?: RequestOptions): APIPromise<TaskSnapshot<R>> {
    return this.#registry.retrieve<R>(this, options, this.#cost);
  }

  /** The serializable handle `{ kind, id }`: store it, and resume later with `gw.tasks.wait(handle)`. */
  toJSON(): TaskRef<K> {
    return { kind: this.kind, id: this.id };
  }
}

/** A kind a client knows, and its batch reader when its family reads many tasks at once. */
type KindEntry = { kind: TaskKind<any>; batch?: BatchReader };

/**
 * The kinds one client knows (kind -> how to query, normalize and batch-read it), and the waiting
 * and retrieving they share. The client creates one with its transport; families register their
 * kinds on it through `ClientContext.taskRegistry`.
 */
export class TaskRegistry {
  readonly #kinds = new Map<string, KindEntry>();
  #batchWindow: number | undefined;
  /** Every task query of this client's waits takes one of these. */
  readonly #polls = new Slots(MAX_POLLS_IN_FLIGHT);

  constructor(
    private readonly transport: Transport,
    /** The client's middleware: the `onWait` hooks among them run around each wait. */
    private readonly middleware: readonly Middleware[] = [],
  ) {}

  /**
   * @internal The longest (ms) a read of a batch-capable kind waits for its round (the
   * BatchReader's; default 1000, and never more than half the wait's poll interval). A queue worker sets it to
   * its poll round, so all its waits on a kind cost one request per round (per batch size)
   * however their polls are phased.
   */
  set batchWindow(ms: number) {
    this.#batchWindow = ms;
    for (const { batch } of this.#kinds.values()) if (batch) batch.windowMs = ms;
  }

  register(kind: TaskKind<any>): void {
    const batch = kind.batch;
    const reader = batch
      ? new BatchReader(
          (ids, signal) => this.#polls.run(() => batch.fetch(ids, signal), signal),
          (record) => readTaskRecord(record)?.id,
          batch.max,
          this.#batchWindow,
        )
      : undefined;
    this.#kinds.set(kind.name, { kind, ...(reader ? { batch: reader } : {}) });
  }

  kinds(): string[] {
    return [...this.#kinds.keys()];
  }

  /** The kind named `name`, or a ValidationError listing the known ones (a vidgen query without its kind). */
  #entry(name: unknown): KindEntry {
    const entry = typeof name === "string" ? this.#kinds.get(name) : undefined;
    if (!entry) {
      const known = `known kinds: ${this.kinds().join(", ")}`;
      const message =
        name === undefined ? `is required; ${known}` : `Unknown task kind ${shown(name)}; ${known}`;
      throw new ValidationError("task", [{ path: "kind", rule: "unknown_kind", message }]);
    }
    return entry;
  }

  /** The snapshot of task `id`; a record for another task is a MalformedResponseError (never taken for this one). */
  #normalize<R>(kind: TaskKind<any>, raw: unknown, id: string): TaskSnapshot<R> {
    const snapshot = kind.normalize
      ? kind.normalize(raw, id)
      : snapshotOf<R>(kind.name, raw, id, kind.resultOf?.bind(kind));
    // A task queried by the caller's own id (Kling's external_task_id) answers with the gateway's id.
    if (snapshot.id !== "" && snapshot.id !== id && readTaskRecord(raw)?.externalId !== id) {
      throw new MalformedResponseError(
        `The gateway answered a query for ${kind.name} task ${JSON.stringify(id)} with the record of task ${JSON.stringify(snapshot.id)}.`,
        { body: raw },
      );
    }
    return snapshot;
  }

  task<R, K extends string = string>(ref: TaskRef<K>): Task<R, K> {
    this.#entry(ref.kind);
    return new Task<R, K>(this, ref);
  }

  /**
   * Sends the submission `op` declares and hands back its Task. The transport checks the params and
   * builds the request (it may encode files first); whatever that throws (a ValidationError) rejects
   * the promise and nothing is sent. `idOf` finds the task id in the answer (default: any relay's
   * place for it, {@link taskIdOf}); an answer without one is a MalformedResponseError carrying the
   * whole answer as `body` (never a retry: the job may exist, and may be billed).
   */
  submit<R, P>(
    kind: string,
    op: Operation<P>,
    params: P,
    options: RequestOptions | undefined,
    idOf: (body: unknown) => unknown = taskIdOf,
  ): APIPromise<Task<R>> {
    this.#entry(kind);
    const submitted = this.transport.call<unknown, P>(op, params, options);
    // Read when a succeeded snapshot is made, or by the caller's withResponse(): priced once. The
    // Task keeps what pricing reads, not the submission's Response.
    const completion = APIPromise.completedLater(submitted);
    const cost: SubmissionCost = () =>
      completion().then(({ cost, costReason }) =>
        cost === null ? { cost: null, reason: costReason ?? "" } : { cost },
      );
    return APIPromise.derive(submitted, (answer) => {
      const id = idOf(answer.data);
      if (typeof id !== "string" || id === "") {
        throw new MalformedResponseError(
          `The gateway accepted the ${kind} task but sent no task id (its answer is this error's body): the job may exist and be billed; check before submitting again.`,
          {
            status: answer.response.status,
            body: answer.data,
            requestId: answer.requestId ?? requestIdFrom(answer.response.headers),
          },
        );
      }
      return new Task<R>(this, { kind, id }, cost);
    });
  }

  /** The task's state; once succeeded, with the submission's cost (`cost`; unknown for a bare handle). */
  retrieve<R>(
    ref: TaskRef,
    options?: RequestOptions,
    cost: SubmissionCost = RESUMED,
  ): APIPromise<TaskSnapshot<R>> {
    let kind: TaskKind<any>;
    try {
      kind = this.#entry(ref.kind).kind;
    } catch (error) {
      // Rejected like every other failure of the call, not thrown out of it.
      return new APIPromise<TaskSnapshot<R>>(Promise.reject(error));
    }
    return APIPromise.derive(kind.retrieve(ref.id, options), (answer) =>
      costed(this.#normalize<R>(kind, answer.data, ref.id), cost),
    );
  }

  /**
   * Waits for a task; the middleware's `onWait` hooks, if any, run around the wait and see its
   * progress. The succeeded snapshot carries the submission's cost (`cost`).
   */
  wait<R>(
    ref: TaskRef,
    options?: WaitOptions<R>,
    cost: SubmissionCost = RESUMED,
    checks: OptionChecks<string> = WAIT_OPTIONS,
  ): Promise<TaskSnapshot<R>> {
    return this.#wait(ref, options, checks).then((snapshot) => costed(snapshot, cost));
  }

  /** `checks`: every option the wait takes (a family's wait that names the kind in them takes `kind` too). */
  #wait<R>(
    ref: TaskRef,
    options: WaitOptions<R> | undefined,
    checks: OptionChecks<string>,
  ): Promise<TaskSnapshot<R>> {
    let entry: KindEntry;
    try {
      entry = this.#entry(ref.kind);
      // Before anything is sent, and before onWait hooks spread them (options that are no object
      // would pass as none).
      if (options !== undefined) checkOptions("wait", options, checks);
    } catch (error) {
      return Promise.reject(error);
    }
    const task = { kind: ref.kind, id: ref.id };
    if (!this.middleware.some((m) => m.onWait)) return this.#poll(entry, task, options);
    const listeners: Array<(snapshot: TaskSnapshot<unknown>) => void> = [];
    const onProgress = (snapshot: TaskSnapshot<R>) => {
      for (const listener of listeners) listener(snapshot);
      options?.onProgress?.(snapshot);
    };
    const wait = {
      task,
      onProgress: (listener: (typeof listeners)[number]) => void listeners.push(listener),
    };
    // The hooks run inside the wait, under its timeout and signal (poll.ts).
    return this.#poll(entry, task, { ...options, onProgress }, (run) =>
      runWaitHooks(this.middleware, wait, run),
    );
  }

  #poll<R>(
    { kind, batch }: { kind: TaskKind<any>; batch?: BatchReader },
    task: TaskRef,
    options: WaitOptions<R> | undefined,
    around?: AroundWait<R>,
  ): Promise<TaskSnapshot<R>> {
    const log = this.transport.log;
    return waitFor<R>(
      task,
      async (signal, slack) => {
        const record = batch
          ? await batch.read(task.id, signal, slack).catch((error: unknown) => {
              // An outage (a 5xx, a dropped connection) skips this round: the next one is batched
              // again, instead of one query per task during the very outage that failed the batch.
              if (signal.aborted || (isTransient(error) && !(error instanceof MalformedResponseError)))
                throw error;
              // A batch answer it cannot use, or a route the relay lacks: the single query answers.
              log.warn(
                `${task.kind} batch query failed (${describe(error)}); polling ${task.id} singly this round`,
              );
              return undefined;
            })
          : undefined;
        if (record !== undefined) return this.#normalize<R>(kind, record, task.id);
        return this.#polls.run(() => this.retrieve<R>(task, { signal }), signal);
      },
      options,
      { log, around, jitter: batch ? 0 : POLL_JITTER },
    );
  }
}
