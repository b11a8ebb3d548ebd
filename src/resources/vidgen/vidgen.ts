/** gw.vidgen: the Kling-style task API. Registers one task kind per operation (each has its own query path). */

import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { firstRouted, WAIT_OPTIONS, type WaitOptions } from "../../core/tasks/index.js";
import { checkOptions, type OptionChecks, option } from "../../core/validation/index.js";
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

/** Every option of a vidgen wait: a wait's, and the kind (the registry refuses a kind it does not know). */
const VIDGEN_WAIT_OPTIONS = {
  ...WAIT_OPTIONS,
  kind: option.name,
} as const satisfies OptionChecks<keyof VidgenWaitOptions>;

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
    return Promise.resolve().then(() => {
      // Without options, what is missing is the kind: the registry names the known ones.
      const given = options ?? {};
      checkOptions("wait", given, VIDGEN_WAIT_OPTIONS);
      const { kind, ...wait } = given as Partial<VidgenWaitOptions>;
      return this.client.taskRegistry.wait<VidgenResult>(
        { kind: fullKind(kind), id: taskId },
        wait,
      ) as Promise<VidgenSnapshot>;
    });
  }
}

/** `vidgen.`-prefixed; anything that is no kind name goes on as it is, for the registry to refuse. */
const fullKind = (kind: unknown) =>
  (typeof kind === "string" && !kind.startsWith("vidgen.") ? `vidgen.${kind}` : kind) as string;
