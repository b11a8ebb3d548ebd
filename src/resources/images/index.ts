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
  type ImageAspectRatio,
  type ImageEditModel,
  type ImageFamily,
  type ImageModel,
  imageFamily,
  type NanoBananaModel,
  type OpenAIImageModel,
} from "./models.js";
export type * from "./requests.js";
export type * from "./results.js";
