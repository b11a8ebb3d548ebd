/** `genway/musicgen`: music jobs over the same core and options as `Genway`, with task waiting. */
import type { GenwayOptions } from "../client-options.js";
import { Musicgen } from "../resources/musicgen/index.js";
import { TaskFamilyClient } from "./base.js";

/** The musicgen client: `gw.musicgen` and `gw.tasks` (waiting on, or resuming, its jobs). */
export class MusicgenClient extends TaskFamilyClient {
  readonly musicgen: Musicgen;

  constructor(options: GenwayOptions = {}) {
    super("MusicgenClient", options);
    this.musicgen = new Musicgen(this);
  }
}

/** @alias The same client, as the entry's default export. */
export default MusicgenClient;
export * from "../resources/musicgen/index.js";
export * from "./shared.js";
export * from "./tasks.js";
