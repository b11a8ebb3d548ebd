/** `genway/musicgen`: music jobs over the same core and options as `Genway`, with task waiting. */
import type { GenwayOptions } from "../client-options.js";
import type { Namespaces } from "../core/http/index.js";
import { family as musicgen } from "../resources/musicgen/family.js";
import { openFamilies, TaskFamilyClient } from "./base.js";

/** The musicgen client: `gw.musicgen` and `gw.tasks` (waiting on, or resuming, its jobs). */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its namespaces (the interface below) are its families', each opened by openFamilies
export class MusicgenClient extends TaskFamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("MusicgenClient", options);
    openFamilies(this, [musicgen]);
  }
}

export interface MusicgenClient extends Namespaces<[typeof musicgen]> {}

/** @alias The same client, as the entry's default export. */
export default MusicgenClient;
export * from "../resources/musicgen/index.js";
export * from "./shared.js";
export * from "./tasks.js";
