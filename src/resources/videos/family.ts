// gw.videos in the family manifest (src/resources/families.ts): what it gives a client.
import { type Family, type TaskClientContext, taskKinds } from "../../core/http/index.js";
import { videosLimits } from "../../limits.js";
import type { VideoTaskResults } from "./results.js";
import { Videos } from "./videos.js";

export const family = {
  namespaces: {
    /** Video jobs of the unified interface: `gw.videos.create(...)` (docs/videos.md). */
    videos: (client: TaskClientContext) => new Videos(client),
  },
  entries: ["videos"],
  kinds: taskKinds<VideoTaskResults>({ video: true }),
  limits: { videos: videosLimits },
  prices: ["vidA", "vidB"],
} as const satisfies Family<TaskClientContext>;
