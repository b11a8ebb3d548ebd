/**
 * gw.musicgen.submit: songs (seven variants), lyrics and concatenation, each answered with a task
 * id in the envelope `{code: "success", message, data: "<task id>"}`. Bodies go on the wire exactly
 * as given: the variant of a song is inferred from its fields for the checks only.
 */
import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { LYRICS_KIND, MUSIC_KIND } from "./kinds.js";
import { SUBMIT_CONCAT, SUBMIT_LYRICS, SUBMIT_MUSIC } from "./operations.js";
import type { MusicConcatSubmitParams, MusicLyricsSubmitParams, MusicSubmitParams } from "./requests.js";
import type { LyricsTask, MusicClip, MusicLyrics, MusicTask } from "./results.js";

/** `gw.musicgen.submit`: song, lyrics and concatenation tasks. */
export class MusicSubmit {
  constructor(private readonly client: TaskClientContext) {}

  /**
   * POST /musicgen/submit/music: a song. The variant comes from the fields you give
   * (`gpt_description_prompt` inspiration, `prompt` custom lyrics, `continue_clip_id` + `continue_at`
   * continuation, `task: "upload_extend"` recreation, `persona_id`, `task: "gen_stem"`); see
   * docs/musicgen.md for each body.
   */
  music(params: MusicSubmitParams, options?: RequestOptions): APIPromise<MusicTask> {
    return this.client.taskRegistry.submit<MusicClip[], MusicSubmitParams>(
      MUSIC_KIND,
      SUBMIT_MUSIC,
      params,
      options,
    );
  }

  /** POST /musicgen/submit/lyrics; `notify_hook` is called with the task record when it ends. */
  lyrics(params: MusicLyricsSubmitParams, options?: RequestOptions): APIPromise<LyricsTask> {
    return this.client.taskRegistry.submit<MusicLyrics, MusicLyricsSubmitParams>(
      LYRICS_KIND,
      SUBMIT_LYRICS,
      params,
      options,
    );
  }

  /** POST /musicgen/submit/concat: `clip_id` is the extended song's clip; the task yields the whole song. */
  concat(params: MusicConcatSubmitParams, options?: RequestOptions): APIPromise<MusicTask> {
    return this.client.taskRegistry.submit<MusicClip[], MusicConcatSubmitParams>(
      MUSIC_KIND,
      SUBMIT_CONCAT,
      params,
      options,
    );
  }
}
