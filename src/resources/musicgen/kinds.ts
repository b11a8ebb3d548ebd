/**
 * The music task kinds: songs (`music`) and lyrics (`music.lyrics`) are read from /musicgen/fetch,
 * one by one or in batches (POST /musicgen/fetch {ids, action}), so many waits share one request;
 * an upload's processing (`music.upload`) is read from its status query.
 */
import type { APIPromise } from "../../core/api-promise.js";
import type { Resource } from "../../core/resource.js";
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

export function fetchBatch(client: Resource, ids: string[], action: MusicAction, options?: RequestOptions) {
  const spec = {
    method: "POST",
    path: "/musicgen/fetch",
    body: { ids, action },
    policy: "idempotent",
  } as const;
  return client.transport.json<{ data?: unknown }>(spec, options);
}

export function registerMusicKinds(client: Resource): void {
  const registry = tasksOf(client);
  const batch = (action: MusicAction) => ({
    max: BATCH_MAX,
    fetch: async (ids: string[]) => {
      const { data } = await fetchBatch(client, ids, action);
      return Array.isArray(data) ? data : [];
    },
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
