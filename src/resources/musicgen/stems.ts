/** gw.musicgen.stems: vocal/accompaniment separation through the v1 generate operation. */
import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { STEMS_SEPARATE } from "./operations.js";
import type { MusicStemsSeparateParams } from "./requests.js";
import { type MusicFeedTask, submitGeneration } from "./v1.js";

/** `gw.musicgen.stems`: stem separation of a clip. */
export class MusicStems {
  constructor(private readonly client: TaskClientContext) {}

  /**
   * POST /musicgen/generate with the spec's fixed gen_stem fields; `clip_id` is sent as
   * continue_clip_id. Resolves to a Task (kind `music.feed`): `wait()` gives the vocal and
   * accompaniment clips.
   */
  separate(params: MusicStemsSeparateParams, options?: RequestOptions): APIPromise<MusicFeedTask> {
    return submitGeneration(this.client, STEMS_SEPARATE, params, options);
  }
}
