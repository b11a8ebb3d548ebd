/** gw.musicgen namespace. */
export { MusicClips } from "./clips.js";
export { Musicgen, type MusicWaitOptions } from "./musicgen.js";
export type * from "./params.js";
export { MusicPersonas } from "./persona.js";
export { type MusicVariant, musicVariantOf } from "./schema.js";
export { MusicStems } from "./stems.js";
export { MusicSubmit } from "./submit.js";
export type * from "./types.js";
export {
  type MusicUploadFinishParams,
  type MusicUploadFromUrlParams,
  type MusicUploadOptions,
  type MusicUploadRequestParams,
  MusicUploads,
} from "./uploads.js";
export { type MusicFeedTask, MusicV1, type MusicV1LyricsTask } from "./v1.js";
export type { ConcatWorkflowParams, ConcatWorkflowResult } from "./workflow.js";
