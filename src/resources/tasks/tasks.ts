/** gw.tasks: any task, from its serialized handle `{kind, id}`, in any process. */

import { ValidationError } from "../../core/errors/index.js";
import type { RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { APIPromise } from "../../core/http/index.js";
import {
  type KindsWithResult,
  Task,
  type TaskRef,
  type TaskSnapshot,
  type WaitOptions,
} from "../../core/tasks/index.js";

/**
 * What a wait can start from: a Task, its `{ kind, id }` handle, or that handle as JSON text.
 * `TaskHandle<"video">` is a handle the compiler knows to be a video task (no JSON text: its kind
 * cannot be read before run time).
 */
export type TaskHandle<K extends string = string> = TaskRef<K> | (string extends K ? string : never);

/**
 * `gw.tasks`: wait on or read any task from its serialized handle `{ kind, id }`. `M` maps each kind
 * the client's compiler knows to its result (`{ video: VideoResult; music: MusicClip[]; ... }`):
 * a handle whose kind is one of them gives that result type; a JSON string gives `unknown` unless a
 * result type is given, and a result type given with a handle must be that handle's kind's.
 */
export class Tasks<M extends object = {}> {
  constructor(private readonly client: TaskClientContext) {}

  /**
   * Polls until the task ends, like `task.wait()`: from a Task, a handle, or its JSON, e.g.
   * `gw.tasks.wait(JSON.parse(saved))`, `gw.tasks.wait(saved)` or `gw.tasks.wait(timeoutError.task)`.
   */
  wait<R, K extends string = string>(task: Task<R, K>, options?: WaitOptions<R>): Promise<TaskSnapshot<R>>;
  wait<K extends keyof M & string>(
    handle: TaskRef<K>,
    options?: WaitOptions<M[K]>,
  ): Promise<TaskSnapshot<M[K]>>;
  wait<R = unknown>(
    handle: string | TaskRef<KindsWithResult<M, R>>,
    options?: WaitOptions<R>,
  ): Promise<TaskSnapshot<R>>;
  wait<R = unknown>(handle: TaskHandle, options?: WaitOptions<R>): Promise<TaskSnapshot<R>> {
    // A Task keeps its submission's cost for the succeeded snapshot; a handle knows none.
    return Promise.resolve().then(() => this.#task<R>(handle).wait(options));
  }

  /** The task's current state. */
  retrieve<R, K extends string = string>(
    task: Task<R, K>,
    options?: RequestOptions,
  ): APIPromise<TaskSnapshot<R>>;
  retrieve<K extends keyof M & string>(
    handle: TaskRef<K>,
    options?: RequestOptions,
  ): APIPromise<TaskSnapshot<M[K]>>;
  retrieve<R = unknown>(
    handle: string | TaskRef<KindsWithResult<M, R>>,
    options?: RequestOptions,
  ): APIPromise<TaskSnapshot<R>>;
  retrieve<R = unknown>(ref: TaskHandle, options?: RequestOptions): APIPromise<TaskSnapshot<R>> {
    let task: Task<R>;
    try {
      task = this.#task<R>(ref);
    } catch (error) {
      // Rejected like every other failure of the call, not thrown out of it.
      return new APIPromise<TaskSnapshot<R>>(Promise.reject(error));
    }
    return task.retrieve(options);
  }

  #task<R>(handle: TaskHandle | Task<R>): Task<R> {
    return handle instanceof Task ? handle : this.client.taskRegistry.task<R>(refOf(handle));
  }

  /** A live handle from a serialized one. */
  get<K extends keyof M & string>(handle: TaskRef<K>): Task<M[K], K>;
  get<R = unknown>(handle: string | TaskRef<KindsWithResult<M, R>>): Task<R>;
  get<R = unknown>(ref: TaskHandle): Task<R> {
    return this.client.taskRegistry.task<R>(refOf(ref));
  }

  /** Every kind this client can wait on: `video`, `vidgen.text2video` ..., `music`, `music.lyrics`, `music.upload`. */
  kinds(): string[] {
    return this.client.taskRegistry.kinds();
  }
}

/** `{ kind, id }` from a Task, a handle or its JSON; anything else is a ValidationError naming the problem. */
function refOf(handle: TaskHandle): TaskRef {
  let value: unknown = handle;
  if (typeof handle === "string") {
    try {
      value = JSON.parse(handle);
    } catch {
      value = undefined;
    }
  }
  const ref = value as Partial<TaskRef> | null | undefined;
  if (typeof ref?.kind === "string" && ref.kind !== "" && typeof ref.id === "string" && ref.id !== "") {
    return { kind: ref.kind, id: ref.id };
  }
  throw new ValidationError("tasks.wait", [
    {
      path: "task",
      rule: "invalid_type",
      message: 'must be a Task, a { kind, id } handle or its JSON, e.g. {"kind":"video","id":"task-1"}',
    },
  ]);
}
