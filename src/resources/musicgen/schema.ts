/**
 * The run-time checks of the musicgen bodies (the declared types are in params.ts; type tests keep
 * the two together). Only what the gateway certainly refuses is checked: the spec's bounds where it
 * states them (persona, v1 concat, batch fetch actions), the upstream's needs where the spec says
 * "not shown" or overstates them (a song needs a description or lyrics, not all eight inspiration
 * fields). Every schema is a loose object, so undeclared fields pass, and the caller's body is sent,
 * never a parsed copy.
 */
import * as z from "zod/mini";

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

/** Builds every schema of this file; runs once, on the first call that validates with one of them. */
function build() {
  const str = z.string();
  const id = z.string().check(z.minLength(1));
  const text = z.string().check(z.minLength(1));
  /** Seconds into a clip: the upstream takes a float (`dto.SunoSubmitReq.ContinueAt`); the spec writes integer. */
  const seconds = z.number().check(z.minimum(0));

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
  const musicSubmitParams = z
    .looseObject({
      prompt: z.optional(str),
      gpt_description_prompt: z.optional(str),
      mv: z.optional(str),
      title: z.optional(str),
      tags: z.optional(str),
      negative_tags: z.optional(str),
      make_instrumental: z.optional(z.boolean()),
      task: z.optional(str),
      task_id: z.optional(str),
      continue_clip_id: z.optional(str),
      continue_at: z.optional(z.nullable(seconds)),
      persona_id: z.optional(str),
      artist_clip_id: z.optional(str),
      vocal_gender: z.optional(str),
      generation_type: z.optional(str),
      stem_task: z.optional(str),
      stem_type_id: z.optional(z.number()),
      stem_type_group_name: z.optional(str),
      continued_aligned_prompt: z.optional(z.nullable(str)),
      notify_hook: z.optional(str),
    })
    .check(
      z.superRefine((body, ctx) => {
        const variant = musicVariantOf(body);
        for (const field of NEEDS[variant]) {
          // Ids must be given; lyrics may be "" (an instrumental custom song).
          if (field === "prompt" ? typeof body.prompt === "string" : given(body[field])) continue;
          const message =
            variant === "custom"
              ? "is required (custom lyrics), or give gpt_description_prompt for a song from a description"
              : `is required for a ${variant === "stems" ? "stem separation" : variant}`;
          ctx.issues.push({ code: "custom", message, path: [field], input: undefined });
        }
      }),
    );

  /** @internal The request schema; use its declared type. */
  const lyricsSubmitParams = z.looseObject({ prompt: text, notify_hook: z.optional(str) });
  /** @internal The request schema; use its declared type. */
  const concatSubmitParams = z.looseObject({
    clip_id: id,
    is_infill: z.optional(z.boolean()),
    notify_hook: z.optional(str),
  });
  /** @internal The request schema; use its declared type. */
  const fetchManyParams = z.looseObject({
    ids: z.array(id).check(z.minLength(1)),
    // Closed by the spec and the upstream alike (new-api answers anything else with invalid_action).
    action: z.optional(z.enum(["MUSIC", "LYRICS"])),
  });
  /** @internal The request schema; use its declared type. */
  const personaCreateParams = z.looseObject({
    root_clip_id: id,
    name: str,
    description: str,
    clips: z.array(str),
    is_public: z.boolean(),
  });
  /** @internal The request schema; use its declared type. */
  const stemsSeparateParams = z.looseObject({
    clip_id: id,
    title: z.optional(str),
    make_instrumental: z.optional(z.boolean()),
  });
  /** @internal The request schema; use its declared type. */
  const v1LyricsParams = z.looseObject({
    prompt: str,
    mv: z.optional(str),
    title: z.optional(str),
    tags: z.optional(str),
    continue_at: z.optional(seconds),
    continue_clip_id: z.optional(str),
    task: z.optional(str),
  });
  /** @internal The request schema; use its declared type. */
  const v1ConcatParams = z.looseObject({ clip_id: id, is_infill: z.boolean() });
  return {
    musicSubmitParams,
    lyricsSubmitParams,
    concatSubmitParams,
    fetchManyParams,
    personaCreateParams,
    stemsSeparateParams,
    v1LyricsParams,
    v1ConcatParams,
  };
}

let built: ReturnType<typeof build> | undefined;
const schemas = () => (built ??= build());

/** @internal The request schema; use the declared type MusicSubmitParams. */
export const musicSubmitParams = /* @__PURE__ */ z.lazy(() => schemas().musicSubmitParams);
/** @internal The request schema; use its declared type. */
export const lyricsSubmitParams = /* @__PURE__ */ z.lazy(() => schemas().lyricsSubmitParams);
/** @internal The request schema; use its declared type. */
export const concatSubmitParams = /* @__PURE__ */ z.lazy(() => schemas().concatSubmitParams);
/** @internal The request schema; use its declared type. */
export const fetchManyParams = /* @__PURE__ */ z.lazy(() => schemas().fetchManyParams);
/** @internal The request schema; use its declared type. */
export const personaCreateParams = /* @__PURE__ */ z.lazy(() => schemas().personaCreateParams);
/** @internal The request schema; use its declared type. */
export const stemsSeparateParams = /* @__PURE__ */ z.lazy(() => schemas().stemsSeparateParams);
/** @internal The request schema; use its declared type. */
export const v1LyricsParams = /* @__PURE__ */ z.lazy(() => schemas().v1LyricsParams);
/** @internal The request schema; use its declared type. */
export const v1ConcatParams = /* @__PURE__ */ z.lazy(() => schemas().v1ConcatParams);
