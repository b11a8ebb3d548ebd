/**
 * POST /v2/videos/generations: the vidA and vidB request shapes and every rule of the spec.
 * The variant (text-to-video, image-to-video, first/last frame) is `variant` when given (an SDK-side
 * field, never sent), else inferred from `images`: none -> text-to-video; for vidA, two images ->
 * first/last frame, otherwise image-to-video.
 */
import * as z from "zod/mini";
import { isUploadable, type Uploadable } from "../../core/uploads.js";

export const VIDA_MODELS = [
  "vidA-2.5",
  "vidA-2-0-260128",
  "vidA-2-0-fast-260128",
  "vidA-2.0-mini",
  "vidA-1-0-pro-250528",
  "vidA-1-0-lite-t2v-250428",
  "vidA-1-0-lite-i2v-250428",
] as const;
/** The first/last-frame variant drops the pro and lite-t2v models. */
const VIDA_FRAME_MODELS = [
  "vidA-2.5",
  "vidA-2-0-260128",
  "vidA-2-0-fast-260128",
  "vidA-2.0-mini",
  "vidA-1-0-lite-i2v-250428",
] as const;
/** The only model whose image variants may return the last frame. */
const VIDA_LAST_FRAME_IMAGE_MODEL = "vidA-1-0-lite-i2v-250428";

export const VIDB_TEXT_MODELS = [
  "vidB3",
  "vidB3-fast",
  "vidB3-pro",
  "vidB3-pro-frames",
  "vidB2",
  "vidB2-fast",
  "vidB2-fast-frames",
  "vidB2-fast-components",
  "vidB2-pro",
  "vidB3-fast-frames",
  "vidB3.1",
  "vidB3.1-pro",
] as const;
export const VIDB_IMAGE_MODELS = [
  "vidB3-pro-frames",
  "vidB3-fast-frames",
  "vidB2-fast-frames",
  "vidB2-fast-components",
  "vidB3.1",
  "vidB3.1-pro",
  "vidB3.1-components",
] as const;
/** Per-model image limits: first+last frame, first frame only, up to three elements. */
const VIDB_MAX_IMAGES: Record<string, number> = {
  "vidB2-fast-frames": 2,
  "vidB3-pro-frames": 1,
  "vidB2-fast-components": 3,
};

const VIDB_MODELS = [...new Set([...VIDB_TEXT_MODELS, ...VIDB_IMAGE_MODELS])] as const;
/**
 * A vidA video model.
 * @useDeclaredType
 */
export type VidAModel = (typeof VIDA_MODELS)[number];
/**
 * A vidB video model.
 * @useDeclaredType
 */
export type VidBModel = (typeof VIDB_MODELS)[number];

/** A URL, base64 (or a data: URL), or bytes that the SDK encodes as base64. */
const image = z.union([z.string().check(z.minLength(1)), z.custom<Uploadable>(isUploadable)]);
const prompt = z.string().check(z.minLength(1));

type Ctx = z.core.$RefinementCtx<Record<string, unknown>>;
const notAllowed = (ctx: Ctx, path: string, values: readonly string[]) =>
  ctx.issues.push({ code: "invalid_value", values: [...values], path: [path], input: ctx.value[path] });
const required = (ctx: Ctx, path: string) =>
  ctx.issues.push({ code: "invalid_type", expected: "array", path: [path], input: undefined });
const atMost = (ctx: Ctx, path: string, maximum: number, origin: "array" | "string") =>
  ctx.issues.push({
    code: "too_big",
    maximum,
    origin,
    inclusive: true,
    path: [path],
    input: ctx.value[path],
  });

export const vidAParams = z
  .looseObject({
    model: z.enum(VIDA_MODELS),
    prompt,
    variant: z.optional(z.enum(["text-to-video", "image-to-video", "first-last-frame"])),
    images: z.optional(z.array(image)),
    seed: z.optional(z.int().check(z.minimum(0), z.maximum(2147483647))),
    ratio: z.optional(
      z.enum(["21:9", "16:9", "4:3", "1:1", "3:4", "9:16", "9:21", "keep_ratio", "adaptive"]),
    ),
    duration: z.optional(z.literal([5, 10])),
    resolution: z.optional(z.enum(["480p", "720p", "1080p"])),
    watermark: z.optional(z.boolean()),
    camerafixed: z.optional(z.boolean()),
    generate_audio: z.optional(z.boolean()),
    return_last_frame: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((p, ctx) => {
      const count = p.images?.length ?? 0;
      const variant =
        p.variant ?? (count === 0 ? "text-to-video" : count === 2 ? "first-last-frame" : "image-to-video");
      if (variant === "text-to-video") {
        if (count > 0) atMost(ctx as Ctx, "images", 0, "array");
        return;
      }
      if (count === 0) required(ctx as Ctx, "images");
      if (variant === "first-last-frame") {
        if (count > 2) atMost(ctx as Ctx, "images", 2, "array");
        if (!(VIDA_FRAME_MODELS as readonly string[]).includes(p.model))
          notAllowed(ctx as Ctx, "model", VIDA_FRAME_MODELS);
      }
      // The spec caps image-variant prompts at 800 characters (the server truncates the rest).
      if (p.prompt.length > 800) atMost(ctx as Ctx, "prompt", 800, "string");
      if (p.return_last_frame && p.model !== VIDA_LAST_FRAME_IMAGE_MODEL)
        notAllowed(ctx as Ctx, "model", [VIDA_LAST_FRAME_IMAGE_MODEL]);
    }),
  );

export const vidBParams = z
  .looseObject({
    model: z.enum(VIDB_MODELS),
    prompt,
    variant: z.optional(z.enum(["text-to-video", "image-to-video"])),
    images: z.optional(z.array(image)),
    aspect_ratio: z.optional(z.enum(["16:9", "9:16"])),
    enhance_prompt: z.optional(z.boolean()),
    enable_upsample: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((p, ctx) => {
      const count = p.images?.length ?? 0;
      const variant = p.variant ?? (count === 0 ? "text-to-video" : "image-to-video");
      if (variant === "text-to-video") {
        if (count > 0) atMost(ctx as Ctx, "images", 0, "array");
        else if (!(VIDB_TEXT_MODELS as readonly string[]).includes(p.model))
          notAllowed(ctx as Ctx, "model", VIDB_TEXT_MODELS);
        return;
      }
      if (count === 0) required(ctx as Ctx, "images");
      if (!(VIDB_IMAGE_MODELS as readonly string[]).includes(p.model))
        notAllowed(ctx as Ctx, "model", VIDB_IMAGE_MODELS);
      const max = VIDB_MAX_IMAGES[p.model];
      if (max !== undefined && count > max) atMost(ctx as Ctx, "images", max, "array");
    }),
  );

/** Used only to report an unknown model: it names both families' models. */
export const anyVideoModel = z.looseObject({ model: z.enum([...VIDA_MODELS, ...VIDB_MODELS]) });

/**
 * A vidA submission (priced per second of video).
 * @useDeclaredType
 */
export type VidAParams = z.input<typeof vidAParams>;
/**
 * A vidB submission.
 * @useDeclaredType
 */
export type VidBParams = z.input<typeof vidBParams>;
export type VideoCreateParams = VidAParams | VidBParams;
