/**
 * Musicgen responses: the task record of the spec (new-api's TaskDto as the Suno-API relays it),
 * clips in the raw Suno shape, lyrics, and the answers the spec does not show. Fields the spec
 * lists are required; fields only the captures show are optional.
 */

import type { RequestIdentified } from "../../core/http/index.js";
import type { Task, TaskSnapshot, TaskStatusWord } from "../../core/tasks/index.js";
import type { BinaryResponse } from "../../core/uploads/index.js";

/** A clip's own lower-case state: submitted -> queued -> streaming -> complete | error. */
export type MusicClipStatus = "submitted" | "queued" | "streaming" | "complete" | "error" | (string & {});

/** A task's upper-case state (new-api model/task.go). */
export type MusicTaskStatus = TaskStatusWord;

/** What a clip was made from. */
export interface MusicClipMetadata {
  /** Style tags. */
  tags: string;
  /** The lyrics sung. */
  prompt: string;
  /** Seconds; null until the clip is complete. */
  duration: number | null;
  /** The description of an inspiration song; null for custom songs. */
  gpt_description_prompt?: string | null;
  /** Why the clip failed; null otherwise. */
  error_type?: string | null;
  /** The failure message; null otherwise. */
  error_message?: string | null;
  /** The audio prompt the clip came from; null for most clips. */
  audio_prompt_id?: string | null;
  /** How the clip was made: `gen`, `concat`, a stem ... (upstream). */
  type?: string;
  /** Whether the audio URL streams while the clip is made (upstream). */
  stream?: boolean;
  /** The clips this one extends (upstream). */
  history?: unknown[] | null;
  /** The clips a concatenation joined (upstream). */
  concat_history?: unknown[] | null;
  /** Whether credits were refunded (upstream). */
  refund_credits?: boolean | null;
}

/** One song (suno-clip-full.json). */
export interface MusicClip {
  /** The clip id (continue_clip_id, clip_id, feed ids). */
  id: string;
  /** Song title. */
  title: string;
  /** The clip's state. */
  status: MusicClipStatus;
  /** The audio; a streaming URL until the clip is complete. */
  audio_url: string;
  /** Cover image. */
  image_url: string;
  /** The video; `""` until it is made. */
  video_url: string;
  /** Model that made it, e.g. `chirp-v4`. */
  model_name: string;
  /** Large cover image (absent in some relays' answers). */
  image_large_url?: string;
  /** Model generation, e.g. `v4`. */
  major_model_version: string;
  /** What the clip was made from. */
  metadata: MusicClipMetadata;
  /** Whether the video is still being made (raw Suno). */
  is_video_pending?: boolean;
  /** ISO time of creation (raw Suno). */
  created_at?: string;
  /** Owner's display name (raw Suno). */
  display_name?: string;
  /** Owner's handle (raw Suno). */
  handle?: string;
  /** Owner's id (raw Suno). */
  user_id?: string;
  /** Whether the clip is public (raw Suno). */
  is_public?: boolean;
  /** Plays so far (raw Suno). */
  play_count?: number;
  /** Upvotes so far (raw Suno). */
  upvote_count?: number;
  /** Whether the owner liked it (raw Suno). */
  is_liked?: boolean;
}

/** Generated lyrics (suno-fetch-single-lyrics.json `data.data`, and the v1 lyrics query). */
export interface MusicLyrics extends RequestIdentified {
  /** The lyrics task (or v1 lyrics) id. */
  id: string;
  /** The lyrics. */
  text: string;
  /** A title for them. */
  title: string;
  /** Their state, e.g. `complete`. */
  status: MusicClipStatus | "running";
}

/** A task record: GET /musicgen/fetch/{task_id} `data`, and each item of the batch fetch. */
export interface MusicTaskRecord {
  /** The task id. */
  task_id: string;
  /** The callback address given at submission (`""` when none). */
  notify_hook?: string;
  /** `MUSIC` for songs (and concatenations), `LYRICS` for lyrics. */
  action: "MUSIC" | "LYRICS" | (string & {});
  /** The task's state. */
  status: MusicTaskStatus;
  /** Why it failed; `""` otherwise. */
  fail_reason: string;
  /** Percent done as text, e.g. `"30%"`. */
  progress: string;
  /** Unix seconds of submission. */
  submit_time: number;
  /** Unix seconds of the start (0 before). */
  start_time: number;
  /** Unix seconds of the end (0 before). */
  finish_time: number;
  /** Clips for MUSIC, a lyrics object for LYRICS, null before the first poll. */
  data: MusicClip[] | MusicLyrics | null;
}

/** The new-api task envelope `{code: "success", message, data}` of every /musicgen/submit and /fetch answer. */
export interface MusicEnvelope<T> {
  /** `success`, or an error code such as `task_not_exist` (then the SDK throws instead). */
  code: string;
  /** `""` on success (relays may say `SUCCEED`). */
  message: string;
  /** The task id (submissions), a record (fetch), or an array of records (batch fetch). */
  data: T;
}

/** A song task's state: `result` holds its clips. */
export type MusicSnapshot = TaskSnapshot<MusicClip[]>;
/** A lyrics task's state: `result` holds the lyrics. */
export type LyricsSnapshot = TaskSnapshot<MusicLyrics>;
/** A submitted song task: `wait()` for its clips, or store `JSON.stringify(task)` and resume later. */
export type MusicTask = Task<MusicClip[]>;
/** A submitted lyrics task. */
export type LyricsTask = Task<MusicLyrics>;

/**
 * The music task kinds and their results: songs (`music`, and `music.feed` of the v1 routes) give
 * their clips, lyrics jobs (`music.lyrics`, `music.lyrics.v1`) the lyrics. An upload's processing
 * (`music.upload`) carries no result: its state is in the snapshot's `status` and `raw`.
 */
export interface MusicTaskResults {
  music: MusicClip[];
  "music.feed": MusicClip[];
  "music.lyrics": MusicLyrics;
  "music.lyrics.v1": MusicLyrics;
  "music.upload": unknown;
}

/** A persona made from a clip, for persona songs (`persona_id`). Fields beyond its id: not shown. */
export interface MusicPersona extends RequestIdentified {
  /** The persona id. */
  id: string;
}

/**
 * A relay's JSON answer to a clip file or timing query: the envelope's payload and the file URL in
 * it (the first http(s) URL among `url`, `audio_url`, `video_url` ... at its top level).
 */
export interface MusicClipJson<T = Record<string, unknown>> {
  /** Where to download the file, when the answer names one. */
  url: string | undefined;
  /** The answer, envelope `{code, message, data}` removed. */
  data: T;
}

/** What `gw.musicgen.clips.mp4/wav/timing` resolve to: the bytes, or the relay's JSON with a URL. */
export type MusicClipFile<T = Record<string, unknown>> = BinaryResponse | MusicClipJson<T>;

/** Lyrics aligned to the audio (`GET /musicgen/act/timing`; upstream shape, the spec does not show it). */
export interface MusicClipTiming {
  /** Each word with its start and end in seconds. */
  aligned_words?: Array<{
    word: string;
    start_s: number;
    end_s: number;
    success?: boolean;
    p_align?: number;
  }>;
  /** Loudness samples for a waveform. */
  waveform_data?: number[];
}

/** An upload slot: where the bytes go (a presigned URL, plus form fields for a POST policy). */
export interface MusicUploadTarget extends RequestIdentified {
  /** The upload id (for upload-finish, the status query and initialize-clip). */
  id: string;
  /** The storage URL. */
  url: string;
  /** Form fields of a presigned POST; absent for a PUT. */
  fields?: Record<string, string>;
}

/** The processing state of an upload (GET /musicgeni/uploads/audio/{id}; upstream shape). */
export interface MusicUploadStatus {
  /** The upload id. */
  id: string;
  /** `uploading`, `processing`, `complete` or `error`. */
  status: string;
  /** Why processing failed; null otherwise. */
  error_message?: string | null;
  /** Title taken from the file name. */
  title?: string;
}

/** What initialize-clip answers: the clip made from a processed upload. */
export interface MusicInitializedClip extends RequestIdentified {
  /** The clip id, for `continue_clip_id` of a recreation. */
  clip_id: string;
}

/** The three finished tasks of the workflow. */
export interface ConcatWorkflowResult {
  song: MusicSnapshot;
  extension: MusicSnapshot;
  /** The concatenated song: its clips hold the whole song. */
  full: MusicSnapshot;
}
