/**
 * What vidgen answers, as the Kling API and its captures show it:
 * the envelope `{code, message, request_id, data}`, the task record in `data`, and the finished
 * task's `task_result`. Read leniently: a field the gateway leaves out is simply absent.
 */
import type { APIPromise, RequestOptions } from "../../core/http/index.js";
import type { Task, TaskSnapshot, WaitOptions } from "../../core/tasks/index.js";
import type { VidgenKind } from "./operations.js";

/** A video a vidgen task made. */
export interface VidgenVideo {
  /** The video's id (what `videos.extend` and `audio.videoToAudio` take as `video_id`). */
  id: string;
  /** Where to download it (the URL expires upstream; save it soon). */
  url: string;
  /** The watermarked copy, when watermarking is on. */
  watermark_url?: string;
  /** Seconds, as a string ("5.1"). */
  duration: string;
}

/** An image a vidgen task made. */
export interface VidgenImage {
  /** Its position among the task's images, from 0. */
  index: number;
  /** Where to download it. */
  url: string;
  /** The watermarked copy, when watermarking is on. */
  watermark_url?: string;
}

/** An audio track a vidgen audio task made (the Kling API's shape). */
export interface VidgenAudioTrack {
  /** The track's id. */
  id: string;
  /** The MP3 file. */
  url_mp3?: string;
  /** The WAV file. */
  url_wav?: string;
  /** Seconds of the MP3, as a string. */
  duration_mp3?: string;
  /** Seconds of the WAV, as a string. */
  duration_wav?: string;
}

/** `task_result` of a finished task: videos, images or audios depending on the operation. */
export interface VidgenResult {
  /** Videos (the video operations; video-to-audio returns the video with its new sound). */
  videos?: VidgenVideo[];
  /** Images (the image operations). */
  images?: VidgenImage[];
  /** Audio tracks (the audio operations). */
  audios?: VidgenAudioTrack[];
}

/** Every vidgen task kind (`vidgen.text2video` ...) and its result: each gives a VidgenResult. */
export type VidgenTaskResults = { [K in VidgenKind]: VidgenResult };

/** submitted, processing, succeed or failed: the spec's and the Kling API's task states. */
export type VidgenTaskStatus = "submitted" | "processing" | "succeed" | "failed";

/** A vidgen task record: `data` of every submission and query answer. */
export interface VidgenTaskData {
  /** The gateway's task id. */
  task_id: string;
  /** submitted, processing, succeed or failed. */
  task_status: VidgenTaskStatus;
  /** Why the task failed (empty otherwise). A failed task still answers with `code: 0`. */
  task_status_msg?: string;
  /** What the caller attached at submission, e.g. `external_task_id`. */
  task_info?: { external_task_id?: string };
  /** The outputs; `{}` while the task runs, absent on submission. */
  task_result?: VidgenResult;
  /** Units the task cost, as a string (Kling API). */
  final_unit_deduction?: string;
  /** Whether outputs are watermarked (Kling API). */
  watermark_info?: { enabled: boolean };
  /**
   * Unix time in milliseconds. (The spec's text-to-video query result calls it a string; the Kling
   * API and every capture send a number.)
   */
  created_at: number;
  /** Unix time in milliseconds, as `created_at`. */
  updated_at: number;
}

/** The vidgen envelope of every submission and query answer. */
export interface VidgenTaskResponse {
  /** 0 on success; other codes never get here (they become typed errors). */
  code: number;
  /** "SUCCEED" on success, also for failed tasks. */
  message: string;
  /** The gateway's id of this request, for tracing. */
  request_id: string;
  /** The task record. */
  data: VidgenTaskData;
}

/** A vidgen task's state, as `retrieve` and `wait` return it; `raw` is the envelope as sent. */
export interface VidgenSnapshot extends TaskSnapshot<VidgenResult> {
  /** The query's answer as the gateway sent it. */
  raw: VidgenTaskResponse;
}

/** A submitted vidgen task: `wait()` for it, or store `JSON.stringify(task)` and resume later. */
export interface VidgenTask extends Task<VidgenResult> {
  /** Polls until the task succeeds (resolves), fails (TaskFailedError) or time runs out (TaskTimeoutError). */
  wait(options?: WaitOptions<VidgenResult>): Promise<VidgenSnapshot>;
  /** The task's current state. */
  retrieve(options?: RequestOptions): APIPromise<VidgenSnapshot>;
}
