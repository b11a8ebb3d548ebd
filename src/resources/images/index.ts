/** gw.images namespace. */
export { Images } from "./images.js";
export {
  ASPECT_RATIOS,
  FAMILY_A_MODELS,
  FAMILY_B_MODELS,
  FAMILY_SIZES,
  type FamilyAModel,
  type FamilyBModel,
  type FamilyImageSize,
  GENERIC_SIZES,
  type GenericImageSize,
  IMAGE_EDIT_MODELS,
  type ImageAspectRatio,
  type ImageEditModel,
  type ImageFamily,
  type ImageModel,
  imageFamily,
} from "./models.js";
export type * from "./types.js";
