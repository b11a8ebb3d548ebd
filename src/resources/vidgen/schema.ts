/**
 * The run-time check of the vidgen request bodies (/vidgen/v1/...): every bound of the spec's vidgen
 * table, nothing more. The declared types are params.ts; a type test keeps the two in step. Model
 * names and aspect ratios are open (the spec gives versions and examples); `mode` and the video
 * `duration` are closed, as in the spec and the Kling API. Image fields take a URL, base64 or bytes;
 * their size, format and pixel rules are checked while encoding (see operations.ts). Where the spec
 * contradicts itself (prompt 5000 vs 500) the looser bound is checked.
 */
import * as z from "zod/mini";
import { isUploadable, type Uploadable } from "../../core/uploads/index.js";
import { between } from "../../core/validation/index.js";

/** Builds every schema of this file; runs once, on the first call that validates with one of them. */
function build() {
  const text = (max?: number) => z.string().check(z.minLength(1), ...(max ? [z.maxLength(max)] : []));
  const unit = between(0, 1);
  const count = z.int().check(z.minimum(1), z.maximum(9));
  const image = z.union([z.string().check(z.minLength(1)), z.custom<Uploadable>(isUploadable)]);
  const mode = z.enum(["std", "pro"]);
  /** The wire wants the strings '5' / '10'; numbers are accepted and sent as strings. */
  const duration = z.union([z.enum(["5", "10"]), z.literal([5, 10])]);
  const camera = z.optional(z.int().check(z.minimum(-10), z.maximum(10)));

  const common = {
    callback_url: z.optional(z.string()),
    external_task_id: z.optional(z.string()),
  };

  /** @internal The request schema; the declared type is VidgenImageGenerationParams. */
  const imageGenerationParams = z.looseObject({
    ...common,
    prompt: text(5000),
    negative_prompt: z.optional(z.string().check(z.maxLength(2000))),
    n: z.optional(count),
    image: z.optional(image),
    model_name: z.optional(z.string()),
    aspect_ratio: z.optional(z.string()),
    image_fidelity: z.optional(unit),
  });

  /** @internal The request schema; the declared type is VidgenImageExpandParams. */
  const imageExpandParams = z.looseObject({
    ...common,
    image,
    up_expansion_ratio: z.number(),
    down_expansion_ratio: z.number(),
    left_expansion_ratio: z.number(),
    right_expansion_ratio: z.number(),
    n: z.optional(count),
    prompt: z.optional(z.string()),
  });

  /** @internal The request schema; the declared type is VidgenMultiImageToImageParams. */
  const multiImageToImageParams = z.looseObject({
    ...common,
    model_name: z.string(),
    /** Strings (the spec) or `{subject_image}` objects (the Kling API), sent in the shape given. */
    subject_image_list: z
      .array(z.union([image, z.looseObject({ subject_image: image })]))
      .check(z.minLength(1)),
    /** The spec's spelling; the Kling API's `scene_image` and `style_image` beside it. */
    scence_image: z.optional(image),
    scene_image: z.optional(image),
    style_image: z.optional(image),
    n: z.optional(count),
    prompt: z.optional(z.string()),
    negative_prompt: z.optional(z.string()),
    aspect_ratio: z.optional(z.string()),
  });

  const videoCommon = {
    ...common,
    mode: z.optional(mode),
    duration: z.optional(duration),
    cfg_scale: z.optional(unit),
    negative_prompt: z.optional(z.string()),
  };

  /** @internal The request schema; the declared type is VidgenTextToVideoParams. */
  const textToVideoParams = z.looseObject({
    ...videoCommon,
    prompt: text(500),
    negative_prompt: z.optional(z.string().check(z.maxLength(200))),
    model_name: z.optional(z.string()),
    aspect_ratio: z.optional(z.string()),
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

  /** @internal The request schema; the declared type is VidgenImageToVideoParams. */
  const imageToVideoParams = z
    .looseObject({
      ...videoCommon,
      image,
      image_tail: z.optional(image),
      prompt: z.optional(z.string()),
      model_name: z.optional(z.string()),
    })
    .check(
      z.superRefine((p, ctx) => {
        // A tail frame pins the duration to 5 seconds.
        if (p.image_tail !== undefined && String(p.duration) === "10") {
          ctx.issues.push({ code: "invalid_value", values: ["5"], path: ["duration"], input: p.duration });
        }
      }),
    );

  /** @internal The request schema; the declared type is VidgenMultiImageToVideoParams. */
  const multiImageToVideoParams = z.looseObject({
    ...videoCommon,
    image_list: z.array(z.looseObject({ image })).check(z.minLength(1)),
    model_name: z.string(),
    prompt: text(),
  });

  /** @internal The request schema; the declared type is VidgenVideoExtendParams. */
  const videoExtendParams = z.looseObject({ ...common, video_id: text(), prompt: z.string() });

  /** @internal The request schema; the declared type is VidgenTextToAudioParams. */
  const textToAudioParams = z.looseObject({
    ...common,
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

  /** @internal The request schema; the declared type is VidgenVideoToAudioParams. */
  const videoToAudioParams = z
    .looseObject({ ...common, video_id: z.optional(text()), video_url: z.optional(text()) })
    .check(
      z.superRefine((p, ctx) => {
        if ((p.video_id === undefined) === (p.video_url === undefined)) {
          const message = "give exactly one of video_id and video_url";
          ctx.issues.push({ code: "custom", message, path: ["video_id"], input: p });
        }
      }),
    );
  return {
    imageGenerationParams,
    imageExpandParams,
    multiImageToImageParams,
    textToVideoParams,
    imageToVideoParams,
    multiImageToVideoParams,
    videoExtendParams,
    textToAudioParams,
    videoToAudioParams,
  };
}

let built: ReturnType<typeof build> | undefined;
const schemas = () => (built ??= build());

/** @internal The request schema; the declared type is VidgenImageGenerationParams. */
export const imageGenerationParams = /* @__PURE__ */ z.lazy(() => schemas().imageGenerationParams);
/** @internal The request schema; the declared type is VidgenImageExpandParams. */
export const imageExpandParams = /* @__PURE__ */ z.lazy(() => schemas().imageExpandParams);
/** @internal The request schema; the declared type is VidgenMultiImageToImageParams. */
export const multiImageToImageParams = /* @__PURE__ */ z.lazy(() => schemas().multiImageToImageParams);
/** @internal The request schema; the declared type is VidgenTextToVideoParams. */
export const textToVideoParams = /* @__PURE__ */ z.lazy(() => schemas().textToVideoParams);
/** @internal The request schema; the declared type is VidgenImageToVideoParams. */
export const imageToVideoParams = /* @__PURE__ */ z.lazy(() => schemas().imageToVideoParams);
/** @internal The request schema; the declared type is VidgenMultiImageToVideoParams. */
export const multiImageToVideoParams = /* @__PURE__ */ z.lazy(() => schemas().multiImageToVideoParams);
/** @internal The request schema; the declared type is VidgenVideoExtendParams. */
export const videoExtendParams = /* @__PURE__ */ z.lazy(() => schemas().videoExtendParams);
/** @internal The request schema; the declared type is VidgenTextToAudioParams. */
export const textToAudioParams = /* @__PURE__ */ z.lazy(() => schemas().textToAudioParams);
/** @internal The request schema; the declared type is VidgenVideoToAudioParams. */
export const videoToAudioParams = /* @__PURE__ */ z.lazy(() => schemas().videoToAudioParams);
