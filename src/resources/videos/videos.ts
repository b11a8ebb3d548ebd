/** gw.videos: the unified asynchronous video interface (/v2/videos/generations). */
import type { APIPromise, RequestOptions, TaskClientContext, Transport } from "../../core/http/index.js";
import { type Task, type TaskRecord, WAIT_OPTIONS, type WaitOptions } from "../../core/tasks/index.js";
import { checkOptions } from "../../core/validation/index.js";
import { CREATE, RETRIEVE } from "./operations.js";
import type { VideoCreateParams, VideoCreateParamsFor, VideoModel } from "./requests.js";
import type { VideoResult, VideoSnapshot, VideoWaitOptions } from "./results.js";

const VIDEO_KIND = "video";

/** A submitted video task: `wait()` for it, or store `JSON.stringify(task)` and resume later. */
export type VideoTask = Task<VideoResult>;

/**
 * The documented result, `{output, outputs}`, whichever shape answered: the unified record's own
 * `data`, else built from the result URL of new-api's shapes (the TaskDto's `result_url`, whose
 * `data` is the upstream's raw body; the OpenAI-video object's `metadata.url`; a veo task's live
 * `url`, on the client's gateway: see {@link onGateway}).
 */
function resultOf(record: TaskRecord, gateway: Transport): VideoResult | undefined {
  const data = record.result as VideoResult | undefined;
  if (data && (data.output !== undefined || data.outputs !== undefined)) return data;
  if (record.url === undefined) return undefined;
  const url = onGateway(record.url, record.id, gateway);
  return { output: url, outputs: [url] };
}

/** The path of the relay's content route for a task (new-api 116255f07 router/video-router.go). */
const CONTENT = /\/v1\/videos\/([^/?#]+)\/content$/;

/**
 * A veo task's content URL, on the gateway the client talks to. new-api builds it from its
 * ServerAddress setting, not from the host it was asked on (relay/channel/task/taskcommon/helpers.go
 * BuildProxyURL), and that setting defaults to http://localhost:3000: the URL may name another
 * origin than the client's, and `download(url, { client })` rightly sends no key there. The route
 * is the relay's own, behind the key: the relay's URL for this task's content (no query, no
 * fragment) is the same route under the client's baseURL. Any other URL is kept as it is.
 */
function onGateway(url: string, id: string | undefined, gateway: Transport): string {
  if (id === undefined) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const task = CONTENT.exec(parsed.pathname)?.[1];
  if (task === undefined || parsed.search || parsed.hash || safeDecode(task) !== id) return url;
  return gateway.apiURL(`videos/${encodeURIComponent(id)}/content`);
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** `gw.videos`: video jobs of any model on /v2/videos/generations. */
export class Videos {
  constructor(private readonly client: TaskClientContext) {
    client.taskRegistry.register({
      name: VIDEO_KIND,
      retrieve: (id, options) => client.transport.call(RETRIEVE, id, options),
      resultOf: (record) => resultOf(record, client.transport),
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
