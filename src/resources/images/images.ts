/** gw.images: text-to-image per model family, multipart editing, and downloads of the results. */

import { ValidationError } from "../../core/errors/index.js";
import type { ClientContext, RequestOptions } from "../../core/http/index.js";
import { APIPromise } from "../../core/http/index.js";
import type { BinaryResponse } from "../../core/uploads/index.js";
import { DOWNLOAD_OPTIONS, type DownloadOptions, download } from "../../core/uploads/index.js";
import { checkOptions, isObject } from "../../core/validation/index.js";
import type { ImageModel } from "./models.js";
import { EDIT, GENERATE } from "./operations.js";
import type { ImageEditParams, ImageGenerateParams, ImageGenerateParamsFor } from "./requests.js";
import type { Image, ImagesResponse } from "./results.js";

export class Images {
  constructor(private readonly client: ClientContext) {}

  /**
   * POST /v1/images/generations. No model: the generic variant (prompt <= 1000, n 1-10, three
   * sizes). An id the model catalog places in family A or B: the twelve family sizes. Any other id
   * (dall-e-3, gpt-image-1 ...) is sent as given with only a prompt required.
   */
  generate<M extends ImageModel | undefined = undefined>(
    params: ImageGenerateParamsFor<M> & { model?: M },
    options?: RequestOptions,
  ): APIPromise<ImagesResponse> {
    return this.client.transport.call<ImagesResponse, ImageGenerateParams>(GENERATE, params, options);
  }

  /**
   * POST /v1/images/edits as multipart: `image` takes one Uploadable or an array (sent as repeated
   * `image` parts, each named and typed from its bytes). Any model id is sent.
   */
  edit(params: ImageEditParams, options?: RequestOptions): APIPromise<ImagesResponse> {
    return this.client.transport.call(EDIT, params, options);
  }

  /**
   * Streams a result image (a URL, or an item of `data`) with the client's fetch, fetchOptions and
   * clocks but never its headers, and its API key only to a URL on the gateway's own origin: result
   * URLs live on file hosts, not on baseURL.
   */
  download(image: string | URL | Image, options: DownloadOptions = {}): APIPromise<BinaryResponse> {
    let url: unknown;
    try {
      checkOptions("images.download", options, DOWNLOAD_OPTIONS);
      url = urlOf(image);
    } catch (error) {
      // Rejected like every other failure of the call, not thrown out of it.
      return new APIPromise<BinaryResponse>(Promise.reject(error));
    }
    return download(url as string | URL, { ...options, client: this.client });
  }
}

/** The URL of a string, a URL or an item of `data`; anything else goes on, for the download to refuse as no URL. */
function urlOf(image: unknown): unknown {
  if (!isObject(image) || image instanceof URL) return image;
  if (image.url !== undefined) return image.url;
  throw new ValidationError("images.download", [
    { path: "url", rule: "invalid_type", message: "this image has no url (decode its b64_json instead)" },
  ]);
}
