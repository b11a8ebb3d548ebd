/** What the families with jobs (videos, vidgen, musicgen) export about tasks. */

export type { Uploadable } from "../core/uploads/index.js";
export { isUploadable, type ToFileOptions, toFile } from "../core/uploads/index.js";
export * from "../resources/tasks/index.js";
export { pollTask, type TaskResults } from "./task-results.js";
