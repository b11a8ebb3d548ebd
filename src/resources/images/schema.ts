/**
 * The run-time checks of /v1/images/generations and /v1/images/edits. The spec bounds the generic
 * variant (prompt, n, size) and gives families A and B their sizes; those apply only where
 * `imageFamily()` says so. Every other field passes through unchecked (`looseObject`).
 */
import * as z from "zod/mini";
import { isUploadable, type Uploadable } from "../../core/uploads/index.js";
import { FAMILY_SIZES, GENERIC_SIZES } from "./models.js";

/** Builds every schema of this file; runs once, on the first call that validates with one of them. */
function build() {
  const prompt = z.string().check(z.minLength(1));

  /** What every generation needs, whatever the model: a prompt. */
  const openImageParams = z.looseObject({ model: z.optional(z.string()), prompt });

  /** The generic variant (no model): prompt at most 1000 characters, n 1-10, three square sizes. */
  const genericImageParams = z.looseObject({
    model: z.optional(z.undefined()),
    prompt: prompt.check(z.maxLength(1000)),
    n: z.optional(z.int().check(z.minimum(1), z.maximum(10))),
    size: z.optional(z.enum(GENERIC_SIZES)),
  });

  /** Families A and B (ids the catalog places in imgA or imgB): one of the twelve family sizes. */
  const familyImageParams = z.looseObject({
    model: z.string(),
    prompt,
    size: z.optional(z.enum(FAMILY_SIZES)),
  });

  /** nano-banana: the spec shows no fields beyond the model. */
  const nanoBananaImageParams = z.looseObject({ model: z.string(), prompt });

  const NOT_A_FILE =
    "must be a file: Blob, File, Uint8Array, ArrayBuffer, ReadableStream, AsyncIterable or Response";

  /** One Uploadable or a non-empty list of them; a bad item is reported at its own index. */
  const images = z.custom<Uploadable | Uploadable[]>().check(
    z.superRefine((value, ctx) => {
      if (!Array.isArray(value)) {
        if (!isUploadable(value)) ctx.addIssue({ code: "custom", message: NOT_A_FILE, input: value });
        return;
      }
      if (value.length === 0) {
        ctx.addIssue({ code: "too_small", origin: "array", minimum: 1, inclusive: true, input: value });
      }
      value.forEach((item, index) => {
        if (!isUploadable(item))
          ctx.addIssue({ code: "custom", message: NOT_A_FILE, input: item, path: [index] });
      });
    }),
  );

  /** /v1/images/edits: any model id, any ratio; the files must be files (they go as multipart parts). */
  const imageEditParams = z.looseObject({
    model: z.string(),
    prompt,
    image: z.optional(images),
    mask: z.optional(z.custom<Uploadable>((value) => isUploadable(value), { message: NOT_A_FILE })),
    aspect_ratio: z.optional(z.string()),
    size: z.optional(z.string()),
  });
  return { openImageParams, genericImageParams, familyImageParams, nanoBananaImageParams, imageEditParams };
}

let built: ReturnType<typeof build> | undefined;
const schemas = () => (built ??= build());

/** What every generation needs, whatever the model: a prompt. */
export const openImageParams = /* @__PURE__ */ z.lazy(() => schemas().openImageParams);
/** The generic variant (no model): prompt at most 1000 characters, n 1-10, three square sizes. */
export const genericImageParams = /* @__PURE__ */ z.lazy(() => schemas().genericImageParams);
/** Families A and B (ids the catalog places in imgA or imgB): one of the twelve family sizes. */
export const familyImageParams = /* @__PURE__ */ z.lazy(() => schemas().familyImageParams);
/** nano-banana: the spec shows no fields beyond the model. */
export const nanoBananaImageParams = /* @__PURE__ */ z.lazy(() => schemas().nanoBananaImageParams);
/** /v1/images/edits: any model id, any ratio; the files must be files (they go as multipart parts). */
export const imageEditParams = /* @__PURE__ */ z.lazy(() => schemas().imageEditParams);
