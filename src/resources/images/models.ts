/**
 * Image model ids and the family each belongs to. The spec writes vendor model ids with neutral
 * words (vidA, vidB for video); we follow that convention for the image families it names without
 * ids: family A is `imgA-<tier>`, family B `imgB-<variant>`, the editing family `imgedit-<tier>`.
 * docs/images.md lists them. The family is told by the id's prefix (case-insensitive), so an id of
 * the family with a tier the spec does not name is caught as that family's error, not waved
 * through under the generic rules. Any other id uses the generic variant's rules.
 */

/** Family A, three tiers. */
export const FAMILY_A_MODELS = ["imgA-base", "imgA-dev", "imgA-pro"] as const;
/** Family B: the standard model and its seasonal variant. */
export const FAMILY_B_MODELS = ["imgB-standard", "imgB-seasonal"] as const;
/** The nano-banana image model; other nano-banana* ids (e.g. nano-banana-hd) are the same family. */
const NANO_BANANA = "nano-banana";
/** The only editing tiers the gateway supports on /v1/images/edits. */
export const IMAGE_EDIT_MODELS = ["imgedit-pro", "imgedit-max"] as const;

/** Sizes of the generic variant. */
export const GENERIC_SIZES = ["256x256", "512x512", "1024x1024"] as const;
/** The twelve sizes families A and B allow. */
export const FAMILY_SIZES = [
  "1024x512",
  "1024x1024",
  "1024x576",
  "1024x768",
  "512x1024",
  "512x768",
  "1280x960",
  "960x1280",
  "768x1366",
  "768x512",
  "1366x768",
  "1344x576",
] as const;
/** Aspect ratios of the edit request, preferred over `size`. */
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
/**
 * A model that can edit images.
 * @useDeclaredType
 */
export type ImageEditModel = (typeof IMAGE_EDIT_MODELS)[number];
/**
 * A size of the generic image variant.
 * @useDeclaredType
 */
export type GenericImageSize = (typeof GENERIC_SIZES)[number];
/**
 * One of the sizes families A and B accept.
 * @useDeclaredType
 */
export type FamilyImageSize = (typeof FAMILY_SIZES)[number];
/**
 * An aspect ratio an image request may ask for.
 * @useDeclaredType
 */
export type ImageAspectRatio = (typeof ASPECT_RATIOS)[number];

/** Ids for autocompletion; any other string is accepted and checked by the generic rules. */
export type ImageModel = FamilyAModel | FamilyBModel | "nano-banana" | "nano-banana-hd" | (string & {});

/** Which request variant a model belongs to. */
export type ImageFamily = "generic" | "imgA" | "imgB" | "nano-banana";

/** Which rules apply to a generation request, from its model id (absent: the generic variant). */
export function imageFamily(model: unknown): ImageFamily {
  if (typeof model !== "string") return "generic";
  const id = model.toLowerCase();
  if (id.startsWith("imga-")) return "imgA";
  if (id.startsWith("imgb-")) return "imgB";
  if (id.startsWith(NANO_BANANA)) return "nano-banana";
  return "generic";
}
