/** gw.musicgen: submissions, queries (single and batch), waiting, and the music side operations. */

import type { RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { type APIPromise, mapData } from "../../core/http/index.js";
import {
  KIND_WAIT_OPTIONS,
  snapshotOf,
  type TaskSnapshot,
  type WaitOptions,
} from "../../core/tasks/index.js";
import type { OptionChecks } from "../../core/validation/index.js";
import { MusicClips } from "./clips.js";
import {
  fetchBatch,
  fetchOne,
  kindOfAction,
  type LYRICS_KIND,
  MUSIC_KIND,
  registerMusicKinds,
} from "./kinds.js";
import { FETCH_MANY } from "./operations.js";
import { MusicPersonas } from "./persona.js";
import type { ConcatWorkflowParams, MusicAction, MusicFetchManyParams } from "./requests.js";
import type { ConcatWorkflowResult, MusicClip, MusicLyrics, MusicSnapshot } from "./results.js";
import { MusicStems } from "./stems.js";
import { MusicSubmit } from "./submit.js";
import { MusicUploads } from "./uploads.js";
import { MusicV1 } from "./v1.js";
import { extendAndConcat } from "./workflow.js";

export interface MusicWaitOptions extends WaitOptions<MusicClip[] | MusicLyrics> {
  /** `music` (default) for songs and concatenations, `music.lyrics` for lyrics tasks. */
  kind?: typeof MUSIC_KIND | typeof LYRICS_KIND;
}

/** A record's snapshot, its kind told by the record's `action`. */
const snapshot = (record: unknown, id?: string) =>
  snapshotOf<MusicClip[] | MusicLyrics>(
    kindOfAction(
      (record as { data?: { action?: unknown } })?.data?.action ?? (record as { action?: unknown })?.action,
    ),
    record,
    id,
  );

/** `gw.musicgen`: song, lyrics, persona, stems, clip and upload operations under /musicgen. */
export class Musicgen {
  readonly submit: MusicSubmit;
  readonly persona: MusicPersonas;
  readonly stems: MusicStems;
  readonly clips: MusicClips;
  readonly v1: MusicV1;
  readonly uploads: MusicUploads;

  constructor(private readonly client: TaskClientContext) {
    registerMusicKinds(client);
    this.submit = new MusicSubmit(client);
    this.persona = new MusicPersonas(client);
    this.stems = new MusicStems(client);
    this.clips = new MusicClips(client);
    this.v1 = new MusicV1(client);
    this.uploads = new MusicUploads(client);
  }

  /** GET /musicgen/fetch/{task_id}: a song or lyrics task (kind `music` or `music.lyrics`, from its action). */
  fetch(taskId: string, options?: RequestOptions): APIPromise<TaskSnapshot<MusicClip[] | MusicLyrics>> {
    return mapData(fetchOne(this.client, taskId, options), (body) => snapshot(body, taskId));
  }

  /**
   * POST /musicgen/fetch: many tasks of one action in one request (ids the gateway does not know are
   * absent from the answer). `fetchMany({ ids, action })` or `fetchMany(ids, action)`; action
   * defaults to `MUSIC`.
   */
  fetchMany(
    params: MusicFetchManyParams,
    options?: RequestOptions,
  ): APIPromise<Array<TaskSnapshot<MusicClip[] | MusicLyrics>>>;
  fetchMany(
    ids: string[],
    action?: MusicAction,
    options?: RequestOptions,
  ): APIPromise<Array<TaskSnapshot<MusicClip[] | MusicLyrics>>>;
  fetchMany(
    first: string[] | MusicFetchManyParams,
    second?: MusicAction | RequestOptions,
    third?: RequestOptions,
  ): APIPromise<Array<TaskSnapshot<MusicClip[] | MusicLyrics>>> {
    const [params, options] = Array.isArray(first)
      ? [{ ids: first, action: (second as MusicAction | undefined) ?? "MUSIC" }, third]
      : [first, second as RequestOptions | undefined];
    return mapData(fetchBatch(this.client, params, options, FETCH_MANY), ({ data }) =>
      (Array.isArray(data) ? data : []).map((r) => snapshot(r)),
    );
  }

  /** Waits on a song (or, with `kind: 'music.lyrics'`, lyrics) task; concurrent waits share batch fetches. */
  wait(taskId: string, options?: MusicWaitOptions): Promise<MusicSnapshot> {
    return this.client.taskRegistry.wait(
      { kind: options?.kind ?? MUSIC_KIND, id: taskId },
      options,
      undefined,
      KIND_WAIT_OPTIONS satisfies OptionChecks<keyof MusicWaitOptions>,
    ) as Promise<MusicSnapshot>;
  }

  /** The spec's concatenation workflow: generate, extend a clip, concatenate the extension into the whole song. */
  extendAndConcat(
    params: ConcatWorkflowParams,
    options?: WaitOptions<MusicClip[]>,
  ): Promise<ConcatWorkflowResult> {
    return extendAndConcat(this.submit, params, options);
  }
}
