/**
 * What `gw.videos.create` takes: vidA and vidB as the spec gives them, and the generic unified body
 * of the upstream for every other model.
 */
// The upstream's body: video-v2-unified.json. operations.ts holds the schemas that check them at
// run time; the type tests keep the two from drifting.
import type { Uploadable } from "../../core/uploads/index.js";
import type {
  VIDA_MODELS,
  VIDA_RATIOS,
  VIDA_RESOLUTIONS,
  VIDB_IMAGE_MODELS,
  VIDB_TEXT_MODELS,
} from "./models.js";

/**
 * A vidA id the spec lists (ids the catalog places in "vidA", e.g. after
 * `models.register("doubao-seedance-*", "vidA")`, get the same rules at run time).
 * @useDeclaredType
 */
export type VidAModel = (typeof VIDA_MODELS)[number];
/**
 * A vidB id the spec lists.
 * @useDeclaredType
 */
export type VidBModel = (typeof VIDB_TEXT_MODELS)[number] | (typeof VIDB_IMAGE_MODELS)[number];
/** Video ids relays serve under the unified interface, for autocompletion; any id is sent. */
export type UnifiedVideoModel =
  | "veo3"
  | "veo3-fast"
  | "sora-2"
  | "sora-2-pro"
  | "kling-v2-master"
  | "doubao-seedance-1-0-pro-250528";
/** Any video model id: the spec's vidA and vidB ids, common relay ids, or any other string. */
export type VideoModel = VidAModel | VidBModel | UnifiedVideoModel | (string & {});
/**
 * A vidA ratio.
 * @useDeclaredType
 */
export type VidARatio = (typeof VIDA_RATIOS)[number];
/**
 * A vidA resolution.
 * @useDeclaredType
 */
export type VidAResolution = (typeof VIDA_RESOLUTIONS)[number];
/** A reference image: a URL, base64 text (or a data: URL), or bytes genway sends as base64. */
export type VideoImage = string | Uploadable;

/** A vidA submission: text-to-video, image-to-video (images), first/last frame (two images). */
export interface VidAParams {
  /** Required. A vidA id. First/last frame: vidA-2.5, vidA-2-0-260128, vidA-2-0-fast-260128, vidA-2.0-mini, vidA-1-0-lite-i2v-250428. */
  model: VidAModel;
  /** Required. Chinese or English. Text-to-video: at most 500 characters recommended. Image variants: at most 800 (the server truncates the rest; genway refuses). */
  prompt: string;
  /** Reference images; required for image-to-video (one) and first/last frame (two, in that order). */
  images?: VideoImage[];
  /** 0 to 2147483647; a random seed is chosen when omitted. */
  seed?: number;
  /** Default 16:9 (text-to-video). keep_ratio matches the uploaded image, adaptive chooses from it. */
  ratio?: VidARatio;
  /** 5 (default) or 10 seconds. The spec also says the duration is fixed at 5 seconds. */
  duration?: 5 | 10;
  /** 480p (default for text-to-video), 720p or 1080p. */
  resolution?: VidAResolution;
  /** Default false. A watermark at the bottom right marks the video as AI generated. */
  watermark?: boolean;
  /** Default false. Adds a fixed-camera hint to the prompt; the effect is not guaranteed. */
  camerafixed?: boolean;
  /** Whether to generate audio with the video. */
  generate_audio?: boolean;
  /** Default false. Returns the last frame as a watermark-free png, via the query. In the image variants only vidA-1-0-lite-i2v-250428 supports it. */
  return_last_frame?: boolean;
}

/** A vidB submission: text-to-video, or image-to-video with `images`. */
export interface VidBParams {
  /** Required. A vidB id; the spec lists which take text only (vidB3, vidB2 ...) and which take images (vidB3.1-components ...). */
  model: VidBModel;
  /** Required. English only (turn on enhance_prompt to translate Chinese). */
  prompt: string;
  /** Image-to-video: URL or base64 (or bytes). vidB2-fast-frames at most 2 (first and last frame), vidB3-pro-frames at most 1, vidB2-fast-components at most 3 (elements). */
  images?: VideoImage[];
  /** 16:9 or 9:16. Omitted in image-to-video: matched to the image, landscape as fallback. */
  aspect_ratio?: "16:9" | "9:16";
  /** Usually false; true auto-translates a Chinese prompt to English. */
  enhance_prompt?: boolean;
  /** Text-to-video: returns a 1080p video. */
  enable_upsample?: boolean;
}

/** The generic body of the unified interface (upstream: video-v2-unified.json), for every other model. */
export interface UnifiedVideoParams {
  /** Required. Any model id the gateway relays (veo3, sora-2, kling-v2-master ...). */
  model: VideoModel;
  /** Required. What to film. */
  prompt: string;
  /** Upstream: seconds of video, as the model allows (a veo video without it is billed 8 s, a sora one 4 s). */
  duration?: number;
  /** Relay field (new-api, OpenAI's video API): seconds of video as a string of digits, "8"; read where `duration` is not given. */
  seconds?: string;
  /**
   * Relay field (new-api): what its channel reads besides the unified fields; a veo channel reads
   * `durationSeconds` (before any other length) and `resolution` ("720p", "1080p", "4k": billed 1.5x
   * at 4k for veo 3.1) here.
   */
  metadata?: { durationSeconds?: number; resolution?: string; [field: string]: unknown };
  /** Upstream: e.g. "16:9", "9:16", as the model allows. */
  aspect_ratio?: string;
  /** Upstream: a size such as "1280x720", as the model allows. */
  size?: string;
  /** Upstream: e.g. "720P", "1080p", as the model allows. */
  resolution?: string;
  /** Upstream: reference images, URL or base64 (bytes are sent as base64). */
  images?: VideoImage[];
  /** Upstream: reference videos (URLs). */
  videos?: string[];
  /** Upstream: whether to add a watermark. */
  watermark?: boolean;
  /** Upstream: high-definition output where the model offers it. */
  hd?: boolean;
  /** Upstream: keep the result private where the relay offers it. */
  private?: boolean;
  /** Upstream: an address the relay notifies when the task ends. */
  notify_hook?: string;
}

/** What `gw.videos.create` takes: vidA, vidB, or the generic unified body. */
export type VideoCreateParams = VidAParams | VidBParams | UnifiedVideoParams;

/** The variant a `model` selects at the type level: vidA or vidB for the spec's ids, else the generic body. */
export type VideoCreateParamsFor<M> = M extends VidAModel
  ? VidAParams
  : M extends VidBModel
    ? VidBParams
    : UnifiedVideoParams;
