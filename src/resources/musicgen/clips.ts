/**
 * gw.musicgen.clips: a clip's mp4 and wav files (streamed as BinaryResponse, never buffered unless
 * asked) and its lyric timing (JSON; the spec does not show its fields). These GETs "declare a
 * body" in the spec; fetch cannot send a body on GET, so none is sent.
 */
import type { APIPromise } from "../../core/api-promise.js";
import { BinaryResponse } from "../../core/binary.js";
import type { Resource } from "../../core/resource.js";
import type { RequestOptions } from "../../core/transport.js";
import { request } from "./request.js";

/** Lyrics aligned to the audio. */
export interface MusicClipTiming {
  aligned_words?: Array<{ word: string; start_s: number; end_s: number; [key: string]: unknown }>;
  [key: string]: unknown;
}

/** `gw.musicgen.clips`: a clip as mp4 or wav, and its lyrics timing. */
export class MusicClips {
  constructor(private readonly client: Resource) {}

  /** GET /musicgen/act/mp4/{clip_id}: the clip as an mp4 video. */
  mp4(clipId: string, options?: RequestOptions): APIPromise<BinaryResponse> {
    return this.#file("mp4", "video/mp4", clipId, options);
  }

  /** GET /musicgen/act/wav/{clip_id}: the clip as a wav file. */
  wav(clipId: string, options?: RequestOptions): APIPromise<BinaryResponse> {
    return this.#file("wav", "audio/wav", clipId, options);
  }

  /** GET /musicgen/act/timing/{clip_id}: lyrics and audio timeline. */
  timing(clipId: string, options?: RequestOptions): APIPromise<MusicClipTiming> {
    const path = `/musicgen/act/timing/${encodeURIComponent(clipId)}`;
    return request(this.client, () => ({ method: "GET", path, policy: "idempotent" }), options);
  }

  #file(what: string, accept: string, clipId: string, options?: RequestOptions): APIPromise<BinaryResponse> {
    const path = `/musicgen/act/${what}/${encodeURIComponent(clipId)}`;
    const spec = { method: "GET", path, policy: "idempotent", accept: `${accept}, */*` } as const;
    return this.client.transport.connect(spec, options, BinaryResponse.open);
  }
}
