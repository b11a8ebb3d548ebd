/** `genway/musicgen`: music jobs over the same core and options as `Genway`, with task waiting. */
import type { GenwayOptions } from "../client-options.js";
import type { Task, TaskSnapshot, WaitOptions } from "../core/tasks/index.js";
import { Musicgen } from "../resources/musicgen/index.js";
import { type TaskHandle, Tasks } from "../resources/tasks/index.js";
import { FamilyClient } from "./base.js";

/** The musicgen client: `gw.musicgen` and `gw.tasks` (waiting on, or resuming, its jobs). */
export class MusicgenClient extends FamilyClient {
  readonly musicgen: Musicgen;
  readonly tasks: Tasks;

  constructor(options: GenwayOptions = {}) {
    super("MusicgenClient", options);
    this.musicgen = new Musicgen(this);
    this.tasks = new Tasks(this);
  }

  /** Waits for a job until it ends, from its Task, its `{ kind, id }` handle or that handle's JSON (as `Genway.pollTask`). */
  pollTask<R>(task: Task<R>, options?: WaitOptions<R>): Promise<TaskSnapshot<R>>;
  pollTask<R = unknown>(handle: TaskHandle, options?: WaitOptions<R>): Promise<TaskSnapshot<R>>;
  pollTask<R = unknown>(handle: TaskHandle, options?: WaitOptions<R>): Promise<TaskSnapshot<R>> {
    return this.tasks.wait<R>(handle, options);
  }
}

/** @alias The same client, as the entry's default export. */
export default MusicgenClient;
export * from "../resources/musicgen/index.js";
export * from "./shared.js";
export * from "./tasks.js";
