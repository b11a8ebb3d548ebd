/**
 * What the musicgen methods take: declared interfaces with the fields of the spec and, where the
 * spec says "not shown", of the upstream music API the endpoints relay (new-api `/suno/*` over
 * Suno-API). No field here is the SDK's own: every body goes on the wire as
 * given. The seven song variants of /musicgen/submit/music are told apart by their fields, never by
 * a discriminator.
 */
// The upstream's shapes: shared/upstream §1; the variants are told apart by musicVariantOf (schema.ts).

/** Song model versions seen on the gateway; any other string is sent as it is (the list moves fast). */
export type KnownMusicModel =
  | "chirp-v3-0"
  | "chirp-v3-5"
  | "chirp-v4"
  | "chirp-v4-5"
  | "chirp-v5"
  | "chirp-auk"
  | "chirp-bluejay"
  | "chirp-crow";

/** A song model version: a known one or any string. */
export type MusicModel = KnownMusicModel | (string & {});

/** Which kind of musicgen task a batch fetch reads: songs (`MUSIC`) or lyrics (`LYRICS`). */
export type MusicAction = "MUSIC" | "LYRICS";

/** The fields any song body may carry; each variant below makes some of them required. */
export interface MusicSongFields {
  /**
   * Custom mode: the lyrics to sing (`[Verse]`, `[Chorus]` ... markers). Continuations: the lyrics of
   * the new part. Stem separation: usually `""`. The spec lists it for the inspiration body.
   */
  prompt?: string;
  /**
   * Inspiration mode: a description of the song; the upstream writes lyrics, title and style from it
   * (upstream `dto.SunoSubmitReq`).
   */
  gpt_description_prompt?: string;
  /**
   * Model version, e.g. `chirp-v4`, `chirp-auk`. Any string is sent; when absent the relay fills in
   * its default (new-api: `chirp-v3-0`).
   */
  mv?: MusicModel;
  /** Song title (custom mode). */
  title?: string;
  /** Style tags, e.g. `"emotional punk"` (custom mode). */
  tags?: string;
  /** Styles to avoid (gateway docs; upstream passes it on). */
  negative_tags?: string;
  /** `true` for music without vocals. */
  make_instrumental?: boolean;
  /**
   * The upstream task type, written by the caller when the variant needs one: `extend`
   * (continuation), `upload_extend` (recreation of an upload), `artist_consistency` (persona),
   * `gen_stem` (stems), or whatever the gateway adds. The SDK never fills it in.
   */
  task?: "extend" | "upload_extend" | "artist_consistency" | "gen_stem" | (string & {});
  /** The task the continued clip came from (continuations; new-api takes it as the origin task). */
  task_id?: string;
  /** The clip to continue, recreate or separate. */
  continue_clip_id?: string;
  /**
   * Seconds into the source clip where the new part starts; a number (the upstream takes a float,
   * e.g. 12.5), at least 0. The spec types it as an integer; the looser upstream type is checked.
   */
  continue_at?: number | null;
  /** A persona made with `gw.musicgen.persona.create` (persona songs). */
  persona_id?: string;
  /** The persona's root clip (persona songs; gateway docs). */
  artist_clip_id?: string;
  /** Voice of the singer, `m` or `f` (gateway docs; sent as given). */
  vocal_gender?: string;
  /** Generation type, e.g. `TEXT` (persona and stem bodies of the gateway docs). */
  generation_type?: string;
  /** Stems: fixed to `two` by the spec's stem body. */
  stem_task?: string;
  /** Stems: fixed to 91 by the spec's stem body. */
  stem_type_id?: number;
  /** Stems: fixed to `Two` by the spec's stem body. */
  stem_type_group_name?: string;
  /** Stems: null in the spec's stem body. */
  continued_aligned_prompt?: string | null;
  /** Callback address: the gateway POSTs the task record there when the task ends. */
  notify_hook?: string;
}

/**
 * Inspiration (and its copy): a song from a description alone.
 * `{ gpt_description_prompt: "a happy song", mv: "chirp-v4" }`.
 */
export interface MusicInspirationParams extends MusicSongFields {
  /** The description the upstream writes the song from. Required in this mode. */
  gpt_description_prompt: string;
}

/**
 * Custom mode: your own lyrics, title and style.
 * `{ prompt: "[Verse]\n...", title: "City Lights", tags: "emotional punk", mv: "chirp-v4" }`.
 */
export interface MusicCustomParams extends MusicSongFields {
  /** The lyrics to sing. Required in this mode. */
  prompt: string;
}

/**
 * Continuation: a new part after `continue_at` seconds of a clip. Write `task: "extend"` when your
 * gateway asks for it (the SDK adds nothing).
 */
export interface MusicContinuationParams extends MusicSongFields {
  /** The clip to continue. Required. */
  continue_clip_id: string;
  /** Seconds into the clip where the new part starts (a float). Required for a continuation. */
  continue_at: number;
}

/**
 * Recreation of an uploaded song: `task: "upload_extend"` and the clip id of the upload
 * (`gw.musicgen.uploads.initializeClip`). Title, tags and mv are not demanded.
 */
export interface MusicRecreationParams extends MusicSongFields {
  /** Marks the recreation of an upload. */
  task: "upload_extend";
  /** The uploaded clip. Required. */
  continue_clip_id: string;
}

/** A song in a persona's voice and style; write `task: "artist_consistency"` if your gateway asks for it. */
export interface MusicPersonaParams extends MusicSongFields {
  /** The persona's id (from `gw.musicgen.persona.create`). Required. */
  persona_id: string;
}

/** Stem separation submitted as a music task: `task: "gen_stem"` and the source clip. */
export interface MusicStemsParams extends MusicSongFields {
  /** Marks a stem separation. */
  task: "gen_stem";
  /** The clip to separate. Required. */
  continue_clip_id: string;
}

/**
 * What `gw.musicgen.submit.music` (and `gw.musicgen.v1.generate`) take: one of the variants, told
 * apart by the fields present. Sent exactly as given.
 */
export type MusicSubmitParams =
  | MusicInspirationParams
  | MusicCustomParams
  | MusicContinuationParams
  | MusicRecreationParams
  | MusicPersonaParams
  | MusicStemsParams;

/** What `gw.musicgen.submit.lyrics` takes. */
export interface MusicLyricsSubmitParams {
  /** What the lyrics are about. Required and not empty (the upstream answers `prompt_empty`). */
  prompt: string;
  /** Callback address notified with the task record when the task ends. Optional. */
  notify_hook?: string;
}

/** What `gw.musicgen.submit.concat` takes. */
export interface MusicConcatSubmitParams {
  /** The id of the song after extension (the continuation's clip). Required. */
  clip_id: string;
  /** Whether the extension is an infill. Optional. */
  is_infill?: boolean;
  /** Callback address notified with the task record when the task ends (upstream docs). */
  notify_hook?: string;
}

/** What `gw.musicgen.fetchMany` takes. */
export interface MusicFetchManyParams {
  /** Task ids to read (at least one). Ids the gateway does not know are left out of the answer. */
  ids: string[];
  /** Which kind of task the ids are: `MUSIC` (default) or `LYRICS`. */
  action?: MusicAction;
}

/** What `gw.musicgen.persona.create` takes (all fields required by the spec). */
export interface MusicPersonaCreateParams {
  /** The clip the persona is made from; it must exist, must not be an uploaded clip, and cannot cross accounts. */
  root_clip_id: string;
  /** The persona's name. */
  name: string;
  /** A description of the persona. */
  description: string;
  /** Clip ids that belong to the persona. */
  clips: string[];
  /** Whether others may use the persona. */
  is_public: boolean;
}

/** What `gw.musicgen.stems.separate` takes; the spec's fixed stem fields are filled in by that method. */
export interface MusicStemsSeparateParams {
  /** The clip to separate into vocals and accompaniment (sent as `continue_clip_id`). Required. */
  clip_id: string;
  /** Title of the result. Default `""`. */
  title?: string;
  /** Whether the source is instrumental. Optional. */
  make_instrumental?: boolean;
}

/** What `gw.musicgen.v1.generateLyrics` takes: the upstream needs only a prompt. */
export interface MusicV1LyricsParams {
  /** What the lyrics are about. Required. */
  prompt: string;
  /** Listed by the spec for this body; sent when given. */
  mv?: MusicModel;
  /** Listed by the spec for this body; sent when given. */
  title?: string;
  /** Listed by the spec for this body; sent when given. */
  tags?: string;
  /** Listed by the spec for this body (seconds); sent when given. */
  continue_at?: number;
  /** Listed by the spec for this body; sent when given. */
  continue_clip_id?: string;
  /** Listed by the spec for this body; sent when given. */
  task?: string;
}

/** What `gw.musicgen.v1.concat` takes (both fields required by the spec). */
export interface MusicV1ConcatParams {
  /** The extended clip to make the whole song from. */
  clip_id: string;
  /** Whether the extension is an infill. */
  is_infill: boolean;
}

/** What `gw.musicgen.uploads.fromUrl` takes. */
export interface MusicUploadFromUrlParams {
  /** A public URL of the audio file (mp3, wav ...). */
  url: string;
}

/** What `gw.musicgen.uploads.request` takes (step 1). */
export interface MusicUploadRequestParams {
  /** The file's extension without the dot, e.g. `mp3`. */
  extension: string;
}

/** What `gw.musicgen.uploads.finish` takes (step 3). */
export interface MusicUploadFinishParams {
  /** The uploaded file's name. */
  upload_filename: string;
  /** How the bytes came; default `file_upload`. */
  upload_type?: string;
}

/** The steps of the generate, extend and concatenate workflow. */
export interface ConcatWorkflowParams {
  /** The first generation (any variant but stems). */
  song: Exclude<MusicSubmitParams, MusicStemsParams>;
  /**
   * The extension's body, sent as given plus `task_id`, `continue_clip_id` and `continue_at` (which
   * defaults to the chosen clip's duration, its end). Write `task: "extend"` if your gateway asks for it.
   */
  extend: Omit<MusicSongFields, "task_id" | "continue_clip_id">;
  /** Which clip of each generation to carry on with. Default 0. */
  clip?: number;
}
