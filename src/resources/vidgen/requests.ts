/**
 * What each vidgen method takes, declared field by field from the spec's vidgen table (and from the
 * upstream Kling API where a field is noted as such). Fields neither declares still pass through at run time, and
 * `RequestOptions.extra_body` sends fields the compiler does not know yet.
 */
// The run-time check is schema.ts; a type test keeps the two in step.
import type { Uploadable } from "../../core/uploads/index.js";

/**
 * A model_name the spec names (its generations v1, v1-5, v1-6, v2, written `vidgen-*`) or the
 * upstream Kling API uses (`kling-*`). Listed for autocompletion only: any other id is sent as given.
 */
export type KnownVidgenModel =
  | "vidgen-v1"
  | "vidgen-v1-5"
  | "vidgen-v1-6"
  | "vidgen-v2"
  | "kling-v1"
  | "kling-v1-5"
  | "kling-v1-6"
  | "kling-v2"
  | "kling-v2-new"
  | "kling-v2-master"
  | "kling-v2-1"
  | "kling-v2-1-master"
  | "kling-v2-5-turbo"
  | "kling-v2-6"
  | "kling-v3";

/** A vidgen model_name: a known id, or any other string (new generations are never refused). */
export type VidgenModelName = KnownVidgenModel | (string & {});

/** Aspect ratios the spec lists for images (open: other values are sent as given). */
export type VidgenImageAspectRatio = "16:9" | "9:16" | "1:1" | "4:3" | "3:4" | "3:2" | "2:3" | (string & {});

/** Aspect ratios the spec lists for text-to-video (open: other values are sent as given). */
export type VidgenVideoAspectRatio = "16:9" | "9:16" | "1:1" | (string & {});

/**
 * An image for a "Base64 or URL" field: an http(s) URL (sent as is), base64 or a `data:` URL
 * (checked), or bytes / a file (checked and sent as plain base64).
 */
export type VidgenImageInput = string | Uploadable;

/** `std` is high performance, `pro` high quality. Closed in the spec and in the Kling API. */
export type VidgenMode = "std" | "pro";

/** Video length in seconds: the strings '5' or '10' on the wire; the numbers 5 and 10 are sent as strings. */
export type VidgenVideoDuration = "5" | "10" | 5 | 10;

/** Fields every vidgen submission takes. */
interface VidgenTracking {
  /**
   * Your own id for the task (upstream Kling API; not in the spec). Unique per account upstream;
   * the task can then be queried by it: `gw.vidgen.retrieve(externalTaskId, kind)`.
   */
  external_task_id?: string;
}

/** The spec: "vidgen submissions accept callback_url". */
interface VidgenCallback {
  /** An address the gateway notifies with the task's result (read it with `parseTaskCallback`). */
  callback_url?: string;
}

/** What `gw.vidgen.images.generate` takes (POST /vidgen/v1/images/generations). */
export interface VidgenImageGenerationParams extends VidgenTracking, VidgenCallback {
  /**
   * What to draw. Required. At most 5000 characters (the spec's schema; its text says 500, so keep
   * to 500 to be safe: genway checks the looser bound).
   */
  prompt: string;
  /** What to avoid. At most 2000 characters (the spec's schema; its text says 200). */
  negative_prompt?: string;
  /** Images to make: an integer 1 to 9. */
  n?: number;
  /** A reference image: jpg, jpeg or png, at most 10 MB. */
  image?: VidgenImageInput;
  /** The model. Default the v1 identifier; the spec also names v1-5 and v2. Any id is sent. */
  model_name?: VidgenModelName;
  /** 16:9, 9:16, 1:1, 4:3, 3:4, 3:2 or 2:3 in the spec; other values are sent as given. */
  aspect_ratio?: VidgenImageAspectRatio;
  /** How closely to follow the reference image: a number 0 to 1. */
  image_fidelity?: number;
}

/** What `gw.vidgen.images.expand` takes (POST /vidgen/v1/images/editing/expand). */
export interface VidgenImageExpandParams extends VidgenTracking, VidgenCallback {
  /** The image to extend. Required. Base64 or URL, at most 10 MB. */
  image: VidgenImageInput;
  /** How far to extend upwards, relative to the image's height. Required. */
  up_expansion_ratio: number;
  /** How far to extend downwards, relative to the image's height. Required. */
  down_expansion_ratio: number;
  /** How far to extend to the left, relative to the image's width. Required. */
  left_expansion_ratio: number;
  /** How far to extend to the right, relative to the image's width. Required. */
  right_expansion_ratio: number;
  /** Images to make: an integer 1 to 9. */
  n?: number;
  /** What the new areas should show. */
  prompt?: string;
}

/** A subject image in the upstream Kling API's own shape: `{ subject_image }`. */
export interface VidgenSubjectImage {
  /** The subject's image: Base64 or URL, at most 10 MB. */
  subject_image: VidgenImageInput;
}

/** What `gw.vidgen.images.multiImageToImage` takes (POST /vidgen/v1/images/multi-image2image). */
export interface VidgenMultiImageToImageParams extends VidgenTracking, VidgenCallback {
  /** The model. Required. Any id is sent. */
  model_name: VidgenModelName;
  /**
   * The subjects to combine, at least one, each at most 10 MB: strings as the spec shows them, or
   * `{ subject_image }` objects as the Kling API takes them. Sent in the shape given.
   */
  subject_image_list: Array<VidgenImageInput | VidgenSubjectImage>;
  /** The scene image, spelled as the spec spells it. At most 10 MB. */
  scence_image?: VidgenImageInput;
  /** The scene image, spelled as the Kling API spells it (not in the spec). At most 10 MB. */
  scene_image?: VidgenImageInput;
  /** A style reference image (upstream Kling API; not in the spec). At most 10 MB. */
  style_image?: VidgenImageInput;
  /** Images to make: an integer 1 to 9. */
  n?: number;
  /** What to make of the subjects. */
  prompt?: string;
  /** What to avoid. */
  negative_prompt?: string;
  /** 16:9, 9:16, 1:1, 4:3, 3:4, 3:2 or 2:3 in the spec; other values are sent as given. */
  aspect_ratio?: VidgenImageAspectRatio;
}

/** Fields the video submissions share. */
interface VidgenVideoCommon extends VidgenTracking, VidgenCallback {
  /** `std` (high performance) or `pro` (high quality). */
  mode?: VidgenMode;
  /** '5' or '10' seconds (strings on the wire; 5 and 10 are converted). */
  duration?: VidgenVideoDuration;
  /** How strictly to follow the prompt: a number 0 to 1. */
  cfg_scale?: number;
  /** What to avoid. */
  negative_prompt?: string;
}

/** Camera movement amounts: integers -10 to 10 each. */
export interface VidgenCameraConfig {
  /** Horizontal rotation, -10 to 10. */
  pan?: number;
  /** Rotation around the lens axis, -10 to 10. */
  roll?: number;
  /** Vertical rotation, -10 to 10. */
  tilt?: number;
  /** Zoom in or out, -10 to 10. */
  zoom?: number;
  /** Vertical translation, -10 to 10. */
  vertical?: number;
  /** Horizontal translation, -10 to 10. */
  horizontal?: number;
}

/** Camera movement of a text-to-video task. Omit it and the movement is matched automatically. */
export interface VidgenCameraControl {
  /**
   * The movement's type. The spec says only "string"; the Kling API names `simple` (then give
   * `config`), `down_back`, `forward_up`, `right_turn_forward` and `left_turn_forward`.
   */
  type: "simple" | "down_back" | "forward_up" | "right_turn_forward" | "left_turn_forward" | (string & {});
  /** The amounts of each movement. */
  config?: VidgenCameraConfig;
}

/** What `gw.vidgen.videos.textToVideo` takes (POST /vidgen/v1/videos/text2video). */
export interface VidgenTextToVideoParams extends VidgenVideoCommon {
  /** What happens in the video. Required. At most 500 characters. */
  prompt: string;
  /** What to avoid. At most 200 characters. */
  negative_prompt?: string;
  /** The model. The spec names the v1, v1-5 and v1-6 identifiers; any id is sent. */
  model_name?: VidgenModelName;
  /** 16:9, 9:16 or 1:1 in the spec; other values are sent as given. */
  aspect_ratio?: VidgenVideoAspectRatio;
  /** Camera movement; omitted, it is matched automatically. Amounts -10 to 10. */
  camera_control?: VidgenCameraControl;
}

/** What `gw.vidgen.videos.imageToVideo` takes (POST /vidgen/v1/videos/image2video). */
export interface VidgenImageToVideoParams extends VidgenVideoCommon {
  /** The first frame. Required. jpg, jpeg or png, at most 10 MB, at least 300x300 px. */
  image: VidgenImageInput;
  /** The last frame, same rules as `image`. With a tail frame only a duration of '5' is allowed. */
  image_tail?: VidgenImageInput;
  /** What happens in the video. */
  prompt?: string;
  /** The model. The spec names the v1, v1-5 and v1-6 identifiers; any id is sent. */
  model_name?: VidgenModelName;
}

/** One frame of a multi-image-to-video request. */
export interface VidgenImageListItem {
  /** The image. Required. jpg, jpeg or png, at most 10 MB, at least 300x300 px. */
  image: VidgenImageInput;
}

/** What `gw.vidgen.videos.multiImageToVideo` takes (POST /vidgen/v1/videos/multi-image2video). */
export interface VidgenMultiImageToVideoParams extends VidgenVideoCommon {
  /** The reference images, at least one. Required. */
  image_list: VidgenImageListItem[];
  /** The model. Required. The spec names the v1-6 identifier; any id is sent. */
  model_name: VidgenModelName;
  /** What happens in the video. Required. */
  prompt: string;
}

/** What `gw.vidgen.videos.extend` takes (POST /vidgen/v1/videos/video-extend). */
export interface VidgenVideoExtendParams extends VidgenTracking, VidgenCallback {
  /**
   * The video to extend. Required. A child task: use it on the account of the parent task, and
   * before the resource package expires.
   */
  video_id: string;
  /** What happens next. Required. */
  prompt: string;
}

/** What `gw.vidgen.audio.textToAudio` takes (POST /vidgen/v1/audio/text-to-audio). */
export interface VidgenTextToAudioParams extends VidgenTracking, VidgenCallback {
  /** The sound to make. Required. At most 200 characters. */
  prompt: string;
  /**
   * Seconds, 3.0 to 10.0 with at most one decimal. Required. (The spec declares an integer; its
   * text means this.)
   */
  duration: number;
}

/** The source video of a video-to-audio request, by id. */
export interface VidgenVideoToAudioById extends VidgenTracking, VidgenCallback {
  /** A video generated within 30 days, 3.0 to 20.0 s long. Give this or `video_url`, not both. */
  video_id: string;
  /** Not with `video_id`. */
  video_url?: never;
}

/** The source video of a video-to-audio request, by address. */
export interface VidgenVideoToAudioByUrl extends VidgenTracking, VidgenCallback {
  /** An mp4 or mov, at most 100 MB, 720p or 1080p, 3.0 to 20.0 s long. Give this or `video_id`, not both. */
  video_url: string;
  /** Not with `video_url`. */
  video_id?: never;
}

/** What `gw.vidgen.audio.videoToAudio` takes (POST /vidgen/v1/audio/video-to-audio): exactly one of video_id, video_url. */
export type VidgenVideoToAudioParams = VidgenVideoToAudioById | VidgenVideoToAudioByUrl;
