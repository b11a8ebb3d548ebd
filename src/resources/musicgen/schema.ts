/**
 * Musicgen request bodies. The seven /musicgen/submit/music variants form a union discriminated by
 * `variant` (an SDK-side field, never sent). Inspiration (and its copy) has the fields the spec
 * lists, all required; the spec shows no fields for the other five, so they follow the upstream
 * music API the endpoint relays (shared/upstream §1): custom lyrics, extend (task `extend`),
 * recreation of an uploaded song (`upload_extend`), persona (`artist_consistency`), stems (`gen_stem`).
 * Fixed fields (`task`, the stem fields) are filled in by the SDK.
 */
import * as z from "zod/mini";

const str = z.string();
const id = z.string().check(z.minLength(1));
const seconds = z.number().check(z.minimum(0));

/** The fields every song variant shares (custom mode). */
const song = {
  prompt: str,
  title: str,
  tags: str,
  mv: str,
  make_instrumental: z.optional(z.boolean()),
  negative_tags: z.optional(str),
  notify_hook: z.optional(str),
};

/** Inspiration per the spec: all eight fields required. */
const inspirationFields = {
  prompt: str,
  mv: str,
  title: str,
  tags: str,
  continue_at: z.int(),
  continue_clip_id: str,
  task: str,
  make_instrumental: z.boolean(),
  gpt_description_prompt: z.optional(str),
  notify_hook: z.optional(str),
};

/** @internal The request schema; use its type. */
export const inspirationParams = z.looseObject({ variant: z.literal("inspiration"), ...inspirationFields });
/** @internal The request schema; use its type. */
export const inspirationCopyParams = z.looseObject({
  variant: z.literal("inspiration-copy"),
  ...inspirationFields,
});
/** @internal The request schema; use its type. */
export const customParams = z.looseObject({ variant: z.literal("custom"), ...song });
/** @internal The request schema; use its type. */
export const continuationParams = z.looseObject({
  variant: z.literal("continuation"),
  ...song,
  task_id: id,
  continue_clip_id: id,
  continue_at: seconds,
  task: z.optional(z.literal("extend")),
});
/** @internal The request schema; use its type. */
export const recreationParams = z.looseObject({
  variant: z.literal("recreation"),
  ...song,
  /** The clip id an upload returned (gw.musicgen.uploads). */
  continue_clip_id: id,
  continue_at: seconds,
  task: z.optional(z.literal("upload_extend")),
});
/** @internal The request schema; use its type. */
export const personaParams = z.looseObject({
  variant: z.literal("persona"),
  ...song,
  persona_id: id,
  /** The persona's root clip. */
  artist_clip_id: id,
  vocal_gender: z.optional(str),
  generation_type: z.optional(str),
  task: z.optional(z.literal("artist_consistency")),
});
/** @internal The request schema; use its type. */
export const stemsParams = z.looseObject({
  variant: z.literal("stems"),
  /** The clip to separate. */
  continue_clip_id: id,
  task_id: z.optional(str),
  title: z.optional(str),
  make_instrumental: z.optional(z.boolean()),
});

const variants = [
  inspirationParams,
  inspirationCopyParams,
  customParams,
  continuationParams,
  recreationParams,
  personaParams,
  stemsParams,
] as const;
const variantNames = variants.map((v) => JSON.stringify(v.def.shape.variant.def.values[0])).join(", ");
/** @internal The request schema; use its type. */
export const musicSubmitParams = z.discriminatedUnion("variant", [...variants], {
  error: `must be one of ${variantNames}`,
});

/** @internal The request schema; use its type. */
export const lyricsSubmitParams = z.looseObject({ prompt: id, notify_hook: z.optional(str) });
/** @internal The request schema; use its type. */
export const concatSubmitParams = z.looseObject({ clip_id: id, is_infill: z.optional(z.boolean()) });
/** @internal The request schema; use its type. */
export const fetchManyParams = z.looseObject({
  ids: z.array(id).check(z.minLength(1)),
  action: z.enum(["MUSIC", "LYRICS"]),
});
/** @internal The request schema; use its type. */
export const personaCreateParams = z.looseObject({
  root_clip_id: id,
  name: str,
  description: str,
  clips: z.array(str),
  is_public: z.boolean(),
});
/** @internal The request schema; use its type. */
export const stemsSeparateParams = z.looseObject({
  clip_id: id,
  title: z.optional(str),
  make_instrumental: z.optional(z.boolean()),
});

/** v1 song generation and v1 lyrics: every field required. */
const v1Fields = {
  prompt: str,
  mv: str,
  title: str,
  tags: str,
  continue_at: z.int(),
  continue_clip_id: str,
  task: str,
};
/** @internal The request schema; use its type. */
export const v1GenerateParams = z.looseObject({ ...v1Fields, make_instrumental: z.boolean() });
/** @internal The request schema; use its type. */
export const v1LyricsParams = z.looseObject(v1Fields);
/** @internal The request schema; use its type. */
export const v1ConcatParams = z.looseObject({ clip_id: id, is_infill: z.boolean() });

/**
 * What `gw.musicgen.submit.music` takes: one of the seven variants, picked by `variant` (not sent).
 * @useDeclaredType
 */
export type MusicSubmitParams = z.input<typeof musicSubmitParams>;
/**
 * A song from a description (`variant: "inspiration"`).
 * @useDeclaredType
 */
export type MusicInspirationParams = z.input<typeof inspirationParams>;
/**
 * A song from your own lyrics, title and style (`variant: "custom"`).
 * @useDeclaredType
 */
export type MusicCustomParams = z.input<typeof customParams>;
/**
 * A song that continues a clip from `continue_at` seconds (`variant: "continuation"`).
 * @useDeclaredType
 */
export type MusicContinuationParams = z.input<typeof continuationParams>;
/**
 * A song recreated from an uploaded clip (`variant: "recreation"`).
 * @useDeclaredType
 */
export type MusicRecreationParams = z.input<typeof recreationParams>;
/**
 * A song in a persona's voice and style (`variant: "persona"`).
 * @useDeclaredType
 */
export type MusicPersonaParams = z.input<typeof personaParams>;
/**
 * Stems of a clip submitted as a music task (`variant: "stems"`).
 * @useDeclaredType
 */
export type MusicStemsParams = z.input<typeof stemsParams>;
/**
 * What `gw.musicgen.submit.lyrics` takes.
 * @useDeclaredType
 */
export type MusicLyricsSubmitParams = z.input<typeof lyricsSubmitParams>;
/**
 * What `gw.musicgen.submit.concat` takes.
 * @useDeclaredType
 */
export type MusicConcatSubmitParams = z.input<typeof concatSubmitParams>;
/**
 * What `gw.musicgen.persona.create` takes.
 * @useDeclaredType
 */
export type MusicPersonaCreateParams = z.input<typeof personaCreateParams>;
/**
 * What `gw.musicgen.stems.separate` takes.
 * @useDeclaredType
 */
export type MusicStemsSeparateParams = z.input<typeof stemsSeparateParams>;
/**
 * What `gw.musicgen.v1.generate` takes.
 * @useDeclaredType
 */
export type MusicV1GenerateParams = z.input<typeof v1GenerateParams>;
/**
 * What `gw.musicgen.v1.generateLyrics` takes.
 * @useDeclaredType
 */
export type MusicV1LyricsParams = z.input<typeof v1LyricsParams>;
/**
 * What `gw.musicgen.v1.concat` takes.
 * @useDeclaredType
 */
export type MusicV1ConcatParams = z.input<typeof v1ConcatParams>;
