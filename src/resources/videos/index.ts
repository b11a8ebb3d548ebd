/** gw.videos namespace. */
export type { VidAModel, VidAParams, VidBModel, VidBParams, VideoCreateParams } from "./schema.js";
export { type VideoResult, type VideoSnapshot, Videos, type VideoTask } from "./videos.js";
