/** `genway/vidgen`: vidgen jobs (images, audio and video) over the same core and options as `Genway`, with task waiting. */
import type { GenwayOptions } from "../client-options.js";
import type { Namespaces } from "../core/http/index.js";
import { family as vidgen } from "../resources/vidgen/family.js";
import { openFamilies, TaskFamilyClient } from "./base.js";

/** The vidgen client: `gw.vidgen` and `gw.tasks` (waiting on, or resuming, its jobs). */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its namespaces (the interface below) are its families', each opened by openFamilies
export class VidgenClient extends TaskFamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("VidgenClient", options);
    openFamilies(this, [vidgen]);
  }
}

export interface VidgenClient extends Namespaces<[typeof vidgen]> {}

/** @alias The same client, as the entry's default export. */
export default VidgenClient;
export * from "../resources/vidgen/index.js";
export * from "./shared.js";
export * from "./tasks.js";
