/** `genway/vidgen`: vidgen jobs (images, audio and video) over the same core and options as `Genway`, with task waiting. */
import type { GenwayOptions } from "../client-options.js";
import { Vidgen } from "../resources/vidgen/index.js";
import { TaskFamilyClient } from "./base.js";

/** The vidgen client: `gw.vidgen` and `gw.tasks` (waiting on, or resuming, its jobs). */
export class VidgenClient extends TaskFamilyClient {
  readonly vidgen: Vidgen;

  constructor(options: GenwayOptions = {}) {
    super("VidgenClient", options);
    this.vidgen = new Vidgen(this);
  }
}

/** @alias The same client, as the entry's default export. */
export default VidgenClient;
export * from "../resources/vidgen/index.js";
export * from "./shared.js";
export * from "./tasks.js";
