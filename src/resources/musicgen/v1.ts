/**
 * gw.musicgen.v1: the operations titled "v1 version", which coexist with /musicgen/submit and
 * /musicgen/fetch. They relay the upstream music API directly: a generation answers with its clips
 * (raw Suno shape), followed with the feed query until every clip is complete, so generate, concat
 * (and gw.musicgen.stems.separate) resolve to Task handles of kind `music.feed` whose id is the clip
 * ids. generateLyrics resolves to a `music.lyrics.v1` Task read with the v1 lyrics query. The feed
 * and lyrics GETs "declare a body" in the spec; fetch cannot send one on GET, so none is sent.
 */

import type { Operation, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { type APIPromise, mapData } from "../../core/http/index.js";
import type { Task } from "../../core/tasks/index.js";
import { clipsOf, FEED_KIND, feedPath, V1_LYRICS_KIND } from "./kinds.js";
import { V1_CONCAT, V1_GENERATE, V1_GENERATE_LYRICS, V1_LYRICS } from "./operations.js";
import { payload, request } from "./request.js";
import type { MusicSubmitParams, MusicV1ConcatParams, MusicV1LyricsParams } from "./requests.js";
import type { MusicClip, MusicLyrics } from "./results.js";

/** A v1 generation: `wait()` follows its clips through the feed query; `toJSON()` resumes it anywhere. */
export type MusicFeedTask = Task<MusicClip[]>;
/** A v1 lyrics generation: `wait()` follows the v1 lyrics query. */
export type MusicV1LyricsTask = Task<MusicLyrics>;

/** The clip ids of a generation answer (`{clips: [...]}`, one clip, or an envelope around either). */
function clipIdsOf(body: unknown): string | undefined {
  const data = payload(body) as { id?: unknown; clips?: unknown } | null;
  const clips = Array.isArray(data?.clips)
    ? clipsOf(data)
    : data && typeof data.id === "string"
      ? [data]
      : [];
  const ids = clips.map((clip) => (clip as { id?: unknown }).id).filter((id) => typeof id === "string");
  return ids.length > 0 && ids.length === clips.length ? ids.join(",") : undefined;
}

/** Sends a v1 generation (paid) and hands back the Task that follows its clips. */
export function submitGeneration<P>(
  client: TaskClientContext,
  op: Operation<P>,
  params: P,
  options: RequestOptions | undefined,
): APIPromise<MusicFeedTask> {
  return client.taskRegistry.submit<MusicClip[], P>(FEED_KIND, op, params, options, clipIdsOf);
}

/** `gw.musicgen.v1`: the spec's "v1 version" operations. */
export class MusicV1 {
  constructor(private readonly client: TaskClientContext) {}

  /**
   * POST /musicgen/generate: a song, with the bodies of `submit.music` (the spec lists eight fields;
   * the upstream needs `gpt_description_prompt` alone, or `prompt` in custom mode).
   */
  generate(params: MusicSubmitParams, options?: RequestOptions): APIPromise<MusicFeedTask> {
    return submitGeneration(this.client, V1_GENERATE, params, options);
  }

  /** POST /musicgen/generate/lyrics/: lyrics from a prompt; the Task follows GET /musicgen/lyrics/{id}. */
  generateLyrics(params: MusicV1LyricsParams, options?: RequestOptions): APIPromise<MusicV1LyricsTask> {
    const idOf = (body: unknown) => (payload(body) as { id?: unknown } | null)?.id;
    return this.client.taskRegistry.submit<MusicLyrics, MusicV1LyricsParams>(
      V1_LYRICS_KIND,
      V1_GENERATE_LYRICS,
      params,
      options,
      idOf,
    );
  }

  /** POST /musicgen/generate/concat: the whole song from an extended clip; the Task follows the new clip. */
  concat(params: MusicV1ConcatParams, options?: RequestOptions): APIPromise<MusicFeedTask> {
    return submitGeneration(this.client, V1_CONCAT, params, options);
  }

  /** GET /musicgen/feed/{id1},{id2},...: the clips with those ids; `feed(a, b)` or `feed([a, b])`. */
  feed(ids: string[], options?: RequestOptions): APIPromise<MusicClip[]>;
  feed(...ids: string[]): APIPromise<MusicClip[]>;
  feed(...args: unknown[]): APIPromise<MusicClip[]> {
    const [first, second] = args;
    const [list, options] = Array.isArray(first)
      ? [first as string[], second as RequestOptions | undefined]
      : [args as string[], undefined];
    const sent = this.client.transport.json<unknown>(
      () => ({ method: "GET", path: feedPath(list), policy: "idempotent" }),
      options,
    );
    return mapData(sent, clipsOf);
  }

  /** GET /musicgen/lyrics/{task_id}: the v1 lyrics query. */
  lyrics(taskId: string, options?: RequestOptions): APIPromise<MusicLyrics> {
    return request(this.client, V1_LYRICS, taskId, options);
  }
}
