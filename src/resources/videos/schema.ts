/**
 * POST /v2/videos/generations: the run-time checks. Which rules apply depends on where the model
 * catalog (src/pricing/models.ts) places the id: "vidA" gets the vidA bounds, "vidB" the vidB ones,
 * any other id (veo3, sora-2, kling-v2-master ...) only what every model needs (model, prompt).
 * Rules the spec ties to one exact id (which vidA ids take first/last frames, return_last_frame on
 * the lite-i2v id, vidB's text/image model lists and image counts) apply to exactly those ids.
 * The variant is told by the images given: none -> text-to-video; for vidA two -> first/last frame,
 * otherwise image-to-video. No SDK-only field says it (none is ever sent).
 */
import * as z from "zod/mini";
import { isUploadable, type Uploadable } from "../../core/uploads/index.js";
import { VIDA_MODELS, VIDA_RATIOS, VIDA_RESOLUTIONS, VIDB_IMAGE_MODELS, VIDB_TEXT_MODELS } from "./models.js";

/** Builds every schema of this file; runs once, on the first call that validates with one of them. */
function build() {
  /** The spec's first/last-frame ids: the list above without the pro and lite-t2v ids. */
  const VIDA_FRAME_MODELS = [
    "vidA-2.5",
    "vidA-2-0-260128",
    "vidA-2-0-fast-260128",
    "vidA-2.0-mini",
    "vidA-1-0-lite-i2v-250428",
  ] as const;
  /** The only spec id whose image variants may return the last frame. */
  const VIDA_LAST_FRAME_IMAGE_MODEL = "vidA-1-0-lite-i2v-250428";

  const VIDB_MODELS: readonly string[] = [...new Set([...VIDB_TEXT_MODELS, ...VIDB_IMAGE_MODELS])];
  /** Per-model image limits: first+last frame, first frame only, up to three elements. */
  const VIDB_MAX_IMAGES: Readonly<Record<string, number>> = {
    "vidB2-fast-frames": 2,
    "vidB3-pro-frames": 1,
    "vidB2-fast-components": 3,
  };

  /** A URL, base64 (or a data: URL), or bytes that the SDK encodes as base64. */
  const image = z.union([z.string().check(z.minLength(1)), z.custom<Uploadable>(isUploadable)]);
  const prompt = z.string().check(z.minLength(1));

  /** What every video submission needs, whatever the model. */
  const shared = { model: z.string().check(z.minLength(1)), prompt, images: z.optional(z.array(image)) };

  type Ctx = z.core.$RefinementCtx<{ model: string; prompt: string; images?: unknown[] | undefined }>;
  const notAllowed = (ctx: Ctx, path: string, values: readonly string[]) =>
    ctx.issues.push({ code: "invalid_value", values: [...values], path: [path], input: ctx.value.model });
  const atMost = (ctx: Ctx, path: "images" | "prompt", maximum: number, origin: "array" | "string") =>
    ctx.issues.push({
      code: "too_big",
      maximum,
      origin,
      inclusive: true,
      path: [path],
      input: ctx.value[path],
    });
  const isOneOf = (list: readonly string[], value: string) => list.includes(value);

  /**
   * Any id the catalog does not place in vidA or vidB: the model-independent checks only. Its image
   * strings are the gateway's to judge (the upstream's own example sends `""` placeholders).
   */
  const openVideoParams = z.looseObject({
    ...shared,
    images: z.optional(z.array(z.union([z.string(), z.custom<Uploadable>(isUploadable)]))),
  });

  const vidAParams = z
    .looseObject({
      ...shared,
      seed: z.optional(z.int().check(z.minimum(0), z.maximum(2147483647))),
      ratio: z.optional(z.enum(VIDA_RATIOS)),
      duration: z.optional(z.literal([5, 10])),
      resolution: z.optional(z.enum(VIDA_RESOLUTIONS)),
      watermark: z.optional(z.boolean()),
      camerafixed: z.optional(z.boolean()),
      generate_audio: z.optional(z.boolean()),
      return_last_frame: z.optional(z.boolean()),
    })
    .check(
      z.superRefine((p, ctx) => {
        const count = p.images?.length ?? 0;
        if (count === 0) return; // text-to-video
        // Image variants: the spec caps the prompt at 800 characters (the server truncates the rest).
        if (p.prompt.length > 800) atMost(ctx, "prompt", 800, "string");
        if (!isOneOf(VIDA_MODELS, p.model)) return; // the per-id rules below name the spec's ids only
        if (count === 2 && !isOneOf(VIDA_FRAME_MODELS, p.model)) notAllowed(ctx, "model", VIDA_FRAME_MODELS);
        if (p.return_last_frame && p.model !== VIDA_LAST_FRAME_IMAGE_MODEL)
          notAllowed(ctx, "model", [VIDA_LAST_FRAME_IMAGE_MODEL]);
      }),
    );

  const vidBParams = z
    .looseObject({
      ...shared,
      aspect_ratio: z.optional(z.enum(["16:9", "9:16"])),
      enhance_prompt: z.optional(z.boolean()),
      enable_upsample: z.optional(z.boolean()),
    })
    .check(
      z.superRefine((p, ctx) => {
        if (!VIDB_MODELS.includes(p.model)) return; // the lists and limits name the spec's ids only
        const count = p.images?.length ?? 0;
        if (count === 0) {
          if (!isOneOf(VIDB_TEXT_MODELS, p.model)) notAllowed(ctx, "model", VIDB_TEXT_MODELS);
          return;
        }
        if (!isOneOf(VIDB_IMAGE_MODELS, p.model)) notAllowed(ctx, "model", VIDB_IMAGE_MODELS);
        const max = VIDB_MAX_IMAGES[p.model];
        if (max !== undefined && count > max) atMost(ctx, "images", max, "array");
      }),
    );
  return { openVideoParams, vidAParams, vidBParams };
}

let built: ReturnType<typeof build> | undefined;
const schemas = () => (built ??= build());

/**
 * Any id the catalog does not place in vidA or vidB: the model-independent checks only. Its image
 * strings are the gateway's to judge (the upstream's own example sends `""` placeholders).
 */
export const openVideoParams = /* @__PURE__ */ z.lazy(() => schemas().openVideoParams);
export const vidAParams = /* @__PURE__ */ z.lazy(() => schemas().vidAParams);
export const vidBParams = /* @__PURE__ */ z.lazy(() => schemas().vidBParams);
