/**
 * POST /v1/images/generations and /v1/images/edits, declared once: the operations and the schemas
 * their params must meet. The spec bounds the generic variant (prompt, n, size) and gives families
 * A and B their sizes; those apply only where `imageFamily()` says so. Every other field passes
 * through unchecked.
 */
import { ValidationError } from "../../core/errors/index.js";
import { billedFields, operation, type Units } from "../../core/http/index.js";
import { isUploadable, toFormData, type Uploadable } from "../../core/uploads/index.js";
import { type Finding, v } from "../../core/validation/index.js";
import { imagesLimits } from "../../limits.js";
import { type ImageFamily, imageFamily } from "./models.js";
import type { ImageEditParams, ImageGenerateParams } from "./requests.js";
import type { ImagesResponse } from "./results.js";

const { generic, family, any } = imagesLimits.generate;

/** A count of images, whatever the model (how many a model allows is its own). */
const count = v.optional(v.number(any.n));

/**
 * @internal (exported for its type test in tests/types) What every generation needs, whatever the
 * model: a prompt; an image count and a size, where given, of their types (any size string is sent).
 */
export const openImageParams = v.object({
  model: v.optional(v.string()),
  prompt: v.text(),
  n: count,
  size: v.optional(v.string()),
});

/** @internal (exported for its type test in tests/types) The generic variant (no model): prompt at most 1000 characters, n 1-10, three square sizes. */
export const genericImageParams = v.object({
  prompt: v.string(generic.prompt),
  n: v.optional(v.number(generic.n)),
  size: v.optional(v.oneOf(generic.size.oneOf)),
});

/** @internal (exported for its type test in tests/types) Families A and B (ids the catalog places in imgA or imgB): one of the twelve family sizes. */
export const familyImageParams = v.object({
  model: v.string(),
  prompt: v.text(),
  size: v.optional(v.oneOf(family.size.oneOf)),
  n: count,
});

/** @internal (exported for its type test in tests/types) nano-banana: the spec shows no fields beyond the model. */
export const nanoBananaImageParams = v.object({ model: v.string(), prompt: v.text(), n: count });

const NOT_A_FILE =
  "must be a file: Blob, File, Uint8Array, ArrayBuffer, ReadableStream, AsyncIterable or Response";

/** One Uploadable or a non-empty list of them; a bad item is reported at its own index. */
const images = v.refine(v.custom<Uploadable | Uploadable[]>(), (value): Finding[] | undefined => {
  if (!Array.isArray(value)) return isUploadable(value) ? undefined : [{ message: NOT_A_FILE }];
  const found: Finding[] =
    value.length === 0 ? [{ rule: "too_small", message: "must be at least 1 item" }] : [];
  value.forEach((item, index) => {
    if (!isUploadable(item)) found.push({ path: [index], message: NOT_A_FILE });
  });
  return found;
});

/** @internal (exported for its type test in tests/types) /v1/images/edits: any model id, any ratio; the files must be files (they go as multipart parts). */
export const imageEditParams = v.object({
  model: v.string(),
  prompt: v.text(),
  image: v.optional(images),
  mask: v.optional(v.custom<Uploadable>(isUploadable, NOT_A_FILE)),
  aspect_ratio: v.optional(v.string()),
  size: v.optional(v.string()),
});

const SCHEMAS = {
  generic: genericImageParams,
  imgA: familyImageParams,
  imgB: familyImageParams,
  "nano-banana": nanoBananaImageParams,
} satisfies Record<ImageFamily, unknown>;

export const GENERATE = operation<ImageGenerateParams>({
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
 * Billed per image (or per request, by family), at a price the relay may scale by the image's size
 * and quality (dall-e: src/money/ratios.ts): before sending, the `n` asked for; after, the images
 * answered, as new-api bills them (relay/channel/openai/relay_image.go, OpenaiImageHandler and
 * updateOpenAIImageCount: the count of `data` replaces `n` when it is 1 to 128). An answer without a list of images to
 * count is unpriced, never a silent zero (new-api then bills the `n` asked for, the worst case).
 */
function meter(params: ImageGenerateParams | ImageEditParams, answer?: unknown): Units {
  const model = params.model ?? undefined;
  if (answer === undefined) return { model, images: params.n ?? 1, fields: billedFields(params) };
  const data = (answer as ImagesResponse | null)?.data as unknown;
  if (!Array.isArray(data) || data.length === 0) {
    return {
      model,
      unpriced: `the answer's data is not a list of images to count (the gateway bills the ${params.n ?? 1} asked for)`,
    };
  }
  return { model, images: data.length, fields: billedFields(params) };
}

export const EDIT = operation<ImageEditParams>({
  name: "images.edit",
  method: "POST",
  path: "/v1/images/edits",
  policy: "paid",
  schema: imageEditParams,
  // Declared interfaces have no index signature; the fields are read by name, extras included.
  body: (params) => toFormData({ ...params }, ["image", "mask"], "images.edit"),
  meter,
});

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
