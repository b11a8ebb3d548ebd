/** `genway/videos`: video jobs (/v2/videos) over the same core and options as `Genway`, with task waiting. */
import type { GenwayOptions } from "../client-options.js";
import { Videos } from "../resources/videos/index.js";
import { TaskFamilyClient } from "./base.js";

/** The videos client: `gw.videos` and `gw.tasks` (waiting on, or resuming, its jobs). */
export class VideosClient extends TaskFamilyClient {
  readonly videos: Videos;

  constructor(options: GenwayOptions = {}) {
    super("VideosClient", options);
    this.videos = new Videos(this);
  }
}

/** @alias The same client, as the entry's default export. */
export default VideosClient;
export * from "../resources/videos/index.js";
export * from "./shared.js";
export * from "./tasks.js";
