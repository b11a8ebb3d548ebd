/**
 * gw.musicgen.uploads: bring your own audio. `fromUrl` is one call; `upload(file)` runs the whole
 * flow (request an upload slot, send the bytes to the storage URL it names, report the upload
 * finished, wait for processing, initialize the clip) and returns the clip id. Each step is also
 * available alone. The storage URL is foreign (a presigned URL): the bytes go there without the key.
 * The spec shows none of these bodies; they follow the upstream's upload flow (Suno's
 * /api/uploads/audio...), and answers are read bare or in the `{code, message, data}` envelope.
 */

import { MalformedResponseError } from "../../core/errors/index.js";
import type { RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { type APIPromise, mapData, underClock } from "../../core/http/index.js";
import { type TaskSnapshot, WAIT_OPTIONS, type WaitOptions } from "../../core/tasks/index.js";
import {
  extensionForMime,
  type ForeignInit,
  givenURL,
  openForeign,
  toFile,
  type Uploadable,
} from "../../core/uploads/index.js";
import { checkOptions, checkParams, type OptionChecks, option } from "../../core/validation/index.js";
import { UPLOAD_KIND } from "./kinds.js";
import { UPLOAD_FINISH, UPLOAD_FROM_URL, UPLOAD_INITIALIZE_CLIP, UPLOAD_REQUEST } from "./operations.js";
import { request } from "./request.js";
import type {
  MusicUploadFinishParams,
  MusicUploadFromUrlParams,
  MusicUploadRequestParams,
} from "./requests.js";
import type { MusicInitializedClip, MusicUploadTarget } from "./results.js";

export interface MusicUploadOptions extends WaitOptions {
  /** File name to report (and to take the extension from); default: the file's own name. */
  name?: string;
}

/** Every option of `upload`: a wait's, and the file name to report. */
const UPLOAD_OPTIONS = {
  ...WAIT_OPTIONS,
  name: option.name,
} as const satisfies OptionChecks<keyof MusicUploadOptions>;

/** An id in whatever shape the answer has: a bare string, or the first of `fields` present. */
function idOf(body: unknown, fields: readonly string[], what: string): string {
  const record = body as Record<string, unknown> | null;
  const id =
    typeof body === "string"
      ? body
      : fields.map((field) => record?.[field]).find((value) => typeof value === "string");
  if (typeof id === "string" && id !== "") return id;
  throw new MalformedResponseError(`The gateway answered ${what} without ${fields[0]}.`, { body });
}

/** `gw.musicgen.uploads`: audio uploads (by URL, or a file through the multi-step flow). */
export class MusicUploads {
  constructor(private readonly client: TaskClientContext) {}

  /**
   * POST /musicgen/uploads/audio-url: upload by URL; resolves to the upload's own id (`data.id`, or
   * `id` / `upload_id` / a bare string, whichever the relay sends). Follow it like a file upload:
   * `wait(id)`, then `initializeClip(id)` for the clip id a recreation continues.
   */
  fromUrl(params: string | MusicUploadFromUrlParams, options?: RequestOptions): APIPromise<string> {
    const body = typeof params === "string" ? { url: params } : params;
    const sent = request<unknown, MusicUploadFromUrlParams>(this.client, UPLOAD_FROM_URL, body, options);
    return mapData(sent, (data) => idOf(data, ["id", "upload_id"], "the URL upload"));
  }

  /** Runs the whole upload flow for `file`; resolves to the clip id. `options` also govern the processing wait. */
  async upload(file: Uploadable, options: MusicUploadOptions = {}): Promise<string> {
    // Checked before the first step: a bad wait option must not fail the flow after a paid slot.
    checkOptions("musicgen.uploads.upload", options, UPLOAD_OPTIONS);
    const { name, ...wait } = options;
    const request = { signal: wait.signal };
    // Gathering a stream source runs under the clocks: a source that never yields must not hang.
    const named = await underClock((signal) => toFile(file, name, { signal }), {
      signal: wait.signal,
      timeout: this.client.transport.foreignConfig.timeout,
    });
    const extension = named.name.includes(".")
      ? named.name.split(".").pop()!
      : (extensionForMime(named.type) ?? "mp3");
    const target = await this.request({ extension }, request);
    await this.put(target, named, request);
    await this.finish(target.id, { upload_filename: named.name }, request);
    await this.wait(target.id, wait);
    return (await this.initializeClip(target.id, request)).clip_id;
  }

  /** Step 1, POST /musicgeni/uploads/audio: an upload slot and the storage URL to send the bytes to. */
  request(params: MusicUploadRequestParams, options?: RequestOptions): APIPromise<MusicUploadTarget> {
    return request(this.client, UPLOAD_REQUEST, params, options);
  }

  /**
   * Step 2: sends the bytes to the storage URL, a multipart POST with the slot's form fields (a
   * presigned POST policy), else a PUT. Never sends the API key: the URL is not the gateway's.
   */
  async put(
    target: MusicUploadTarget,
    file: Uploadable,
    options: { signal?: AbortSignal | undefined } = {},
  ): Promise<void> {
    checkParams("musicgen.uploads.put", target);
    const named = await toFile(file);
    let init: ForeignInit;
    if (target.fields) {
      const form = new FormData();
      for (const [key, value] of Object.entries(target.fields)) form.append(key, value);
      form.append("file", named, named.name);
      init = { method: "POST", body: form };
    } else {
      init = { method: "PUT", body: named, headers: { "content-type": named.type } };
    }
    // A presigned storage URL is not the gateway: the client's fetch and clocks, never its key.
    const connection = await openForeign(givenURL(target.url, "musicgen.uploads.put"), init, {
      ...this.client.transport.foreignConfig,
      signal: options.signal,
    });
    connection.release();
    await connection.response.body?.cancel();
  }

  /** Step 3, POST .../{id}/upload-finish: reports the bytes are in storage. */
  finish(id: string, params: MusicUploadFinishParams, options?: RequestOptions): APIPromise<unknown> {
    return request(
      this.client,
      UPLOAD_FINISH,
      { id, body: { upload_type: "file_upload", ...params } },
      options,
    );
  }

  /**
   * Step 4, GET /musicgeni/uploads/audio/{id}: processing status as a snapshot (kind `music.upload`;
   * `complete` is succeeded). The spec declares upload_type and upload_filename as a body of this GET;
   * fetch cannot send a body on GET, so none is sent.
   */
  status(id: string, options?: RequestOptions): APIPromise<TaskSnapshot> {
    return this.client.taskRegistry.retrieve({ kind: UPLOAD_KIND, id }, options);
  }

  /** Polls step 4 until processing completes (TaskFailedError when the gateway rejects the audio). */
  wait(id: string, options?: WaitOptions): Promise<TaskSnapshot> {
    return this.client.taskRegistry.wait({ kind: UPLOAD_KIND, id }, options);
  }

  /** Step 5, POST .../{id}/initialize-clip: turns the processed upload into a clip. */
  initializeClip(id: string, options?: RequestOptions): APIPromise<MusicInitializedClip> {
    const sent = request<unknown, string>(this.client, UPLOAD_INITIALIZE_CLIP, id, options);
    return mapData(sent, (body) => ({
      ...(body as object),
      clip_id: idOf(body, ["clip_id", "id"], "initialize-clip"),
    }));
  }
}
