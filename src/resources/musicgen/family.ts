// gw.musicgen in the family manifest (src/resources/families.ts): what it gives a client.
import { type Family, type TaskClientContext, taskKinds } from "../../core/http/index.js";
import { musicgenLimits } from "../../limits.js";
import { Musicgen } from "./musicgen.js";
import type { MusicTaskResults } from "./results.js";

export const family = {
  namespaces: {
    /** Music jobs: `gw.musicgen.submit.music(...)` (docs/musicgen.md). */
    musicgen: (client: TaskClientContext) => new Musicgen(client),
  },
  entries: ["musicgen"],
  kinds: taskKinds<MusicTaskResults>({
    music: true,
    "music.feed": true,
    "music.lyrics": true,
    "music.lyrics.v1": true,
    "music.upload": true,
  }),
  limits: { musicgen: musicgenLimits },
  prices: [], // the spec's table has no music row
} as const satisfies Family<TaskClientContext>;
