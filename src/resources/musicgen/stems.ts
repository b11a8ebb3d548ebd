/** gw.musicgen.stems: vocal/accompaniment separation through the v1 generate operation. */
import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import type { MusicStemsSeparateParams } from "./requests.js";
import { stemsSeparateParams } from "./schema.js";
import { type MusicFeedTask, submitGeneration, v1Post } from "./v1.js";

/** The fields the spec fixes for a stem separation (POST /musicgen/generate). */
const STEM_FIELDS = {
  task: "gen_stem",
  mv: "chirp-auk",
  stem_task: "two",
  stem_type_id: 91,
  generation_type: "TEXT",
  stem_type_group_name: "Two",
  prompt: "",
  continue_at: null,
  continued_aligned_prompt: null,
} as const;

/** POST /musicgen/generate with the fixed fields; `clip_id` goes as continue_clip_id. */
const SEPARATE = {
  ...v1Post<MusicStemsSeparateParams>("generate", "/musicgen/generate", stemsSeparateParams, "music"),
  name: "musicgen.stems.separate",
  body: ({ clip_id, title, ...rest }: MusicStemsSeparateParams) => ({
    ...STEM_FIELDS,
    ...rest,
    title: title ?? "",
    continue_clip_id: clip_id,
  }),
};

/** `gw.musicgen.stems`: stem separation of a clip. */
export class MusicStems {
  constructor(private readonly client: TaskClientContext) {}

  /**
   * POST /musicgen/generate with the spec's fixed gen_stem fields; `clip_id` is sent as
   * continue_clip_id. Resolves to a Task (kind `music.feed`): `wait()` gives the vocal and
   * accompaniment clips.
   */
  separate(params: MusicStemsSeparateParams, options?: RequestOptions): APIPromise<MusicFeedTask> {
    return submitGeneration(this.client, SEPARATE, params, options);
  }
}
