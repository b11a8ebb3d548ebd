/**
 * The music task kinds: songs (`music`) and lyrics (`music.lyrics`) are read from /musicgen/fetch,
 * one by one or in batches (POST /musicgen/fetch {ids, action}), so many waits share one request;
 * an upload's processing (`music.upload`) is read from its status query.
 */
import { type APIPromise, mapData } from "../../core/api-promise.js";
import { unusableBody } from "../../core/json-body.js";
import type { Resource } from "../../core/resource.js";
import { isObject } from "../../core/stream-events.js";
import { tasksOf } from "../../core/tasks.js";
import type { RequestOptions } from "../../core/transport.js";

export const MUSIC_KIND = "music";
export const LYRICS_KIND = "music.lyrics";
export const UPLOAD_KIND = "music.upload";

/** Ids per batch request. The spec states no limit; 50 keeps bodies and answers small. */
const BATCH_MAX = 50;

/** Which kind of musicgen task: a song (`MUSIC`) or lyrics (`LYRICS`). */
export type MusicAction = "MUSIC" | "LYRICS";

export const kindOfAction = (action: unknown) => (action === "LYRICS" ? LYRICS_KIND : MUSIC_KIND);

export function fetchOne(client: Resource, id: string, options?: RequestOptions): APIPromise<unknown> {
  const path = `/musicgen/fetch/${encodeURIComponent(id)}`;
  return client.transport.json({ method: "GET", path, policy: "idempotent" }, options);
}

/** POST /musicgen/fetch: the records of `ids`; an answer that holds no list is a MalformedResponseError. */
export function fetchBatch(
  client: Resource,
  ids: string[],
  action: MusicAction,
  options?: RequestOptions,
): APIPromise<{ data: unknown[] }> {
  const spec = {
    method: "POST",
    path: "/musicgen/fetch",
    body: { ids, action },
    policy: "idempotent",
  } as const;
  return mapData(client.transport.json<unknown>(spec, options), (body) => {
    // `data: null` is how a relay may say "none of these ids"; no object at all is unusable.
    if (isObject(body) && (Array.isArray(body.data) || body.data == null)) {
      return { ...body, data: Array.isArray(body.data) ? body.data : [] };
    }
    throw unusableBody("musicgen.fetchMany (POST /musicgen/fetch)", body, "no list of task records");
  });
}

export function registerMusicKinds(client: Resource): void {
  const registry = tasksOf(client);
  const batch = (action: MusicAction) => ({
    max: BATCH_MAX,
    fetch: async (ids: string[], signal?: AbortSignal) =>
      (await fetchBatch(client, ids, action, { signal })).data,
  });
  const retrieve = (id: string, options?: RequestOptions) => fetchOne(client, id, options);
  registry.register({ name: MUSIC_KIND, retrieve, batch: batch("MUSIC") });
  registry.register({ name: LYRICS_KIND, retrieve, batch: batch("LYRICS") });
  registry.register({
    name: UPLOAD_KIND,
    retrieve: (id, options) =>
      client.transport.json(
        { method: "GET", path: `/musicgeni/uploads/audio/${encodeURIComponent(id)}`, policy: "idempotent" },
        options,
      ),
  });
}
