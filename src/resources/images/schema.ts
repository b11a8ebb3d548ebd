/**
 * /v1/images/generations per family and /v1/images/edits. The spec gives bounds only for the
 * generic variant (prompt, n, size) and sizes for families A and B; fields it does not show pass
 * through unchecked (`looseObject`), as does everything about nano-banana but its model and prompt.
 */
import * as z from "zod/mini";
import { isUploadable, type Uploadable } from "../../core/uploads.js";
import {
  ASPECT_RATIOS,
  FAMILY_A_MODELS,
  FAMILY_B_MODELS,
  FAMILY_SIZES,
  GENERIC_SIZES,
  IMAGE_EDIT_MODELS,
} from "./models.js";

const prompt = z.string().check(z.minLength(1));

export const genericImageParams = z.looseObject({
  model: z.optional(z.string()),
  prompt: prompt.check(z.maxLength(1000)),
  n: z.optional(z.int().check(z.minimum(1), z.maximum(10))),
  size: z.optional(z.enum(GENERIC_SIZES)),
});

export const familyAImageParams = z.looseObject({
  model: z.enum(FAMILY_A_MODELS),
  prompt,
  size: z.optional(z.enum(FAMILY_SIZES)),
});

export const familyBImageParams = z.looseObject({
  model: z.enum(FAMILY_B_MODELS),
  prompt,
  size: z.optional(z.enum(FAMILY_SIZES)),
});

export const nanoBananaImageParams = z.looseObject({
  model: z.string().check(z.startsWith("nano-banana")),
  prompt,
});

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

export const imageEditParams = z.looseObject({
  model: z.enum(IMAGE_EDIT_MODELS),
  prompt,
  /** One reference image or several (sent as repeated `image` parts). */
  image: z.optional(images),
  aspect_ratio: z.optional(z.enum(ASPECT_RATIOS)),
  /** Width x height; the gateway converts it to a ratio. Prefer aspect_ratio. */
  size: z.optional(
    z.string().check(z.regex(/^\d+x\d+$/, { message: 'must be "<width>x<height>", e.g. "1024x768"' })),
  ),
});
