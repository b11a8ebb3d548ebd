/** gw.videos namespace. */
export { VIDA_MODELS, VIDB_IMAGE_MODELS, VIDB_TEXT_MODELS } from "./schema.js";
export type * from "./types.js";
export { Videos, type VideoTask } from "./videos.js";
