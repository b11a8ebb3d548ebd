/** gw.vidgen.videos: text, image and multi-image to video, and extension. Each returns a Task. */
import type { APIPromise, RequestOptions } from "../../core/http/index.js";
import { OPERATIONS } from "./operations.js";
import type {
  VidgenImageToVideoParams,
  VidgenMultiImageToVideoParams,
  VidgenTextToVideoParams,
  VidgenVideoExtendParams,
} from "./requests.js";
import type { VidgenTask } from "./results.js";
import type { VidgenSubmitter } from "./submit.js";

/** `gw.vidgen.videos`: text, image and multi-image to video, and video extension tasks. */
export class VidgenVideos {
  /** @internal */
  readonly #submitter: VidgenSubmitter;

  constructor(submitter: VidgenSubmitter) {
    this.#submitter = submitter;
  }

  /** POST /vidgen/v1/videos/text2video (kind `vidgen.text2video`, queried at /vidgen/v1/images/text2video/{id}). */
  textToVideo(params: VidgenTextToVideoParams, options?: RequestOptions): APIPromise<VidgenTask> {
    return this.#submitter.submit(OPERATIONS.textToVideo, params, options);
  }

  /** POST /vidgen/v1/videos/image2video (kind `vidgen.image2video`). */
  imageToVideo(params: VidgenImageToVideoParams, options?: RequestOptions): APIPromise<VidgenTask> {
    return this.#submitter.submit(OPERATIONS.imageToVideo, params, options);
  }

  /** POST /vidgen/v1/videos/multi-image2video (kind `vidgen.multi-image2video`). */
  multiImageToVideo(params: VidgenMultiImageToVideoParams, options?: RequestOptions): APIPromise<VidgenTask> {
    return this.#submitter.submit(OPERATIONS.multiImageToVideo, params, options);
  }

  /** POST /vidgen/v1/videos/video-extend (kind `vidgen.video-extend`): a child task of `video_id`. */
  extend(params: VidgenVideoExtendParams, options?: RequestOptions): APIPromise<VidgenTask> {
    return this.#submitter.submit(OPERATIONS.extend, params, options);
  }
}
