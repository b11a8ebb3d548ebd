/** gw.vidgen namespace. */
export { VidgenAudio } from "./audio.js";
export { VidgenImages } from "./images.js";
export type { VidgenKind } from "./operations.js";
export type * from "./requests.js";
export type * from "./results.js";
export { VidgenVideos } from "./videos.js";
export { Vidgen, type VidgenKindName, type VidgenWaitOptions } from "./vidgen.js";
