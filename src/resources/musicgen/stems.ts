/** gw.musicgen.stems: vocal/accompaniment separation through the v1 generate operation. */
import type { APIPromise } from "../../core/api-promise.js";
import type { Resource } from "../../core/resource.js";
import type { RequestOptions } from "../../core/transport.js";
import { validate } from "../../core/validate.js";
import { request } from "./request.js";
import { type MusicStemsSeparateParams, stemsSeparateParams } from "./schema.js";
import type { MusicGeneration } from "./types.js";

/** The fields the spec fixes for a stem separation. */
export const STEM_FIELDS = {
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

/** `gw.musicgen.stems`: stem separation of a clip. */
export class MusicStems {
  constructor(private readonly client: Resource) {}

  /** POST /musicgen/generate with the fixed gen_stem fields; `clip_id` is sent as continue_clip_id. */
  separate(params: MusicStemsSeparateParams, options?: RequestOptions): APIPromise<MusicGeneration> {
    return request(
      this.client,
      () => {
        const checked = validate(
          stemsSeparateParams,
          params,
          "musicgen.stems.separate",
          this.client.validation,
        );
        const { clip_id, title, ...rest } = checked;
        const body = { ...STEM_FIELDS, ...rest, title: title ?? "", continue_clip_id: clip_id };
        return { method: "POST", path: "/musicgen/generate", body, policy: "paid" };
      },
      options,
    );
  }
}
