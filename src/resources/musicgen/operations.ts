/**
 * The musicgen operations, declared once, and the schemas their bodies must meet. Only what the gateway certainly refuses
 * is checked: the spec's bounds where it states them (persona, v1 concat, batch fetch actions), the
 * upstream's needs where the spec says "not shown" or overstates them (a song needs a description
 * or lyrics, not all eight inspiration fields). Undeclared fields pass, and the caller's body is
 * sent, never a copy of it. Every submission is paid, and billed as new-api bills it.
 */
// requests.ts declares the types (type tests keep the two together); meter.ts bills as new-api does.
import { type Operation, operation, path } from "../../core/http/index.js";
import { type Finding, v } from "../../core/validation/index.js";
import { musicgenLimits } from "../../limits.js";
import { musicMeter } from "./meter.js";
import type {
  MusicConcatSubmitParams,
  MusicFetchManyParams,
  MusicLyricsSubmitParams,
  MusicPersonaCreateParams,
  MusicStemsSeparateParams,
  MusicSubmitParams,
  MusicUploadFromUrlParams,
  MusicUploadRequestParams,
  MusicV1ConcatParams,
  MusicV1LyricsParams,
} from "./requests.js";

/** The song variants of /musicgen/submit/music, as `musicVariantOf` infers them. */
export type MusicVariant = "stems" | "recreation" | "persona" | "continuation" | "inspiration" | "custom";

/**
 * Which variant a song body is, from its fields (nothing is added to the body): `task` gen_stem or
 * upload_extend, then `persona_id`, then `continue_clip_id`, then `gpt_description_prompt`, else
 * custom lyrics. The inspiration copy has the inspiration body.
 */
export function musicVariantOf(body: Record<string, unknown>): MusicVariant {
  if (body.task === "gen_stem") return "stems";
  if (body.task === "upload_extend") return "recreation";
  if (given(body.persona_id)) return "persona";
  if (given(body.continue_clip_id)) return "continuation";
  if (given(body.gpt_description_prompt)) return "inspiration";
  return "custom";
}

/** The upstream treats `""` as absent (the spec's inspiration body carries `continue_clip_id: ""`). */
function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

const str = v.string();
const id = v.text();
const seconds = v.number(musicgenLimits.continue_at);

/** Fields each variant needs beyond their types (upstream docs; the spec shows only inspiration). */
const NEEDS: Record<MusicVariant, readonly string[]> = {
  stems: ["continue_clip_id"],
  recreation: ["continue_clip_id"],
  persona: ["persona_id"],
  continuation: ["continue_clip_id", "continue_at"],
  inspiration: ["gpt_description_prompt"],
  custom: ["prompt"],
};

/** @internal The request schema; use the declared type MusicSubmitParams. */
export const musicSubmitParams = v.refine(
  v.object({
    prompt: v.optional(str),
    gpt_description_prompt: v.optional(str),
    mv: v.optional(str),
    title: v.optional(str),
    tags: v.optional(str),
    negative_tags: v.optional(str),
    make_instrumental: v.optional(v.boolean()),
    task: v.optional(str),
    task_id: v.optional(str),
    continue_clip_id: v.optional(str),
    continue_at: v.optional(v.nullable(seconds)),
    persona_id: v.optional(str),
    artist_clip_id: v.optional(str),
    vocal_gender: v.optional(str),
    generation_type: v.optional(str),
    stem_task: v.optional(str),
    stem_type_id: v.optional(v.number()),
    stem_type_group_name: v.optional(str),
    continued_aligned_prompt: v.optional(v.nullable(str)),
    notify_hook: v.optional(str),
  }),
  (body) => {
    const variant = musicVariantOf(body);
    const found: Finding[] = [];
    for (const field of NEEDS[variant]) {
      // Ids must be given; lyrics may be "" (an instrumental custom song).
      if (field === "prompt" ? typeof body.prompt === "string" : given(body[field as keyof typeof body]))
        continue;
      const message =
        variant === "custom"
          ? "is required (custom lyrics), or give gpt_description_prompt for a song from a description"
          : `is required for a ${variant === "stems" ? "stem separation" : variant}`;
      found.push({ path: [field], message, abort: true });
    }
    return found;
  },
);

/** @internal The request schema; use its declared type. */
export const lyricsSubmitParams = v.object({ prompt: v.text(), notify_hook: v.optional(str) });
/** @internal The request schema; use its declared type. */
export const concatSubmitParams = v.object({
  clip_id: id,
  is_infill: v.optional(v.boolean()),
  notify_hook: v.optional(str),
});
/** @internal The request schema; use its declared type. */
export const fetchManyParams = v.object({
  ids: v.array(id, { minItems: 1 }),
  action: v.optional(v.oneOf(musicgenLimits.fetchMany.action.oneOf)),
});
/** @internal The request schema; use its declared type. */
export const personaCreateParams = v.object({
  root_clip_id: id,
  name: str,
  description: str,
  clips: v.array(str),
  is_public: v.boolean(),
});
/** @internal The request schema; use its declared type. */
export const stemsSeparateParams = v.object({
  clip_id: id,
  title: v.optional(str),
  make_instrumental: v.optional(v.boolean()),
});
/** @internal The request schema; use its declared type. */
export const v1LyricsParams = v.object({
  prompt: str,
  mv: v.optional(str),
  title: v.optional(str),
  tags: v.optional(str),
  continue_at: v.optional(seconds),
  continue_clip_id: v.optional(str),
  task: v.optional(str),
});
/** @internal The request schema; use its declared type. */
export const v1ConcatParams = v.object({ clip_id: id, is_infill: v.boolean() });

/** POST /musicgen/submit/{what}: paid, and sent exactly as given. */
const submission = <P>(what: "music" | "lyrics" | "concat", schema: Operation<P>["schema"]) =>
  operation<P>({
    name: `musicgen.submit.${what}`,
    method: "POST",
    path: `/musicgen/submit/${what}`,
    policy: "paid",
    schema,
    meter: musicMeter(what),
    modelField: "mv",
  });

export const SUBMIT_MUSIC = submission<MusicSubmitParams>("music", musicSubmitParams);
export const SUBMIT_LYRICS = submission<MusicLyricsSubmitParams>("lyrics", lyricsSubmitParams);
export const SUBMIT_CONCAT = submission<MusicConcatSubmitParams>("concat", concatSubmitParams);

/** POST /musicgen/fetch, as batch waits send it: `{ ids, action }`, action defaulting to MUSIC. */
export const FETCH_BATCH = operation<MusicFetchManyParams>({
  name: "musicgen.fetchMany",
  method: "POST",
  path: "/musicgen/fetch",
  policy: "idempotent",
  body: ({ ids, action }) => ({ ids, action: action ?? "MUSIC" }),
});
/** What `fetchMany` sends: the batch query, its params checked first. */
export const FETCH_MANY = operation<MusicFetchManyParams>({ ...FETCH_BATCH, schema: fetchManyParams });

export const PERSONA_CREATE = operation<MusicPersonaCreateParams>({
  name: "musicgen.persona.create",
  method: "POST",
  path: "/musicgen/persona/create/",
  policy: "paid",
  schema: personaCreateParams,
});

/** A v1 POST: paid, sent as given once its schema passes. */
const v1Post = <P>(
  method: string,
  path: string,
  schema: Operation<P>["schema"],
  bills: "music" | "lyrics" | "concat",
) =>
  operation<P>({
    name: `musicgen.v1.${method}`,
    method: "POST",
    path,
    policy: "paid",
    schema,
    // The v1 routes are billed as the submit routes they mirror.
    meter: musicMeter(bills),
    modelField: "mv",
  });

export const V1_GENERATE = v1Post<MusicSubmitParams>(
  "generate",
  "/musicgen/generate",
  musicSubmitParams,
  "music",
);
export const V1_GENERATE_LYRICS = v1Post<MusicV1LyricsParams>(
  "generateLyrics",
  "/musicgen/generate/lyrics/",
  v1LyricsParams,
  "lyrics",
);
export const V1_CONCAT = v1Post<MusicV1ConcatParams>(
  "concat",
  "/musicgen/generate/concat",
  v1ConcatParams,
  "concat",
);
export const V1_LYRICS = operation<string>({
  name: "musicgen.v1.lyrics",
  method: "GET",
  path: (id) => path`/musicgen/lyrics/${id}`,
  policy: "idempotent",
});

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
export const STEMS_SEPARATE = operation<MusicStemsSeparateParams>({
  ...v1Post<MusicStemsSeparateParams>("generate", "/musicgen/generate", stemsSeparateParams, "music"),
  name: "musicgen.stems.separate",
  body: ({ clip_id, title, ...rest }) => ({
    ...STEM_FIELDS,
    ...rest,
    title: title ?? "",
    continue_clip_id: clip_id,
  }),
});

/** An upload's own path: the id as one encoded segment. */
const upload = (id: string) => path`/musicgeni/uploads/audio/${id}`;

/** The request schema of an upload by URL. */
const uploadFromUrlParams = v.object({ url: v.text() });
/** The request schema of an upload request. */
const uploadRequestParams = v.object({ extension: v.text() });

export const UPLOAD_FROM_URL = operation<MusicUploadFromUrlParams>({
  name: "musicgen.uploads.fromUrl",
  method: "POST",
  path: "/musicgen/uploads/audio-url",
  policy: "paid",
  schema: uploadFromUrlParams,
});
export const UPLOAD_REQUEST = operation<MusicUploadRequestParams>({
  name: "musicgen.uploads.request",
  method: "POST",
  path: "/musicgeni/uploads/audio",
  policy: "paid",
  schema: uploadRequestParams,
});
export const UPLOAD_FINISH = operation<{ id: string; body: object }>({
  name: "musicgen.uploads.finish",
  method: "POST",
  path: ({ id }) => `${upload(id)}/upload-finish`,
  policy: "idempotent",
  body: ({ body }) => body,
});
export const UPLOAD_INITIALIZE_CLIP = operation<string>({
  name: "musicgen.uploads.initializeClip",
  method: "POST",
  path: (id) => `${upload(id)}/initialize-clip`,
  policy: "paid",
  body: () => ({}),
});
