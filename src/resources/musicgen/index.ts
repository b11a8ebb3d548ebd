/** gw.musicgen namespace. */
export { MusicClips, type MusicClipTiming } from "./clips.js";
export type { MusicAction } from "./kinds.js";
export { Musicgen, type MusicWaitOptions } from "./musicgen.js";
export { MusicPersonas } from "./persona.js";
export type * from "./schema.js";
export { MusicStems } from "./stems.js";
export { MusicSubmit } from "./submit.js";
export type * from "./types.js";
export { type MusicUploadOptions, MusicUploads } from "./uploads.js";
export { MusicV1 } from "./v1.js";
export type { ConcatWorkflowParams, ConcatWorkflowResult } from "./workflow.js";
