/** Image request and response types. Requests come from the schemas; responses are typed loosely. */
import type * as z from "zod/mini";
import type { ImageModel } from "./models.js";
import type {
  familyAImageParams,
  familyBImageParams,
  genericImageParams,
  imageEditParams,
  nanoBananaImageParams,
} from "./schema.js";

/**
 * The generic variant: no model (or any id outside the families below).
 * @useDeclaredType
 */
export type GenericImageGenerateParams = z.input<typeof genericImageParams>;
/**
 * Family A (`imgA-base`, `imgA-dev`, `imgA-pro`): one of the twelve family sizes.
 * @useDeclaredType
 */
export type FamilyAImageGenerateParams = z.input<typeof familyAImageParams>;
/**
 * Family B (`imgB-standard`, `imgB-seasonal`): one of the twelve family sizes.
 * @useDeclaredType
 */
export type FamilyBImageGenerateParams = z.input<typeof familyBImageParams>;
/**
 * nano-banana: the spec shows no fields beyond the model; extra fields pass through.
 * @useDeclaredType
 */
export type NanoBananaImageGenerateParams = z.input<typeof nanoBananaImageParams>;

/** What `gw.images.generate` takes: one variant per model family. */
export type ImageGenerateParams =
  | (Omit<GenericImageGenerateParams, "model"> & { model?: ImageModel | undefined })
  | FamilyAImageGenerateParams
  | FamilyBImageGenerateParams
  | NanoBananaImageGenerateParams;

/**
 * What `gw.images.edit` takes: the image(s) to edit, a prompt and options (sent as multipart).
 * @useDeclaredType
 */
export type ImageEditParams = z.input<typeof imageEditParams>;

/** One generated image: a URL (download it with `gw.images.download`) or base64 when asked for. */
export interface Image {
  url?: string;
  b64_json?: string;
  revised_prompt?: string;
  [key: string]: unknown;
}

/** `{ created, data[{ url }] }`, as the generic variant returns it (and the other variants, loosely). */
export interface ImagesResponse {
  created: number;
  data: Image[];
  usage?: Record<string, unknown>;
  [key: string]: unknown;
}
