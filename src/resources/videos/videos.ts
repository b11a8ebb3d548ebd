/** gw.videos: the unified asynchronous video interface (/v2/videos/generations). */
import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import type { Task, TaskRecord, WaitOptions } from "../../core/tasks/index.js";
import { checkOptions, WAIT_OPTIONS } from "../../core/validation/index.js";
import { CREATE, RETRIEVE } from "./operations.js";
import type { VideoCreateParams, VideoCreateParamsFor, VideoModel } from "./requests.js";
import type { VideoResult, VideoSnapshot, VideoWaitOptions } from "./results.js";

const VIDEO_KIND = "video";

/** A submitted video task: `wait()` for it, or store `JSON.stringify(task)` and resume later. */
export type VideoTask = Task<VideoResult>;

/**
 * The documented result, `{output, outputs}`, whichever shape answered: the unified record's own
 * `data`, else built from the result URL of new-api's shapes (the TaskDto's `result_url`, whose
 * `data` is the upstream's raw body; the OpenAI-video object's `metadata.url`).
 */
function resultOf(record: TaskRecord): VideoResult | undefined {
  const data = record.result as VideoResult | undefined;
  if (data && (data.output !== undefined || data.outputs !== undefined)) return data;
  return record.url === undefined ? undefined : { output: record.url, outputs: [record.url] };
}

/** `gw.videos`: video jobs of any model on /v2/videos/generations. */
export class Videos {
  constructor(private readonly client: TaskClientContext) {
    client.taskRegistry.register({
      name: VIDEO_KIND,
      retrieve: (id, options) => client.transport.call(RETRIEVE, id, options),
      resultOf,
    });
  }

  /**
   * Submits a video job (paid: never repeated unless the gateway certainly did not take it). Any
   * model id is sent; vidA and vidB ids get their families' rules, other ids only model and prompt.
   */
  create<M extends VideoModel>(
    params: VideoCreateParamsFor<M> & { model: M },
    options?: RequestOptions,
  ): APIPromise<VideoTask> {
    return this.client.taskRegistry.submit<VideoResult, VideoCreateParams>(
      VIDEO_KIND,
      CREATE,
      params,
      options,
    );
  }

  /** The task's current state; `result.output` / `result.outputs` hold the video URLs once done. */
  retrieve(taskId: string, options?: RequestOptions): APIPromise<VideoSnapshot> {
    return this.client.taskRegistry.retrieve<VideoResult>(
      { kind: VIDEO_KIND, id: taskId },
      options,
    ) as APIPromise<VideoSnapshot>;
  }

  /** Polls until the video is done (TaskFailedError if it fails, TaskTimeoutError if time runs out). */
  wait(taskId: string, options?: VideoWaitOptions): Promise<VideoSnapshot> {
    const waiting = this.client.taskRegistry.wait<VideoResult>(
      { kind: VIDEO_KIND, id: taskId },
      options as WaitOptions<VideoResult>, // every video snapshot's raw is the query's flat record
    );
    return waiting as Promise<VideoSnapshot>;
  }

  /** create + wait. The submission honours `options.signal`; the wait honours all of `options`. */
  async createAndWait<M extends VideoModel>(
    params: VideoCreateParamsFor<M> & { model: M },
    options: VideoWaitOptions = {},
  ): Promise<VideoSnapshot> {
    // The wait's options are checked before the paid submission, not after it.
    checkOptions("wait", options, WAIT_OPTIONS);
    const task = await this.create(params, { signal: options.signal });
    // The Task itself: its succeeded snapshot keeps the submission's cost.
    return task.wait(options as WaitOptions<VideoResult>) as Promise<VideoSnapshot>;
  }
}
