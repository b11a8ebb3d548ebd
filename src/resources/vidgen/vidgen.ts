/** gw.vidgen: the Kling-style task API. Registers one task kind per operation (each has its own query path). */
import type { APIPromise } from "../../core/api-promise.js";
import type { Resource } from "../../core/resource.js";
import { tasksOf, type WaitOptions } from "../../core/tasks.js";
import type { RequestOptions } from "../../core/transport.js";
import { VidgenAudio } from "./audio.js";
import { VidgenImages } from "./images.js";
import { OPERATIONS, type VidgenKind } from "./operations.js";
import { VidgenSubmitter } from "./submit.js";
import type { VidgenResult, VidgenSnapshot } from "./types.js";
import { VidgenVideos } from "./videos.js";

/** A kind with or without its `vidgen.` prefix: `text2video` or `vidgen.text2video`. */
export type VidgenKindName = VidgenKind | (VidgenKind extends `vidgen.${infer Short}` ? Short : never);

export interface VidgenWaitOptions extends WaitOptions<VidgenResult> {
  /** Which operation created the task: it decides the query path. */
  kind: VidgenKindName;
}

/** `gw.vidgen`: the Kling-style image, video and audio task API under /vidgen. */
export class Vidgen {
  readonly images: VidgenImages;
  readonly videos: VidgenVideos;
  readonly audio: VidgenAudio;

  constructor(private readonly client: Resource) {
    const registry = tasksOf(client);
    for (const op of Object.values(OPERATIONS)) {
      registry.register({
        name: op.kind,
        retrieve: (id, options) =>
          client.transport.json({ method: "GET", path: op.query(id), policy: "idempotent" }, options),
      });
    }
    const submitter = new VidgenSubmitter(client);
    this.images = new VidgenImages(submitter);
    this.videos = new VidgenVideos(submitter);
    this.audio = new VidgenAudio(submitter);
  }

  /** The task's current state; `result` is the finished task's `task_result`. */
  retrieve(taskId: string, kind: VidgenKindName, options?: RequestOptions): APIPromise<VidgenSnapshot> {
    return tasksOf(this.client).retrieve<VidgenResult>({ kind: fullKind(kind), id: taskId }, options);
  }

  /** Polls until the task is done; `options.kind` names the operation that created it. */
  wait(taskId: string, options: VidgenWaitOptions): Promise<VidgenSnapshot> {
    const { kind, ...wait } = options;
    return tasksOf(this.client).wait<VidgenResult>({ kind: fullKind(kind), id: taskId }, wait);
  }
}

const fullKind = (kind: string) => (kind.startsWith("vidgen.") ? kind : `vidgen.${kind}`);
