// gw.vidgen in the family manifest (src/resources/families.ts): what it gives a client.
import { type Family, type TaskClientContext, taskKinds } from "../../core/http/index.js";
import { vidgenLimits } from "../../limits.js";
import { OPERATIONS, type VidgenKind } from "./operations.js";
import type { VidgenTaskResults } from "./results.js";
import { Vidgen } from "./vidgen.js";

/** One kind per operation (`vidgen.text2video` ...), as the namespace registers them. */
const kinds = Object.fromEntries(Object.values(OPERATIONS).map((op) => [op.kind, true])) as {
  [K in VidgenKind]: true;
};

export const family = {
  namespaces: {
    /** Image, video and audio jobs of the Kling-style API: `gw.vidgen.videos.textToVideo(...)` (docs/vidgen.md). */
    vidgen: (client: TaskClientContext) => new Vidgen(client),
  },
  entries: ["vidgen"],
  kinds: taskKinds<VidgenTaskResults>(kinds),
  limits: { vidgen: vidgenLimits },
  prices: ["vidgen"],
} as const satisfies Family<TaskClientContext>;
