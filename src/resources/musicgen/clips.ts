/**
 * gw.musicgen.clips: a clip's mp4 and wav files and its lyric timing. Relays answer these GETs
 * either with the bytes or with JSON (`{code: "success", data: {url ...}}` or a bare object naming
 * the file's URL); which one is decided by the answer's content type. Bytes stream as a
 * BinaryResponse (never buffered unless asked); JSON resolves to `{ url, data }`. These GETs
 * "declare a body" in the spec; fetch cannot send a body on GET, so none is sent.
 */
import type { APIPromise, Connection, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { isJson, path, readJson } from "../../core/http/index.js";
import { BinaryResponse } from "../../core/uploads/index.js";
import { payload } from "./request.js";
import type { MusicClipFile, MusicClipJson, MusicClipTiming } from "./results.js";

/** Where relays put the file's URL, in order of preference. */
const URL_FIELDS = ["url", "audio_url", "video_url", "wav_url", "mp4_url", "file_url", "download_url"];

function urlOf(data: unknown): string | undefined {
  if (typeof data === "string") return /^https?:\/\//i.test(data) ? data : undefined;
  if (typeof data !== "object" || data === null) return undefined;
  const record = data as Record<string, unknown>;
  const found = URL_FIELDS.map((key) => record[key]).find(
    (value) => typeof value === "string" && /^https?:\/\//i.test(value),
  );
  return found as string | undefined;
}

const PATHS = {
  mp4: (id: string) => path`/musicgen/act/mp4/${id}`,
  wav: (id: string) => path`/musicgen/act/wav/${id}`,
  timing: (id: string) => path`/musicgen/act/timing/${id}`,
};

async function open<T>(connection: Connection): Promise<MusicClipFile<T>> {
  if (!isJson(connection.response)) return BinaryResponse.open(connection);
  const data = payload(await readJson(connection)) as T;
  return { url: urlOf(data), data } satisfies MusicClipJson<T>;
}

/** `gw.musicgen.clips`: a clip as mp4 or wav, and its lyrics timing. */
export class MusicClips {
  constructor(private readonly client: TaskClientContext) {}

  /** GET /musicgen/act/mp4/{clip_id}: the clip as an mp4 video (bytes, or the relay's JSON with the URL). */
  mp4(clipId: string, options?: RequestOptions): APIPromise<MusicClipFile> {
    return this.#act("mp4", "video/mp4", clipId, options);
  }

  /** GET /musicgen/act/wav/{clip_id}: the clip as a wav file (bytes, or the relay's JSON with the URL). */
  wav(clipId: string, options?: RequestOptions): APIPromise<MusicClipFile> {
    return this.#act("wav", "audio/wav", clipId, options);
  }

  /** GET /musicgen/act/timing/{clip_id}: lyrics and audio timeline (usually JSON: `data.aligned_words`). */
  timing(clipId: string, options?: RequestOptions): APIPromise<MusicClipFile<MusicClipTiming>> {
    return this.#act<MusicClipTiming>("timing", "application/octet-stream", clipId, options);
  }

  #act<T = Record<string, unknown>>(
    what: "mp4" | "wav" | "timing",
    type: string,
    clipId: string,
    options?: RequestOptions,
  ): APIPromise<MusicClipFile<T>> {
    const spec = () =>
      ({
        method: "GET",
        path: PATHS[what](clipId),
        policy: "idempotent",
        accept: `application/json, ${type}, */*`,
      }) as const;
    return this.client.transport.connect(spec, options, (c) => open<T>(c));
  }
}
