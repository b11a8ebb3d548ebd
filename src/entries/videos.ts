/** `genway/videos`: video jobs (/v2/videos) over the same core and options as `Genway`, with task waiting. */
import type { GenwayOptions } from "../client-options.js";
import type { Namespaces } from "../core/http/index.js";
import { family as videos } from "../resources/videos/family.js";
import { openFamilies, TaskFamilyClient } from "./base.js";

/** The videos client: `gw.videos` and `gw.tasks` (waiting on, or resuming, its jobs). */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its namespaces (the interface below) are its families', each opened by openFamilies
export class VideosClient extends TaskFamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("VideosClient", options);
    openFamilies(this, [videos]);
  }
}

export interface VideosClient extends Namespaces<[typeof videos]> {}

/** @alias The same client, as the entry's default export. */
export default VideosClient;
export * from "../resources/videos/index.js";
export * from "./shared.js";
export * from "./tasks.js";
