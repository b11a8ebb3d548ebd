/**
 * The vidgen operations as data: where each submits, where its task is queried, the schema its
 * params must meet and which image fields are encoded under which rules. Each operation is its own
 * task kind, `vidgen.<last path segment>`, because each has its own query path. The schemas check
 * every bound of the spec's vidgen table, nothing more. Model names and aspect ratios are open (the spec gives versions and
 * examples); `mode` and the video `duration` are closed, as in the spec and the Kling API. Image
 * fields take a URL, base64 or bytes; their size, format and pixel rules are checked while encoding.
 * Where the spec contradicts itself (prompt 5000 vs 500) the looser bound is checked.
 */
// requests.ts declares the types (a type test keeps the two in step); wire.ts encodes the images.
import { type Operation as Declared, operation as declare, path, type Units } from "../../core/http/index.js";
import { type ImageRules, isUploadable, type Uploadable } from "../../core/uploads/index.js";
import { mustBeOneOf, type Schema, v } from "../../core/validation/index.js";
import { vidgenLimits } from "../../limits.js";
import { toWire } from "./wire.js";

const bounds = vidgenLimits;

const image = v.union(v.text(), v.custom<Uploadable>(isUploadable));
const count = v.optional(v.number(bounds.images.generate.n));
const common = { callback_url: v.optional(v.string()), external_task_id: v.optional(v.string()) };

/** @internal The request schema; the declared type is VidgenImageGenerationParams. */
export const imageGenerationParams = v.object({
  ...common,
  prompt: v.string(bounds.images.generate.prompt),
  negative_prompt: v.optional(v.string(bounds.images.generate.negative_prompt)),
  n: count,
  image: v.optional(image),
  model_name: v.optional(v.string()),
  aspect_ratio: v.optional(v.string()),
  image_fidelity: v.optional(v.number(bounds.images.generate.image_fidelity)),
});

/** @internal The request schema; the declared type is VidgenImageExpandParams. */
export const imageExpandParams = v.object({
  ...common,
  image,
  up_expansion_ratio: v.number(),
  down_expansion_ratio: v.number(),
  left_expansion_ratio: v.number(),
  right_expansion_ratio: v.number(),
  n: count,
  prompt: v.optional(v.string()),
});

/** @internal The request schema; the declared type is VidgenMultiImageToImageParams. */
export const multiImageToImageParams = v.object({
  ...common,
  model_name: v.string(),
  /** Strings (the spec) or `{subject_image}` objects (the Kling API), sent in the shape given. */
  subject_image_list: v.array(v.union(image, v.object({ subject_image: image })), { minItems: 1 }),
  /** The spec's spelling; the Kling API's `scene_image` and `style_image` beside it. */
  scence_image: v.optional(image),
  scene_image: v.optional(image),
  style_image: v.optional(image),
  n: count,
  prompt: v.optional(v.string()),
  negative_prompt: v.optional(v.string()),
  aspect_ratio: v.optional(v.string()),
});

/** The wire's strings '5' / '10', or the same seconds as numbers (sent as strings). */
const seconds = bounds.videos.textToVideo.duration.oneOf;
const videoCommon = {
  ...common,
  mode: v.optional(v.oneOf(bounds.videos.textToVideo.mode.oneOf)),
  duration: v.optional(v.union(v.oneOf(seconds), v.oneOf(seconds.map(Number) as [5, 10]))),
  cfg_scale: v.optional(v.number(bounds.videos.textToVideo.cfg_scale)),
  negative_prompt: v.optional(v.string()),
};
const cameraValue = v.optional(v.number(bounds.videos.textToVideo.camera_control.config));

/** @internal The request schema; the declared type is VidgenTextToVideoParams. */
export const textToVideoParams = v.object({
  ...videoCommon,
  prompt: v.string(bounds.videos.textToVideo.prompt),
  negative_prompt: v.optional(v.string(bounds.videos.textToVideo.negative_prompt)),
  model_name: v.optional(v.string()),
  aspect_ratio: v.optional(v.string()),
  camera_control: v.optional(
    v.object({
      type: v.string(),
      config: v.optional(
        v.object({
          pan: cameraValue,
          roll: cameraValue,
          tilt: cameraValue,
          zoom: cameraValue,
          vertical: cameraValue,
          horizontal: cameraValue,
        }),
      ),
    }),
  ),
});

/** @internal The request schema; the declared type is VidgenImageToVideoParams. */
export const imageToVideoParams = v.refine(
  v.object({
    ...videoCommon,
    image,
    image_tail: v.optional(image),
    prompt: v.optional(v.string()),
    model_name: v.optional(v.string()),
  }),
  // A tail frame pins the duration to 5 seconds.
  (p) =>
    p.image_tail !== undefined && String(p.duration) === "10"
      ? { path: ["duration"], rule: "invalid_value", message: mustBeOneOf(["5"]), abort: true }
      : undefined,
);

/** @internal The request schema; the declared type is VidgenMultiImageToVideoParams. */
export const multiImageToVideoParams = v.object({
  ...videoCommon,
  image_list: v.array(v.object({ image }), { minItems: 1 }),
  model_name: v.string(),
  prompt: v.text(),
});

/** @internal The request schema; the declared type is VidgenVideoExtendParams. */
export const videoExtendParams = v.object({ ...common, video_id: v.text(), prompt: v.string() });

/** @internal The request schema; the declared type is VidgenTextToAudioParams. */
export const textToAudioParams = v.object({
  ...common,
  prompt: v.string(bounds.audio.textToAudio.prompt),
  duration: v.refine(v.number(bounds.audio.textToAudio.duration), (d) =>
    Math.abs(d * 10 - Math.round(d * 10)) < 1e-9 ? undefined : { message: "must have at most one decimal" },
  ),
});

/** @internal The request schema; the declared type is VidgenVideoToAudioParams. */
export const videoToAudioParams = v.refine(
  v.object({ ...common, video_id: v.optional(v.text()), video_url: v.optional(v.text()) }),
  (p) =>
    (p.video_id === undefined) === (p.video_url === undefined)
      ? { path: ["video_id"], message: "give exactly one of video_id and video_url", abort: true }
      : undefined,
);

type LastSegment<P extends string> = P extends `${string}/${infer Rest}` ? LastSegment<Rest> : P;

export interface Operation<K extends string = string> {
  /** The method's name in messages, e.g. `vidgen.videos.textToVideo`. */
  name: string;
  path: string;
  kind: K;
  /** The paid submission: checked by `schema`, its body prepared under `images`' rules. */
  submit: Declared<object>;
  /**
   * The queries of one task, in the order to try them: the next is tried only when one is not
   * routed, a 404 or a relay's dashboard page (text-to-video has two, see below). Each path throws ValidationError for an id that is no segment.
   */
  queries: Array<Declared<string>>;
  schema: Schema;
  /**
   * Image fields by dotted path (`*` = every array item) and the rules they must meet. A path only
   * applies where the value has its shape (an image at the end, objects on the way).
   */
  images: Record<string, ImageRules>;
  /** Video durations travel as the strings '5' / '10'; numbers given are converted. */
  durationAsString: boolean;
}

/** Each operation's task is queried at its own path plus `/{id}` (the Kling convention). */
function operation<P extends string>(
  name: string,
  submitPath: P,
  schema: Schema,
  images: Record<string, ImageRules> = {},
  queries: Array<(id: string) => string> = [(id) => under(submitPath, id)],
): Operation<`vidgen.${LastSegment<P>}`> {
  const kind = `vidgen.${submitPath.slice(submitPath.lastIndexOf("/") + 1)}` as `vidgen.${LastSegment<P>}`;
  const durationAsString = submitPath.startsWith("/vidgen/v1/videos/");
  const rules = { name, images, durationAsString };
  const submit = declare<object>({
    name,
    method: "POST",
    path: submitPath,
    policy: "paid",
    schema,
    body: (params, mode) => toWire(rules, params, mode),
    // The vidgen family is billed per request, whatever the model_name.
    meter: (params): Units => ({ family: "vidgen", model: (params as { model_name?: string }).model_name }),
    modelField: "model_name",
  });
  const reads = queries.map((at) =>
    declare<string>({ name: `${name}.retrieve`, method: "GET", path: at, policy: "idempotent" }),
  );
  return { name, path: submitPath, kind, schema, images, durationAsString, submit, queries: reads };
}

/** path`${base}/${id}` for a constant `base`: the tag encodes and checks the id alone. */
function under(base: string, id: string): string {
  const strings = Object.assign([`${base}/`, ""], { raw: [`${base}/`, ""] });
  return path(strings, id);
}

export const OPERATIONS = {
  generate: operation("vidgen.images.generate", "/vidgen/v1/images/generations", imageGenerationParams, {
    image: bounds.images.generate.image,
  }),
  expand: operation("vidgen.images.expand", "/vidgen/v1/images/editing/expand", imageExpandParams, {
    image: bounds.images.expand.image,
  }),
  multiImageToImage: operation(
    "vidgen.images.multiImageToImage",
    "/vidgen/v1/images/multi-image2image",
    multiImageToImageParams,
    {
      // Strings as the spec shows them, or the Kling API's {subject_image} objects.
      "subject_image_list.*": bounds.images.multiImageToImage.image,
      "subject_image_list.*.subject_image": bounds.images.multiImageToImage.image,
      scence_image: bounds.images.multiImageToImage.image,
      scene_image: bounds.images.multiImageToImage.image,
      style_image: bounds.images.multiImageToImage.image,
    },
  ),
  // The spec lists the text-to-video query under /images/; the Kling API's own path is
  // /videos/text2video/{id}, the only one new-api routes (router/video-router.go, SetVideoRouter). Gateways
  // differ, so the spec's is tried first and the other when it is not routed.
  textToVideo: operation("vidgen.videos.textToVideo", "/vidgen/v1/videos/text2video", textToVideoParams, {}, [
    (id) => path`/vidgen/v1/images/text2video/${id}`,
    (id) => path`/vidgen/v1/videos/text2video/${id}`,
  ]),
  imageToVideo: operation("vidgen.videos.imageToVideo", "/vidgen/v1/videos/image2video", imageToVideoParams, {
    image: bounds.videos.imageToVideo.image,
    image_tail: bounds.videos.imageToVideo.image_tail,
  }),
  multiImageToVideo: operation(
    "vidgen.videos.multiImageToVideo",
    "/vidgen/v1/videos/multi-image2video",
    multiImageToVideoParams,
    {
      "image_list.*.image": bounds.videos.multiImageToVideo.image,
    },
  ),
  extend: operation("vidgen.videos.extend", "/vidgen/v1/videos/video-extend", videoExtendParams),
  textToAudio: operation("vidgen.audio.textToAudio", "/vidgen/v1/audio/text-to-audio", textToAudioParams),
  videoToAudio: operation("vidgen.audio.videoToAudio", "/vidgen/v1/audio/video-to-audio", videoToAudioParams),
} as const;

/**
 * `vidgen.generations`, `vidgen.expand`, `vidgen.text2video`, `vidgen.image2video` ...
 * @useDeclaredType
 */
export type VidgenKind = (typeof OPERATIONS)[keyof typeof OPERATIONS]["kind"];
