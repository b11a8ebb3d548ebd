/** Musicgen responses, read leniently: the task record of the spec, clips, lyrics, and the "not shown" v1 bodies. */
import type { Task, TaskSnapshot } from "../../core/tasks.js";

/** What a clip was made from: tags, prompt, type, duration ... */
export interface MusicClipMetadata {
  tags?: string;
  prompt?: string;
  /** Seconds; null until the clip is complete. */
  duration?: number | null;
  error_type?: string | null;
  error_message?: string | null;
  audio_prompt_id?: string | null;
  gpt_description_prompt?: string | null;
  [key: string]: unknown;
}

/** One song. `status` is the clip's own lower-case state: submitted, queued, streaming, complete, error. */
export interface MusicClip {
  id: string;
  title: string;
  status: string;
  audio_url: string;
  image_url: string;
  video_url: string;
  model_name: string;
  image_large_url: string;
  major_model_version: string;
  metadata: MusicClipMetadata;
  [key: string]: unknown;
}

/** Generated lyrics. */
export interface MusicLyrics {
  id: string;
  text: string;
  title: string;
  status: string;
  [key: string]: unknown;
}

/** GET /musicgen/fetch/{task_id} `data`, and each item of the batch fetch. */
export interface MusicTaskRecord {
  task_id: string;
  notify_hook?: string;
  action: "MUSIC" | "LYRICS" | (string & {});
  status: string;
  fail_reason: string;
  progress: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  /** Clips for MUSIC, a lyrics object for LYRICS, null before the first poll. */
  data: MusicClip[] | MusicLyrics | null;
  [key: string]: unknown;
}

/** A song task's state: `result` holds its clips. */
export type MusicSnapshot = TaskSnapshot<MusicClip[]>;
/** A lyrics task's state: `result` holds the lyrics. */
export type LyricsSnapshot = TaskSnapshot<MusicLyrics>;
/** A submitted song task: `wait()` for its clips, or store `JSON.stringify(task)` and resume later. */
export type MusicTask = Task<MusicClip[]>;
/** A submitted lyrics task. */
export type LyricsTask = Task<MusicLyrics>;

/** The v1 generate answer (upstream shape; the spec does not show it). */
export interface MusicGeneration {
  id?: string;
  clips?: MusicClip[];
  [key: string]: unknown;
}

/** A persona made from a clip, for `variant: "persona"` songs. */
export interface MusicPersona {
  id: string;
  [key: string]: unknown;
}

/** Where an upload's bytes go: a presigned URL (plus form fields for a POST policy). */
export interface MusicUploadTarget {
  id: string;
  url: string;
  fields?: Record<string, string>;
  [key: string]: unknown;
}
