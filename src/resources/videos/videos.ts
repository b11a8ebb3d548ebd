/** gw.videos: the unified asynchronous video interface (/v2/videos/generations), vidA and vidB. */
import type { APIPromise } from "../../core/api-promise.js";
import type { Resource } from "../../core/resource.js";
import { type Task, type TaskSnapshot, tasksOf, type WaitOptions } from "../../core/tasks.js";
import type { RequestOptions } from "../../core/transport.js";
import { encodeImageField } from "../../core/uploads.js";
import { validate } from "../../core/validate.js";
import {
  anyVideoModel,
  VIDA_MODELS,
  VIDB_IMAGE_MODELS,
  VIDB_TEXT_MODELS,
  type VideoCreateParams,
  vidAParams,
  vidBParams,
} from "./schema.js";

const PATH = "/v2/videos/generations";
const OPERATION = "videos.create";
const VIDEO_KIND = "video";

/** The query's `data`: result URLs in `output` / `outputs` (clients read either). */
export interface VideoResult {
  output?: string;
  outputs?: string[];
  [key: string]: unknown;
}
/** A video task's state, as `retrieve` and `wait` return it. */
export type VideoSnapshot = TaskSnapshot<VideoResult>;
/** A submitted video task: `wait()` for it, or store `JSON.stringify(task)` and resume later. */
export type VideoTask = Task<VideoResult>;

/** `gw.videos`: vidA and vidB video jobs on /v2/videos/generations. */
export class Videos {
  constructor(private readonly client: Resource) {
    tasksOf(client).register({
      name: VIDEO_KIND,
      retrieve: (id, options) =>
        client.transport.json(
          { method: "GET", path: `${PATH}/${encodeURIComponent(id)}`, policy: "idempotent" },
          options,
        ),
    });
  }

  /** Submits a vidA or vidB job (paid: never repeated unless the gateway certainly did not take it). */
  create(params: VideoCreateParams, options?: RequestOptions): APIPromise<VideoTask> {
    const build = async () =>
      ({ method: "POST", path: PATH, body: await this.#toWire(params), policy: "paid" }) as const;
    return tasksOf(this.client).submit<VideoResult>(
      VIDEO_KIND,
      build,
      options,
      (b) => (b as { task_id?: unknown })?.task_id,
    );
  }

  /** The task's current state; `result.output` / `result.outputs` hold the video URLs once done. */
  retrieve(taskId: string, options?: RequestOptions): APIPromise<VideoSnapshot> {
    return tasksOf(this.client).retrieve<VideoResult>({ kind: VIDEO_KIND, id: taskId }, options);
  }

  /** Polls until the video is done (TaskFailedError if it fails, TaskTimeoutError if time runs out). */
  wait(taskId: string, options?: WaitOptions<VideoResult>): Promise<VideoSnapshot> {
    return tasksOf(this.client).wait<VideoResult>({ kind: VIDEO_KIND, id: taskId }, options);
  }

  /** create + wait. The submission honours `options.signal`; the wait honours all of `options`. */
  async createAndWait(
    params: VideoCreateParams,
    options: WaitOptions<VideoResult> = {},
  ): Promise<VideoSnapshot> {
    const task = await this.create(params, { signal: options.signal });
    return task.wait(options);
  }

  async #toWire(params: VideoCreateParams): Promise<Record<string, unknown>> {
    const mode = this.client.validation;
    const model = (params as { model?: unknown }).model;
    const schema = (VIDA_MODELS as readonly unknown[]).includes(model)
      ? vidAParams
      : [...VIDB_TEXT_MODELS, ...VIDB_IMAGE_MODELS].includes(model as never)
        ? vidBParams
        : anyVideoModel;
    const {
      variant: _sdkOnly,
      images,
      ...body
    } = validate(schema, params, OPERATION, mode) as VideoCreateParams;
    if (images === undefined) return body;
    // URLs go as given, base64 strings are checked for syntax (a file path is a common slip), bytes
    // become base64. The spec bounds no size: the open bound only switches the syntax check on.
    const rules = mode === "strict" ? { maxBytes: Number.POSITIVE_INFINITY } : {};
    const encoded = await Promise.all(
      images.map((image, i) => encodeImageField(image, rules, `images.${i}`, OPERATION)),
    );
    return { ...body, images: encoded };
  }
}
