/** gw.musicgen namespace. */
export { MusicClips } from "./clips.js";
export { Musicgen, type MusicWaitOptions } from "./musicgen.js";
export { type MusicVariant, musicVariantOf } from "./operations.js";
export { MusicPersonas } from "./persona.js";
export type * from "./requests.js";
export type * from "./results.js";
export { MusicStems } from "./stems.js";
export { MusicSubmit } from "./submit.js";
export { type MusicUploadOptions, MusicUploads } from "./uploads.js";
export { type MusicFeedTask, MusicV1, type MusicV1LyricsTask } from "./v1.js";
