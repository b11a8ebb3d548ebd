/** `genway/vidgen`: vidgen jobs (images, audio and video) over the same core and options as `Genway`, with task waiting. */
import type { GenwayOptions } from "../client-options.js";
import type { Task, TaskSnapshot, WaitOptions } from "../core/tasks/index.js";
import { type TaskHandle, Tasks } from "../resources/tasks/index.js";
import { Vidgen } from "../resources/vidgen/index.js";
import { FamilyClient } from "./base.js";

/** The vidgen client: `gw.vidgen` and `gw.tasks` (waiting on, or resuming, its jobs). */
export class VidgenClient extends FamilyClient {
  readonly vidgen: Vidgen;
  readonly tasks: Tasks;

  constructor(options: GenwayOptions = {}) {
    super("VidgenClient", options);
    this.vidgen = new Vidgen(this);
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
export default VidgenClient;
export * from "../resources/vidgen/index.js";
export * from "./shared.js";
export * from "./tasks.js";
