/**
 * The vidgen operations as data: where each submits, where its task is queried, which schema
 * checks it and which image fields are encoded under which rules. Each operation is its own task
 * kind, `vidgen.<last path segment>`, because each has its own query path.
 */
import type * as z from "zod/mini";
import type { Units } from "../../core/http/index.js";
import { type Operation as Declared, operation as declare, path } from "../../core/http/index.js";
import type { ImageRules } from "../../core/uploads/index.js";
import * as s from "./schema.js";
import { toWire } from "./wire.js";

const MB = 1024 * 1024;
/** Vidgen images: jpg/jpeg/png, at most 10 MB. */
const IMAGE: ImageRules = { maxBytes: 10 * MB, formats: ["jpeg", "png"] };
/** Reference images of the image operations whose format the spec leaves open: the 10 MB bound only. */
const REFERENCE: ImageRules = { maxBytes: 10 * MB };
/** Vidgen video frames: also at least 300x300 px. */
const FRAME: ImageRules = { ...IMAGE, minWidth: 300, minHeight: 300 };

type LastSegment<P extends string> = P extends `${string}/${infer Rest}` ? LastSegment<Rest> : P;

export interface Operation<K extends string = string> {
  /** The method's name in messages, e.g. `vidgen.videos.textToVideo`. */
  name: string;
  path: string;
  kind: K;
  /** The paid submission: checked by `schema`, its body prepared by wire.ts under `images`' rules. */
  submit: Declared<object>;
  /**
   * The queries of one task, in the order to try them: the next is tried only when one is not
   * routed, a 404 or a relay's dashboard page (text-to-video has two, see below; core/tasks/
   * query-paths.ts). Each path throws ValidationError for an id that is no segment.
   */
  queries: Array<Declared<string>>;
  schema: z.ZodMiniType;
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
  schema: z.ZodMiniType,
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
  generate: operation("vidgen.images.generate", "/vidgen/v1/images/generations", s.imageGenerationParams, {
    image: IMAGE,
  }),
  expand: operation("vidgen.images.expand", "/vidgen/v1/images/editing/expand", s.imageExpandParams, {
    image: REFERENCE,
  }),
  multiImageToImage: operation(
    "vidgen.images.multiImageToImage",
    "/vidgen/v1/images/multi-image2image",
    s.multiImageToImageParams,
    {
      // Strings as the spec shows them, or the Kling API's {subject_image} objects.
      "subject_image_list.*": REFERENCE,
      "subject_image_list.*.subject_image": REFERENCE,
      scence_image: REFERENCE,
      scene_image: REFERENCE,
      style_image: REFERENCE,
    },
  ),
  // The spec lists the text-to-video query under /images/; the Kling API's own path is
  // /videos/text2video/{id}, the only one new-api routes (router/video-router.go 34-42). Gateways
  // differ, so the spec's is tried first and the other when it is not routed.
  textToVideo: operation(
    "vidgen.videos.textToVideo",
    "/vidgen/v1/videos/text2video",
    s.textToVideoParams,
    {},
    [(id) => path`/vidgen/v1/images/text2video/${id}`, (id) => path`/vidgen/v1/videos/text2video/${id}`],
  ),
  imageToVideo: operation(
    "vidgen.videos.imageToVideo",
    "/vidgen/v1/videos/image2video",
    s.imageToVideoParams,
    {
      image: FRAME,
      image_tail: FRAME,
    },
  ),
  multiImageToVideo: operation(
    "vidgen.videos.multiImageToVideo",
    "/vidgen/v1/videos/multi-image2video",
    s.multiImageToVideoParams,
    {
      "image_list.*.image": FRAME,
    },
  ),
  extend: operation("vidgen.videos.extend", "/vidgen/v1/videos/video-extend", s.videoExtendParams),
  textToAudio: operation("vidgen.audio.textToAudio", "/vidgen/v1/audio/text-to-audio", s.textToAudioParams),
  videoToAudio: operation(
    "vidgen.audio.videoToAudio",
    "/vidgen/v1/audio/video-to-audio",
    s.videoToAudioParams,
  ),
} as const;

/**
 * `vidgen.generations`, `vidgen.expand`, `vidgen.text2video`, `vidgen.image2video` ...
 * @useDeclaredType
 */
export type VidgenKind = (typeof OPERATIONS)[keyof typeof OPERATIONS]["kind"];
