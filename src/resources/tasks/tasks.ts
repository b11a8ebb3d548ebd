/** gw.tasks: any task, from its serialized handle `{kind, id}`, in any process. */
import type { APIPromise } from "../../core/api-promise.js";
import type { Resource } from "../../core/resource.js";
import { type Task, type TaskRef, type TaskSnapshot, tasksOf, type WaitOptions } from "../../core/tasks.js";
import type { RequestOptions } from "../../core/transport.js";

/** `gw.tasks`: wait on or read any task from its serialized handle `{ kind, id }`. */
export class Tasks {
  constructor(private readonly client: Resource) {}

  /** Resumes waiting on a task, e.g. `gw.tasks.wait(JSON.parse(saved))` or `gw.tasks.wait(timeoutError.task)`. */
  wait<R = unknown>(ref: TaskRef, options?: WaitOptions<R>): Promise<TaskSnapshot<R>> {
    return tasksOf(this.client).wait<R>(ref, options);
  }

  /** The task's current state. */
  retrieve<R = unknown>(ref: TaskRef, options?: RequestOptions): APIPromise<TaskSnapshot<R>> {
    return tasksOf(this.client).retrieve<R>(ref, options);
  }

  /** A live handle from a serialized one. */
  get<R = unknown>(ref: TaskRef): Task<R> {
    return tasksOf(this.client).task<R>(ref);
  }

  /** Every kind this client can wait on: `video`, `vidgen.text2video` ..., `music`, `music.lyrics`, `music.upload`. */
  kinds(): string[] {
    return tasksOf(this.client).kinds();
  }
}
