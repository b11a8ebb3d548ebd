/** gw.vidgen: the Kling-style task API. Registers one task kind per operation (each has its own query path). */

import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { firstRouted, KIND_WAIT_OPTIONS, type WaitOptions } from "../../core/tasks/index.js";
import type { OptionChecks } from "../../core/validation/index.js";
import { VidgenAudio } from "./audio.js";
import { VidgenImages } from "./images.js";
import { OPERATIONS, type VidgenKind } from "./operations.js";
import type { VidgenResult, VidgenSnapshot } from "./results.js";
import { VidgenSubmitter } from "./submit.js";
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

  constructor(private readonly client: TaskClientContext) {
    const registry = client.taskRegistry;
    for (const op of Object.values(OPERATIONS)) {
      // Text-to-video has two query paths; relays route one or the other.
      registry.register({ name: op.kind, retrieve: firstRouted(client.transport, op.queries) });
    }
    const submitter = new VidgenSubmitter(client);
    this.images = new VidgenImages(submitter);
    this.videos = new VidgenVideos(submitter);
    this.audio = new VidgenAudio(submitter);
  }

  /**
   * The task's current state; `result` is the finished task's `task_result`. `taskId` is the
   * gateway's task id or the `external_task_id` you gave at submission.
   */
  retrieve(taskId: string, kind: VidgenKindName, options?: RequestOptions): APIPromise<VidgenSnapshot> {
    const snapshot = this.client.taskRegistry.retrieve<VidgenResult>(
      { kind: fullKind(kind), id: taskId },
      options,
    );
    return snapshot as APIPromise<VidgenSnapshot>;
  }

  /** Polls until the task is done; `options.kind` names the operation that created it. */
  wait(taskId: string, options: VidgenWaitOptions): Promise<VidgenSnapshot> {
    return this.client.taskRegistry.wait<VidgenResult>(
      { kind: fullKind(options?.kind), id: taskId },
      options,
      undefined,
      KIND_WAIT_OPTIONS satisfies OptionChecks<keyof VidgenWaitOptions>,
    ) as Promise<VidgenSnapshot>;
  }
}

/** `vidgen.`-prefixed; anything that is no kind name goes on as it is, for the registry to refuse. */
const fullKind = (kind: unknown) =>
  (typeof kind === "string" && !kind.startsWith("vidgen.") ? `vidgen.${kind}` : kind) as string;
