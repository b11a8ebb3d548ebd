/** What vidgen tasks return: the Kling-style `task_result`, read leniently. */
import type { Task, TaskSnapshot } from "../../core/tasks.js";

/** A video a vidgen task made. */
export interface VidgenVideo {
  id: string;
  url: string;
  /** Seconds, as a string ("5.1"). */
  duration?: string;
  watermark_url?: string;
  [key: string]: unknown;
}

/** An image a vidgen task made. */
export interface VidgenImage {
  index: number;
  url: string;
  watermark_url?: string;
  [key: string]: unknown;
}

/** An audio track a vidgen task made. */
export interface VidgenAudioTrack {
  id: string;
  url_mp3?: string;
  url_wav?: string;
  duration_mp3?: string;
  duration_wav?: string;
  [key: string]: unknown;
}

/** `task_result` of a finished task: videos, images or audios depending on the operation. */
export interface VidgenResult {
  videos?: VidgenVideo[];
  images?: VidgenImage[];
  audios?: VidgenAudioTrack[];
  [key: string]: unknown;
}

/** A vidgen task's state, as `retrieve` and `wait` return it. */
export type VidgenSnapshot = TaskSnapshot<VidgenResult>;
/** A submitted vidgen task: `wait()` for it, or store `JSON.stringify(task)` and resume later. */
export type VidgenTask = Task<VidgenResult>;
