/** gw.images: text-to-image per model family, multipart editing, and downloads of the results. */

import { ValidationError } from "../../core/errors/index.js";
import type { ClientContext, RequestOptions } from "../../core/http/index.js";
import { APIPromise, operation } from "../../core/http/index.js";
import type { Units } from "../../core/money/index.js";
import type { BinaryResponse } from "../../core/uploads/index.js";
import { type DownloadOptions, download, isUploadable, toFormData } from "../../core/uploads/index.js";
import { type ImageFamily, type ImageModel, imageFamily } from "./models.js";
import type { ImageEditParams, ImageGenerateParams, ImageGenerateParamsFor } from "./requests.js";
import type { Image, ImagesResponse } from "./results.js";
import {
  familyImageParams,
  genericImageParams,
  imageEditParams,
  nanoBananaImageParams,
  openImageParams,
} from "./schema.js";

const SCHEMAS = {
  generic: genericImageParams,
  imgA: familyImageParams,
  imgB: familyImageParams,
  "nano-banana": nanoBananaImageParams,
} satisfies Record<ImageFamily, unknown>;

const GENERATE = operation<ImageGenerateParams>({
  name: "images.generate",
  method: "POST",
  path: "/v1/images/generations",
  policy: "paid",
  // Files are refused first, in any validation mode: a JSON body would carry them as `{}`.
  schema: (params) => {
    rejectFiles(params, "images.generate");
    const family = imageFamily(params.model);
    return family === undefined ? openImageParams : SCHEMAS[family];
  },
  meter,
});

/**
 * Billed per image (or per request, by family): before sending, the `n` asked for; after, the
 * images answered, as new-api bills them (relay/channel/openai/relay_image.go, lines 25-30 and 52:
 * the count of `data` replaces `n` when it is 1 to 128). An answer without a list of images to
 * count is unpriced, never a silent zero (new-api then bills the `n` asked for, the worst case).
 */
function meter(params: ImageGenerateParams | ImageEditParams, answer?: unknown): Units {
  const model = params.model ?? undefined;
  if (answer === undefined) return { model, images: params.n ?? 1 };
  const data = (answer as ImagesResponse | null)?.data as unknown;
  if (!Array.isArray(data) || data.length === 0) {
    return {
      model,
      unpriced: `the answer's data is not a list of images to count (the gateway bills the ${params.n ?? 1} asked for)`,
    };
  }
  return { model, images: data.length };
}

const EDIT = operation<ImageEditParams>({
  name: "images.edit",
  method: "POST",
  path: "/v1/images/edits",
  policy: "paid",
  schema: imageEditParams,
  // Declared interfaces have no index signature; the fields are read by name, extras included.
  body: (params) => toFormData({ ...params }, ["image", "mask"], "images.edit"),
  meter,
});

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
   * Streams a result image (a URL, or an item of `data`) with the client's fetch and clocks but
   * never its API key or headers: result URLs live on file hosts, not on baseURL.
   */
  download(image: string | URL | Image, options: DownloadOptions = {}): APIPromise<BinaryResponse> {
    const url = typeof image === "string" || image instanceof URL ? image : image.url;
    if (url === undefined) {
      // Rejected like every other failure of the call, not thrown out of it.
      const error = new ValidationError("images.download", [
        { path: "url", rule: "invalid_type", message: "this image has no url (decode its b64_json instead)" },
      ]);
      return new APIPromise<BinaryResponse>(Promise.reject(error));
    }
    const config = this.client.transport.foreignConfig;
    return download(url, {
      fetch: config.fetch,
      signal: options.signal,
      timeout: options.timeout ?? config.timeout,
      idleTimeout: options.idleTimeout ?? config.idleTimeout,
      maxRetries: options.maxRetries ?? config.maxRetries,
    });
  }
}

/** A JSON body cannot carry a Blob (it would go out as `{}`): say so instead of sending nonsense. */
function rejectFiles(params: object, operation: string): void {
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => isUploadable(item))) {
      throw new ValidationError(operation, [
        {
          path: key,
          rule: "invalid_type",
          message:
            "files cannot go in a JSON generation request; pass a URL or base64 text, or use images.edit",
        },
      ]);
    }
  }
}
