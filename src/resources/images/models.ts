/**
 * Image model ids and the rules each one gets. The spec names image families without ids (family A:
 * three tiers, family B: standard and seasonal, nano-banana); genway writes them `imgA-<tier>`,
 * `imgB-<variant>`, `nano-banana*`, and the model catalog (`models`) places ids in those
 * families, so `models.register("flux-1-*", "imgA")` makes real ids follow family A's sizes. An id the
 * catalog does not place (dall-e-3, gpt-image-1, flux-kontext-pro ...) is never refused and gets only
 * what holds for every model. No model at all is the spec's generic variant (docs/images.md).
 */
import { FAMILY_SIZES, GENERIC_SIZES } from "../../limits.js";
import { findModelFamily } from "../../money/models.js";

/** The sizes of the generic variant and of families A and B (closed lists: declared with the image bounds). */
export { FAMILY_SIZES, GENERIC_SIZES };

/** Family A, three tiers (for autocompletion; any `imgA-*` id is family A). */
export const FAMILY_A_MODELS = ["imgA-base", "imgA-dev", "imgA-pro"] as const;
/** Family B: the standard model and its seasonal variant (any `imgB-*` id is family B). */
export const FAMILY_B_MODELS = ["imgB-standard", "imgB-seasonal"] as const;

/** The aspect ratios the spec lists for edits (autocompletion: other ratios are sent as given). */
export const ASPECT_RATIOS = ["21:9", "16:9", "4:3", "3:2", "1:1", "2:3", "3:4", "9:16", "9:21"] as const;

/**
 * A family A image model (`imgA-*`).
 * @useDeclaredType
 */
export type FamilyAModel = (typeof FAMILY_A_MODELS)[number];
/**
 * A family B image model (`imgB-*`).
 * @useDeclaredType
 */
export type FamilyBModel = (typeof FAMILY_B_MODELS)[number];
/** A nano-banana model: `nano-banana`, `nano-banana-hd`, or another `nano-banana*` id. */
export type NanoBananaModel = "nano-banana" | "nano-banana-hd" | `nano-banana-${string}`;
/**
 * A size of the generic variant.
 * @useDeclaredType
 */
export type GenericImageSize = (typeof GENERIC_SIZES)[number];
/**
 * One of the sizes families A and B accept.
 * @useDeclaredType
 */
export type FamilyImageSize = (typeof FAMILY_SIZES)[number];
/** An aspect ratio: the spec's nine for autocompletion, any other string accepted. */
export type ImageAspectRatio = (typeof ASPECT_RATIOS)[number] | (string & {});

/** Image ids other SDKs and relays use, for autocompletion (the catalog places none of them). */
export type OpenAIImageModel = "dall-e-2" | "dall-e-3" | "gpt-image-1" | "gpt-image-1-mini";
/** Editing models the gateway relays, for autocompletion; any id is sent. */
export type ImageEditModel = "flux-kontext-pro" | "flux-kontext-max" | OpenAIImageModel | (string & {});
/** A generation model id: the spec's families, common upstream ids, or any other string. */
export type ImageModel = FamilyAModel | FamilyBModel | NanoBananaModel | OpenAIImageModel | (string & {});

/** The rules a generation gets: the generic variant's, a family's, or (undefined) only the shared ones. */
export type ImageFamily = "generic" | "imgA" | "imgB" | "nano-banana";

/**
 * Which variant's rules apply to a generation with this `model`: "generic" without a model, the
 * catalog's family for an id it places in imgA, imgB or nano-banana, else undefined (only what holds
 * for every model is checked).
 */
export function imageFamily(model: unknown): ImageFamily | undefined {
  if (model === undefined) return "generic";
  if (typeof model !== "string") return undefined;
  const family = findModelFamily(model);
  return family === "imgA" || family === "imgB" || family === "nano-banana" ? family : undefined;
}
