/**
 * Vidgen request bodies (/vidgen/v1/...) and every rule of the spec's vidgen table. Image fields
 * take a URL, base64 or bytes; their size, format and pixel rules are checked while encoding (see
 * operations.ts). Where the spec contradicts itself (prompt 5000 vs 500) the looser bound is checked.
 */
import * as z from "zod/mini";
import { between } from "../../core/schema-rules.js";
import { isUploadable, type Uploadable } from "../../core/uploads.js";

/** model_name generations, in the spec's neutral spelling and the upstream one (kling-v1-6). */
function modelName<const G extends string>(...generations: G[]) {
  return z.enum(
    generations.flatMap((g) => [`vidgen-${g}`, `kling-${g}`]) as Array<`${"vidgen" | "kling"}-${G}`>,
  );
}

const text = (max?: number) => z.string().check(z.minLength(1), ...(max ? [z.maxLength(max)] : []));
const unit = between(0, 1);
const count = z.int().check(z.minimum(1), z.maximum(9));
const image = z.union([z.string().check(z.minLength(1)), z.custom<Uploadable>(isUploadable)]);
const mode = z.enum(["std", "pro"]);
/** The wire wants the strings '5' / '10'; numbers are accepted and sent as strings. */
const duration = z.union([z.enum(["5", "10"]), z.literal([5, 10])]);
const camera = z.optional(z.int().check(z.minimum(-10), z.maximum(10)));
const IMAGE_RATIOS = ["16:9", "9:16", "1:1", "4:3", "3:4", "3:2", "2:3"] as const;

const common = {
  callback_url: z.optional(z.string()),
  negative_prompt: z.optional(z.string()),
};

/** @internal The request schema; use its type. */
export const imageGenerationParams = z.looseObject({
  ...common,
  prompt: text(5000),
  negative_prompt: z.optional(z.string().check(z.maxLength(2000))),
  n: z.optional(count),
  image: z.optional(image),
  model_name: z.optional(modelName("v1", "v1-5", "v2")),
  aspect_ratio: z.optional(z.enum(IMAGE_RATIOS)),
  image_fidelity: z.optional(unit),
});

/** @internal The request schema; use its type. */
export const imageExpandParams = z.looseObject({
  image,
  up_expansion_ratio: z.number(),
  down_expansion_ratio: z.number(),
  left_expansion_ratio: z.number(),
  right_expansion_ratio: z.number(),
  n: z.optional(count),
  prompt: z.optional(z.string()),
});

/** @internal The request schema; use its type. */
export const multiImageToImageParams = z.looseObject({
  ...common,
  model_name: text(),
  subject_image_list: z.array(image).check(z.minLength(1)),
  /** Spelled as the spec spells it. */
  scence_image: z.optional(image),
  n: z.optional(count),
  prompt: z.optional(z.string()),
  aspect_ratio: z.optional(z.enum(IMAGE_RATIOS)),
});

const videoCommon = {
  ...common,
  mode: z.optional(mode),
  duration: z.optional(duration),
  cfg_scale: z.optional(unit),
};

/** @internal The request schema; use its type. */
export const textToVideoParams = z.looseObject({
  ...videoCommon,
  prompt: text(500),
  negative_prompt: z.optional(z.string().check(z.maxLength(200))),
  model_name: z.optional(modelName("v1", "v1-5", "v1-6")),
  aspect_ratio: z.optional(z.enum(["16:9", "9:16", "1:1"])),
  camera_control: z.optional(
    z.looseObject({
      type: z.string(),
      config: z.optional(
        z.looseObject({
          pan: camera,
          roll: camera,
          tilt: camera,
          zoom: camera,
          vertical: camera,
          horizontal: camera,
        }),
      ),
    }),
  ),
});

/** @internal The request schema; use its type. */
export const imageToVideoParams = z
  .looseObject({
    ...videoCommon,
    image,
    image_tail: z.optional(image),
    prompt: z.optional(z.string()),
    model_name: z.optional(modelName("v1", "v1-5", "v1-6")),
  })
  .check(
    z.superRefine((p, ctx) => {
      // A tail frame pins the duration to 5 seconds.
      if (p.image_tail !== undefined && String(p.duration) === "10") {
        ctx.issues.push({ code: "invalid_value", values: ["5"], path: ["duration"], input: p.duration });
      }
    }),
  );

/** @internal The request schema; use its type. */
export const multiImageToVideoParams = z.looseObject({
  ...videoCommon,
  image_list: z.array(z.looseObject({ image })).check(z.minLength(1)),
  model_name: modelName("v1-6"),
  prompt: text(),
});

/** @internal The request schema; use its type. */
export const videoExtendParams = z.looseObject({ video_id: text(), prompt: z.string() });

/** @internal The request schema; use its type. */
export const textToAudioParams = z.looseObject({
  prompt: text(200),
  /** Seconds, 3.0 to 10.0 with at most one decimal (the spec declares an integer; it means this). */
  duration: z.number().check(
    z.minimum(3),
    z.maximum(10),
    z.refine((d) => Math.abs(d * 10 - Math.round(d * 10)) < 1e-9, {
      message: "must have at most one decimal",
    }),
  ),
});

/** @internal The request schema; use its type. */
export const videoToAudioParams = z
  .looseObject({ video_id: z.optional(text()), video_url: z.optional(text()) })
  .check(
    z.superRefine((p, ctx) => {
      if ((p.video_id === undefined) === (p.video_url === undefined)) {
        const message = "give exactly one of video_id and video_url";
        ctx.issues.push({ code: "custom", message, path: ["video_id"], input: p });
      }
    }),
  );

/**
 * What `gw.vidgen.images.generate` takes.
 * @useDeclaredType
 */
export type VidgenImageGenerationParams = z.input<typeof imageGenerationParams>;
/**
 * What `gw.vidgen.images.expand` takes.
 * @useDeclaredType
 */
export type VidgenImageExpandParams = z.input<typeof imageExpandParams>;
/**
 * What `gw.vidgen.images.multiImageToImage` takes.
 * @useDeclaredType
 */
export type VidgenMultiImageToImageParams = z.input<typeof multiImageToImageParams>;
/**
 * What `gw.vidgen.videos.textToVideo` takes.
 * @useDeclaredType
 */
export type VidgenTextToVideoParams = z.input<typeof textToVideoParams>;
/**
 * What `gw.vidgen.videos.imageToVideo` takes.
 * @useDeclaredType
 */
export type VidgenImageToVideoParams = z.input<typeof imageToVideoParams>;
/**
 * What `gw.vidgen.videos.multiImageToVideo` takes.
 * @useDeclaredType
 */
export type VidgenMultiImageToVideoParams = z.input<typeof multiImageToVideoParams>;
/**
 * What `gw.vidgen.videos.extend` takes.
 * @useDeclaredType
 */
export type VidgenVideoExtendParams = z.input<typeof videoExtendParams>;
/**
 * What `gw.vidgen.audio.textToAudio` takes.
 * @useDeclaredType
 */
export type VidgenTextToAudioParams = z.input<typeof textToAudioParams>;
/**
 * What `gw.vidgen.audio.videoToAudio` takes.
 * @useDeclaredType
 */
export type VidgenVideoToAudioParams = z.input<typeof videoToAudioParams>;
