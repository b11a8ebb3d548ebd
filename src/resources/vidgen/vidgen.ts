/** gw.vidgen: the Kling-style task API. Registers one task kind per operation (each has its own query path). */

import { APIError } from "../../core/errors/index.js";
import type { RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { APIPromise, type Operation, type WithResponse } from "../../core/http/index.js";
import type { WaitOptions } from "../../core/tasks/index.js";
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

  constructor(private readonly client: TaskClientContext) {
    const registry = client.taskRegistry;
    for (const op of Object.values(OPERATIONS)) {
      registry.register({ name: op.kind, retrieve: querier(client, op.queries) });
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
    const { kind, ...wait } = options;
    return this.client.taskRegistry.wait<VidgenResult>(
      { kind: fullKind(kind), id: taskId },
      wait,
    ) as Promise<VidgenSnapshot>;
  }
}

const fullKind = (kind: string) => (kind.startsWith("vidgen.") ? kind : `vidgen.${kind}`);

/**
 * A 404 by HTTP status, whatever its body says: a gateway without the route answers in its own
 * envelope (new-api: "Invalid URL"), not always with a not-found code.
 */
const isNotFound = (error: unknown) => error instanceof APIError && error.status === 404;

/**
 * Reads one task from the first of `paths` that knows the route. A 404 sends the query on to the
 * next path; once a later path has answered, this client asks it first from then on. Ids go through
 * the `path` tag inside the lazily built request, so a bad id rejects the promise and nothing is sent.
 */
function querier(client: TaskClientContext, paths: Array<Operation<string>>) {
  let order = paths;
  return (id: string, options?: RequestOptions): APIPromise<unknown> => {
    const tried = order;
    const read = async (): Promise<WithResponse<unknown>> => {
      let first: unknown;
      for (const [index, at] of tried.entries()) {
        try {
          const answer = await client.transport.call<unknown, string>(at, id, options).withResponse();
          if (index > 0) order = [at, ...tried.filter((other) => other !== at)];
          return answer;
        } catch (error) {
          if (!isNotFound(error)) throw error;
          // Neither path knows the task: the first path's answer is the one to report.
          first ??= error;
        }
      }
      throw first;
    };
    return new APIPromise(read());
  };
}
