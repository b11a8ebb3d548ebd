/** gw.tasks: any task, from its serialized handle `{kind, id}`, in any process. */

import { ValidationError } from "../../core/errors/index.js";
import type { RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { APIPromise } from "../../core/http/index.js";
import { Task, type TaskRef, type TaskSnapshot, type WaitOptions } from "../../core/tasks/index.js";

/** What a wait can start from: a Task, its `{ kind, id }` handle, or that handle as JSON text. */
export type TaskHandle = TaskRef | string;

/** `gw.tasks`: wait on or read any task from its serialized handle `{ kind, id }`. */
export class Tasks {
  constructor(private readonly client: TaskClientContext) {}

  /**
   * Polls until the task ends, like `task.wait()`: from a Task, a handle, or its JSON, e.g.
   * `gw.tasks.wait(JSON.parse(saved))`, `gw.tasks.wait(saved)` or `gw.tasks.wait(timeoutError.task)`.
   */
  wait<R>(task: Task<R>, options?: WaitOptions<R>): Promise<TaskSnapshot<R>>;
  wait<R = unknown>(handle: TaskHandle, options?: WaitOptions<R>): Promise<TaskSnapshot<R>>;
  wait<R = unknown>(handle: TaskHandle, options?: WaitOptions<R>): Promise<TaskSnapshot<R>> {
    // A Task keeps its submission's cost for the succeeded snapshot; a handle knows none.
    return Promise.resolve().then(() => this.#task<R>(handle).wait(options));
  }

  /** The task's current state. */
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
  get<R = unknown>(ref: TaskHandle): Task<R> {
    return this.client.taskRegistry.task<R>(refOf(ref));
  }

  /** Every kind this client can wait on: `video`, `vidgen.text2video` ..., `music`, `music.lyrics`, `music.upload`. */
  kinds(): string[] {
    return this.client.taskRegistry.kinds();
  }
}

/**
 * `pollTask(gw, task, options)`: the package's name for `gw.tasks.wait` (the same machinery, not a
 * second one), for code that holds a client and a stored task handle.
 */
export function pollTask<R>(
  client: { tasks: Tasks },
  task: Task<R>,
  options?: WaitOptions<R>,
): Promise<TaskSnapshot<R>>;
export function pollTask<R = unknown>(
  client: { tasks: Tasks },
  handle: TaskHandle,
  options?: WaitOptions<R>,
): Promise<TaskSnapshot<R>>;
export function pollTask<R = unknown>(
  client: { tasks: Tasks },
  handle: TaskHandle,
  options?: WaitOptions<R>,
): Promise<TaskSnapshot<R>> {
  return client.tasks.wait<R>(handle, options);
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
