/** gw.vidgen.images: text/image-to-image, outpainting, multi-subject images. Each returns a Task. */
import type { APIPromise, RequestOptions } from "../../core/http/index.js";
import { OPERATIONS } from "./operations.js";
import type {
  VidgenImageExpandParams,
  VidgenImageGenerationParams,
  VidgenMultiImageToImageParams,
} from "./requests.js";
import type { VidgenTask } from "./results.js";
import type { VidgenSubmitter } from "./submit.js";

/** `gw.vidgen.images`: image generation, expansion and multi-image composition tasks. */
export class VidgenImages {
  /** @internal */
  readonly #submitter: VidgenSubmitter;

  constructor(submitter: VidgenSubmitter) {
    this.#submitter = submitter;
  }

  /** POST /vidgen/v1/images/generations (kind `vidgen.generations`). */
  generate(params: VidgenImageGenerationParams, options?: RequestOptions): APIPromise<VidgenTask> {
    return this.#submitter.submit(OPERATIONS.generate, params, options);
  }

  /** POST /vidgen/v1/images/editing/expand (kind `vidgen.expand`). */
  expand(params: VidgenImageExpandParams, options?: RequestOptions): APIPromise<VidgenTask> {
    return this.#submitter.submit(OPERATIONS.expand, params, options);
  }

  /** POST /vidgen/v1/images/multi-image2image (kind `vidgen.multi-image2image`). */
  multiImageToImage(params: VidgenMultiImageToImageParams, options?: RequestOptions): APIPromise<VidgenTask> {
    return this.#submitter.submit(OPERATIONS.multiImageToImage, params, options);
  }
}
