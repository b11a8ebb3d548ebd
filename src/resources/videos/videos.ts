/** gw.videos: the unified asynchronous video interface (/v2/videos/generations). */
import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { operation, path } from "../../core/http/index.js";
import type { Units } from "../../core/money/index.js";
import type { Task, TaskRecord, WaitOptions } from "../../core/tasks/index.js";
import { encodeImageField } from "../../core/uploads/index.js";
import type { ValidationMode } from "../../core/validation/index.js";
import { findModelFamily } from "../../pricing/models.js";
import type { VideoCreateParams, VideoCreateParamsFor, VideoModel } from "./requests.js";
import type { VideoResult, VideoSnapshot, VideoWaitOptions } from "./results.js";
import { openVideoParams, vidAParams, vidBParams } from "./schema.js";

const OPERATION = "videos.create";
const VIDEO_KIND = "video";

/** A submitted video task: `wait()` for it, or store `JSON.stringify(task)` and resume later. */
export type VideoTask = Task<VideoResult>;

/** The checks a model gets: vidA's or vidB's where the catalog places it, else (undefined) the shared ones. */
function familySchema(model: unknown) {
  const family = typeof model === "string" ? findModelFamily(model) : undefined;
  return family === "vidA" ? vidAParams : family === "vidB" ? vidBParams : undefined;
}

/** Paid: never repeated unless the gateway certainly did not take it. */
const CREATE = operation<VideoCreateParams>({
  name: OPERATION,
  method: "POST",
  path: "/v2/videos/generations",
  policy: "paid",
  schema: (params) => familySchema(params.model) ?? openVideoParams,
  body: toWire,
  meter,
});

/**
 * Billed per second (vidA) or per request (vidB): the seconds asked for. The worst case of a call
 * that names no duration is vidA's longest, 10 s; its actual cost is then unknown (null).
 */
function meter(params: VideoCreateParams, answer?: unknown): Units {
  const { duration } = params as { duration?: number | string };
  const given = duration === undefined ? undefined : Number(duration);
  return { model: params.model, seconds: given ?? (answer === undefined ? 10 : undefined) };
}

const RETRIEVE = operation<string>({
  name: "videos.retrieve",
  method: "GET",
  path: (id) => path`/v2/videos/generations/${id}`,
  policy: "idempotent",
});

/** The params as given, with image bytes as base64. */
async function toWire(params: VideoCreateParams, mode: ValidationMode): Promise<VideoCreateParams> {
  if (params.images === undefined) return params;
  // Bytes become base64; strings go as given. For vidA and vidB, whose images the spec describes
  // as URL or base64, a string that is neither is refused (a file path is a common slip). The spec
  // bounds no size: the open bound only switches that syntax check on.
  const rules = mode === "strict" && familySchema(params.model) ? { maxBytes: Number.POSITIVE_INFINITY } : {};
  const encoded = await Promise.all(
    params.images.map((image, i) => encodeImageField(image, rules, `images.${i}`, OPERATION)),
  );
  return { ...params, images: encoded };
}

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
    const task = await this.create(params, { signal: options.signal });
    // The Task itself: its succeeded snapshot keeps the submission's cost.
    return task.wait(options as WaitOptions<VideoResult>) as Promise<VideoSnapshot>;
  }
}
