/**
 * What a music submission bills: new-api relays a Suno submission as the model "suno_" + its action
 * (middleware/distributor.go, service/task.go: CoverTaskActionToModelName), whatever its `mv`, and
 * prices it per request under that name in /api/pricing. The spec's table has no music row.
 */
import type { Units } from "../../core/http/index.js";

/** The units of a submission of `action` (music, lyrics, concat): one request of "suno_<action>". */
export const musicMeter = (action: "music" | "lyrics" | "concat") => (): Units => ({
  model: `suno_${action}`,
});
