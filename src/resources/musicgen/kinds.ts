/**
 * The music task kinds and the queries that read them:
 * - `music` (songs, concatenations) and `music.lyrics` are read from /musicgen/fetch, one by one or
 *   in batches (POST /musicgen/fetch {ids, action}), so many waits share one request;
 * - `music.feed` is a v1 generation (songs, stems, a v1 concatenation): its id is the clip ids joined
 *   by commas, read with GET /musicgen/feed/{ids} until every clip is complete;
 * - `music.lyrics.v1` is a v1 lyrics generation, read with GET /musicgen/lyrics/{id};
 * - `music.upload` is an upload's processing, read from its status query.
 */

import type { Operation, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { type APIPromise, mapData, path, unusableBody } from "../../core/http/index.js";
import { isObject } from "../../core/streams/index.js";
import { normalizeStatus, type TaskSnapshot, type TaskStatus } from "../../core/tasks/index.js";
import { FETCH_BATCH } from "./operations.js";
import { payload } from "./request.js";
import type { MusicAction, MusicFetchManyParams } from "./requests.js";
import type { MusicClip, MusicLyrics } from "./results.js";

export const MUSIC_KIND = "music";
export const LYRICS_KIND = "music.lyrics";
export const FEED_KIND = "music.feed";
export const V1_LYRICS_KIND = "music.lyrics.v1";
export const UPLOAD_KIND = "music.upload";

/** Ids per batch request. The spec states no limit; 50 keeps bodies and answers small. */
const BATCH_MAX = 50;

export const kindOfAction = (action: unknown) => (action === "LYRICS" ? LYRICS_KIND : MUSIC_KIND);

export function fetchOne(
  client: TaskClientContext,
  id: string,
  options?: RequestOptions,
): APIPromise<unknown> {
  return client.transport.json(
    () => ({ method: "GET", path: path`/musicgen/fetch/${id}`, policy: "idempotent" }),
    options,
  );
}

/**
 * The records of `params.ids` through `op` (FETCH_BATCH, or the checked fetchMany); an answer that
 * holds no list is a MalformedResponseError.
 */
export function fetchBatch(
  client: TaskClientContext,
  params: MusicFetchManyParams,
  options?: RequestOptions,
  op: Operation<MusicFetchManyParams> = FETCH_BATCH,
): APIPromise<{ data: unknown[] }> {
  return mapData(client.transport.call<unknown, MusicFetchManyParams>(op, params, options), (body) => {
    // `data: null` is how a relay may say "none of these ids"; no object at all is unusable.
    if (isObject(body) && (Array.isArray(body.data) || body.data == null)) {
      return { ...body, data: Array.isArray(body.data) ? body.data : [] };
    }
    throw unusableBody("musicgen.fetchMany (POST /musicgen/fetch)", body, "no list of task records");
  });
}

/** `/musicgen/feed/a,b,c`: each id one encoded segment, the commas the path's own. */
export function feedPath(list: readonly string[]): string {
  const ids = list.length > 0 ? list : [""]; // no id: refused by the tag as an empty one
  const strings = ["/musicgen/feed/", ...Array<string>(Math.max(0, ids.length - 1)).fill(","), ""];
  return path(Object.assign(strings, { raw: strings }) as unknown as TemplateStringsArray, ...ids);
}

/** The clips of a feed answer: a bare array (upstream), an envelope around one, or `{clips}`. */
export function clipsOf(body: unknown): MusicClip[] {
  const data = payload(body) as { clips?: unknown } | unknown[] | null;
  const clips = Array.isArray(data) ? data : (data as { clips?: unknown })?.clips;
  return Array.isArray(clips) ? (clips as MusicClip[]) : [];
}

/** A v1 generation's state from its clips: failed if one failed, done when all are complete. */
function feedSnapshot(raw: unknown, id: string): TaskSnapshot<MusicClip[]> {
  const clips = clipsOf(raw);
  const states = clips.map((clip) => normalizeStatus(clip.status));
  const failed = clips.find((_, i) => states[i] === "failed");
  const status: TaskStatus =
    clips.length === 0
      ? "queued"
      : failed
        ? "failed"
        : states.every((s) => s === "succeeded")
          ? "succeeded"
          : states.some((s) => s === "running")
            ? "running"
            : "queued";
  const reason = failed
    ? (failed.metadata?.error_message ?? failed.metadata?.error_type ?? "error")
    : undefined;
  return {
    kind: FEED_KIND,
    id,
    status,
    progress: undefined,
    result: clips.length ? clips : undefined,
    reason: reason ?? undefined,
    raw,
  };
}

/** A v1 lyrics generation's state: the lyrics object itself carries the status. */
function lyricsSnapshot(raw: unknown, id: string): TaskSnapshot<MusicLyrics> {
  const lyrics = payload(raw) as Partial<MusicLyrics> | null;
  const status = normalizeStatus(lyrics?.status);
  return {
    kind: V1_LYRICS_KIND,
    id,
    status,
    progress: undefined,
    result: status === "succeeded" ? (lyrics as MusicLyrics) : undefined,
    reason: status === "failed" ? "The lyrics generation failed." : undefined,
    raw,
  };
}

const get = (client: TaskClientContext, build: () => string, options?: RequestOptions) =>
  client.transport.json<unknown>(() => ({ method: "GET", path: build(), policy: "idempotent" }), options);

export function registerMusicKinds(client: TaskClientContext): void {
  const registry = client.taskRegistry;
  const batch = (action: MusicAction) => ({
    max: BATCH_MAX,
    fetch: async (ids: string[], signal?: AbortSignal) =>
      (await fetchBatch(client, { ids, action }, { signal })).data,
  });
  const retrieve = (id: string, options?: RequestOptions) => fetchOne(client, id, options);
  registry.register({ name: MUSIC_KIND, retrieve, batch: batch("MUSIC") });
  registry.register({ name: LYRICS_KIND, retrieve, batch: batch("LYRICS") });
  registry.register({
    name: FEED_KIND,
    retrieve: (id, options) => get(client, () => feedPath(id.split(",")), options),
    normalize: feedSnapshot,
  });
  registry.register({
    name: V1_LYRICS_KIND,
    retrieve: (id, options) => get(client, () => path`/musicgen/lyrics/${id}`, options),
    normalize: lyricsSnapshot,
  });
  registry.register({
    name: UPLOAD_KIND,
    retrieve: (id, options) => get(client, () => path`/musicgeni/uploads/audio/${id}`, options),
  });
}
