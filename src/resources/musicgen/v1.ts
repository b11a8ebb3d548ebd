/**
 * gw.musicgen.v1: the operations titled "v1 version", which coexist with /musicgen/submit and
 * /musicgen/fetch. Their answers are not shown in the spec and come back as the gateway sends them.
 * The feed and lyrics GETs "declare a body" in the spec; fetch cannot send one on GET, so none is sent.
 */
import type { APIPromise } from "../../core/api-promise.js";
import type { Resource } from "../../core/resource.js";
import type { RequestOptions, RequestSpec } from "../../core/transport.js";
import { validate } from "../../core/validate.js";
import { request } from "./request.js";
import {
  type MusicV1ConcatParams,
  type MusicV1GenerateParams,
  type MusicV1LyricsParams,
  v1ConcatParams,
  v1GenerateParams,
  v1LyricsParams,
} from "./schema.js";
import type { MusicClip, MusicGeneration, MusicLyrics } from "./types.js";

/** `gw.musicgen.v1`: the spec's "v1 version" operations. */
export class MusicV1 {
  constructor(private readonly client: Resource) {}

  /** POST /musicgen/generate: all eight fields required. */
  generate(params: MusicV1GenerateParams, options?: RequestOptions): APIPromise<MusicGeneration> {
    return this.#post("/musicgen/generate", v1GenerateParams, params, "generate", options);
  }

  /** POST /musicgen/generate/lyrics/: all seven fields required. */
  generateLyrics(
    params: MusicV1LyricsParams,
    options?: RequestOptions,
  ): APIPromise<{ id: string; [key: string]: unknown }> {
    return this.#post("/musicgen/generate/lyrics/", v1LyricsParams, params, "generateLyrics", options);
  }

  /** POST /musicgen/generate/concat: the whole song from an extended clip. */
  concat(params: MusicV1ConcatParams, options?: RequestOptions): APIPromise<MusicClip> {
    return this.#post("/musicgen/generate/concat", v1ConcatParams, params, "concat", options);
  }

  /** GET /musicgen/feed/{songid1},{songid2}: the two songs' clips. */
  feed(songId1: string, songId2: string, options?: RequestOptions): APIPromise<MusicClip[]> {
    const path = `/musicgen/feed/${encodeURIComponent(songId1)},${encodeURIComponent(songId2)}`;
    return request(this.client, () => ({ method: "GET", path, policy: "idempotent" }), options);
  }

  /** GET /musicgen/lyrics/{task_id}: the v1 lyrics query. */
  lyrics(taskId: string, options?: RequestOptions): APIPromise<MusicLyrics> {
    const path = `/musicgen/lyrics/${encodeURIComponent(taskId)}`;
    return request(this.client, () => ({ method: "GET", path, policy: "idempotent" }), options);
  }

  #post<T>(
    path: string,
    schema: Parameters<typeof validate>[0],
    params: object,
    method: string,
    options?: RequestOptions,
  ): APIPromise<T> {
    const build = (): RequestSpec => ({
      method: "POST",
      path,
      body: validate(schema, params, `musicgen.v1.${method}`, this.client.validation),
      policy: "paid",
    });
    return request(this.client, build, options);
  }
}
