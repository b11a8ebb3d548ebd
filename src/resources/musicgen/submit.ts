/** gw.musicgen.submit: songs (seven variants), lyrics and concatenation, each answered with a task id. */
import type { APIPromise } from "../../core/api-promise.js";
import type { Resource } from "../../core/resource.js";
import { tasksOf } from "../../core/tasks.js";
import type { RequestOptions } from "../../core/transport.js";
import { validate } from "../../core/validate.js";
import { LYRICS_KIND, MUSIC_KIND } from "./kinds.js";
import {
  concatSubmitParams,
  lyricsSubmitParams,
  type MusicConcatSubmitParams,
  type MusicLyricsSubmitParams,
  type MusicSubmitParams,
  musicSubmitParams,
} from "./schema.js";
import { STEM_FIELDS } from "./stems.js";
import type { LyricsTask, MusicClip, MusicLyrics, MusicTask } from "./types.js";

/** The `task` each variant implies; inspiration carries its own. */
const TASK_OF: Record<string, string | undefined> = {
  continuation: "extend",
  recreation: "upload_extend",
  persona: "artist_consistency",
};

/** `{code: "success", message, data: "<task id>"}`. */
const taskIdOf = (body: unknown) => (body as { data?: unknown })?.data;

/** `gw.musicgen.submit`: song, lyrics and concatenation tasks. */
export class MusicSubmit {
  constructor(private readonly client: Resource) {}

  /** POST /musicgen/submit/music. `variant` picks the shape and is not sent. */
  music(params: MusicSubmitParams, options?: RequestOptions): APIPromise<MusicTask> {
    return this.#submit<MusicClip[]>(
      MUSIC_KIND,
      "music",
      () => {
        const { variant, ...body } = validate(
          musicSubmitParams,
          params,
          "musicgen.submit.music",
          this.client.validation,
        );
        if (variant === "stems") return { ...STEM_FIELDS, title: "", ...body };
        const task = TASK_OF[variant];
        return task ? { ...body, task } : body;
      },
      options,
    );
  }

  /** POST /musicgen/submit/lyrics; `notify_hook` is called with the task record when it ends. */
  lyrics(params: MusicLyricsSubmitParams, options?: RequestOptions): APIPromise<LyricsTask> {
    return this.#submit<MusicLyrics>(
      LYRICS_KIND,
      "lyrics",
      () => validate(lyricsSubmitParams, params, "musicgen.submit.lyrics", this.client.validation),
      options,
    );
  }

  /** POST /musicgen/submit/concat: `clip_id` is the extended song's clip; the task yields the whole song. */
  concat(params: MusicConcatSubmitParams, options?: RequestOptions): APIPromise<MusicTask> {
    return this.#submit<MusicClip[]>(
      MUSIC_KIND,
      "concat",
      () => validate(concatSubmitParams, params, "musicgen.submit.concat", this.client.validation),
      options,
    );
  }

  #submit<R>(kind: string, what: string, body: () => object, options?: RequestOptions) {
    const build = () =>
      ({ method: "POST", path: `/musicgen/submit/${what}`, body: body(), policy: "paid" }) as const;
    return tasksOf(this.client).submit<R>(kind, build, options, taskIdOf);
  }
}
