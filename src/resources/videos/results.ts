/**
 * What a video task answers: the flat query record with `data.output` / `data.outputs` and a
 * `"30%"` progress, and the snapshots `retrieve` and `wait` give.
 */
import type { TaskSnapshot, TaskStatusWord, WaitOptions } from "../../core/tasks/index.js";

/** The unified status words: the spec's four plus new-api's SUBMITTED, QUEUED and UNKNOWN. */
export type VideoTaskStatus = TaskStatusWord;

/** The query's `data`: the result URLs (clients read `output` or `outputs`). */
export interface VideoResult {
  /** The video's URL once done. */
  output?: string;
  /** Every result URL. */
  outputs?: string[];
}

/** The task kind of a video job and its result: `pollTask` on a `{ kind: "video" }` handle gives a VideoResult. */
export interface VideoTaskResults {
  video: VideoResult;
}

/** The flat query body of GET /v2/videos/generations/{task_id} (no envelope), as relays send it. */
export interface VideoTaskRecord {
  /** The task id. */
  task_id: string;
  /** The status word (see VideoTaskStatus). */
  status: VideoTaskStatus;
  /** Why it failed; "" otherwise. */
  fail_reason?: string;
  /** Unix seconds. */
  submit_time?: number;
  /** Unix seconds; 0 before it starts. */
  start_time?: number;
  /** Unix seconds; 0 before it ends. */
  finish_time?: number;
  /** A percentage as text, e.g. "30%". */
  progress?: string;
  /** The result; null or absent before it is done. */
  data?: VideoResult | null;
}

/** What `gw.videos.create` answers: `{ task_id }`. */
export interface VideoSubmitResponse {
  /** The new task's id. */
  task_id: string;
}

/** A video task's state, as `retrieve` and `wait` return it: normalized fields plus the flat record. */
export interface VideoSnapshot extends TaskSnapshot<VideoResult> {
  /** The query body as the gateway sent it. */
  raw: VideoTaskRecord;
}
/** The same as VideoSnapshot, under the name of the other task families. */
export type VideoTaskSnapshot = VideoSnapshot;

/** How `gw.videos.wait` and `createAndWait` wait; `onProgress` sees the typed flat record in `raw`. */
export interface VideoWaitOptions extends Omit<WaitOptions<VideoResult>, "onProgress"> {
  /** Called with the snapshot whenever its status or progress changed (and with the first one). */
  onProgress?: ((snapshot: VideoSnapshot) => void) | undefined;
}
