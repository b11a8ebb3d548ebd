/** gw.videos namespace. */
export { VIDA_MODELS, VIDB_IMAGE_MODELS, VIDB_TEXT_MODELS } from "./models.js";
export type * from "./requests.js";
export type * from "./results.js";
export { Videos, type VideoTask } from "./videos.js";
