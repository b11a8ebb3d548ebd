/**
 * The vidgen (Kling-style) task API, as the Kling captures show it (shared/upstream/kling-*.json):
 * every submission answers `{code: 0, message: "SUCCEED", request_id, data: {task_id, task_status:
 * "submitted", task_info, created_at, updated_at}}` (times in ms); each operation's task is queried
 * at `<its path>/{id}` (text-to-video also at the spec's /vidgen/v1/images/text2video/{id}, see
 * `vidgenTextToVideoQuery`), by the gateway's id or the caller's `external_task_id`. While a task
 * runs `task_result` is `{}`; a failed task keeps `code: 0` and `message: "SUCCEED"`: only
 * `task_status` and `task_status_msg` tell. Any model_name is accepted. A broken bound is Kling's
 * 400 / 1201; an unknown task its 404 / 1203.
 */

import { limits } from "../../src/index.js";
import type { MockContext, Route } from "../context.js";
import type { MockError } from "../envelopes.js";
import { json } from "../http.js";
import type { MockState } from "../state.js";
import { createTask, findTask, type MockTask, poll, type TaskView } from "../tasks.js";
import { fileURL } from "./files.js";
import { firstProblem, type Rules } from "./task-rules.js";

const STATUS = {
  queued: "submitted",
  running: "processing",
  succeeded: "succeed",
  failed: "failed",
} as const;

/** genway's `limits` as this table's rules: the numbers are the spec's, declared once. */
const bounds = limits.vidgen;
const between = ({ minimum, maximum }: { minimum: number; maximum: number }, type: "number" | "integer") =>
  ({ type, min: minimum, max: maximum }) as const;
const duration = { oneOf: bounds.videos.textToVideo.duration.oneOf };
const unit = between(bounds.images.generate.image_fidelity, "number");
const n = between(bounds.images.generate.n, "integer");
const required = { required: true } as const;
const text = { required: true, type: "string" } as const;
const lengthOf = (limit: { maxLength: number }) => ({ maxLength: limit.maxLength });

type Output = "images" | "videos" | "audios" | "video+audio";

/** Each Kling operation (its path under /vidgen/v1): what its tasks make, and its bounds. */
export const KLING_OPERATIONS: Record<string, { output: Output; rules: Rules }> = {
  "images/generations": {
    output: "images",
    rules: {
      prompt: { ...text, ...lengthOf(bounds.images.generate.prompt) },
      n,
      image_fidelity: unit,
      negative_prompt: lengthOf(bounds.images.generate.negative_prompt),
    },
  },
  "images/editing/expand": {
    output: "images",
    rules: {
      image: text,
      up_expansion_ratio: { required: true, type: "number" },
      down_expansion_ratio: { required: true, type: "number" },
      left_expansion_ratio: { required: true, type: "number" },
      right_expansion_ratio: { required: true, type: "number" },
      n,
    },
  },
  "images/multi-image2image": {
    output: "images",
    rules: { model_name: text, subject_image_list: { required: true, type: "array" }, n },
  },
  "videos/text2video": {
    output: "videos",
    rules: {
      prompt: { ...text, ...lengthOf(bounds.videos.textToVideo.prompt) },
      negative_prompt: lengthOf(bounds.videos.textToVideo.negative_prompt),
      duration,
      cfg_scale: unit,
    },
  },
  "videos/image2video": { output: "videos", rules: { image: text, duration, cfg_scale: unit } },
  "videos/multi-image2video": {
    output: "videos",
    rules: {
      image_list: { required: true, type: "array" },
      model_name: text,
      prompt: text,
      duration,
      cfg_scale: unit,
    },
  },
  "videos/video-extend": { output: "videos", rules: { video_id: text, prompt: required } },
  "audio/text-to-audio": {
    output: "audios",
    rules: {
      prompt: { ...text, ...lengthOf(bounds.audio.textToAudio.prompt) },
      duration: { required: true, ...between(bounds.audio.textToAudio.duration, "number") },
    },
  },
  "audio/video-to-audio": { output: "video+audio", rules: {} },
};

export const kindOf = (operation: string) => `vidgen.${operation.slice(operation.lastIndexOf("/") + 1)}`;

/** The Kling envelope around a record: `code: 0`, `message: "SUCCEED"` even for a failed task. */
export function klingBody(requestId: string, data: unknown) {
  return { code: 0, message: "SUCCEED", request_id: requestId, data };
}

const envelope = (context: MockContext, data: unknown) => json(klingBody(context.requestId, data));

function result(origin: string, task: MockTask, output: Output): Record<string, unknown> {
  const file = (name: string) => fileURL(origin, name);
  const seconds = String(task.input.duration ?? "5");
  const videos = [{ id: `${task.id}-v0`, url: file(`${task.id}.mp4`), duration: `${seconds}.1` }];
  const audios = [
    {
      id: `${task.id}-a0`,
      url_mp3: file(`${task.id}.mp3`),
      url_wav: file(`${task.id}.wav`),
      duration_mp3: `${task.input.duration ?? 5}`,
      duration_wav: `${task.input.duration ?? 5}`,
    },
  ];
  if (output === "videos") return { videos };
  if (output === "audios") return { audios };
  if (output === "video+audio") return { videos, audios };
  const count = typeof task.input.n === "number" ? task.input.n : 1;
  return {
    images: Array.from({ length: count }, (_, index) => ({
      index,
      url: file(`${task.id}-${index}-1024x1024.png`),
    })),
  };
}

/** The caller's id for the task, when given at submission. */
const externalId = (task: MockTask) =>
  typeof task.input.external_task_id === "string" ? task.input.external_task_id : undefined;

/**
 * A submission's `data` (as kling-text2video-submit.json, `phase` undefined), or a query's at
 * `phase` (as the query captures). `id`: the task's id at Kling (the mock's own, unless a relay
 * in front gives the caller another).
 */
export function klingRecord(
  origin: string,
  task: MockTask,
  output: Output,
  phase?: TaskView["phase"],
  id = task.id,
) {
  const external = externalId(task);
  const info = { task_info: external === undefined ? {} : { external_task_id: external } };
  const times = { created_at: task.createdAt, updated_at: task.updatedAt };
  if (phase === undefined) return { task_id: id, task_status: STATUS.queued, ...info, ...times };
  return {
    task_id: id,
    task_status: STATUS[phase],
    task_status_msg: phase === "failed" ? task.failure : "",
    ...info,
    // `{}` while waiting or running; the outputs once done; absent on a failed task.
    ...(phase === "failed" ? {} : { task_result: phase === "succeeded" ? result(origin, task, output) : {} }),
    ...times,
  };
}

/** The first broken Kling bound of a submission, as Kling's 400 / 1201 message, or undefined. */
export function klingProblem(body: unknown, operation: string, rules: Rules): MockError | undefined {
  const found =
    firstProblem(body, rules) ??
    (operation === "audio/video-to-audio" &&
    ((body as Record<string, unknown>).video_id === undefined) ===
      ((body as Record<string, unknown>).video_url === undefined)
      ? { message: "give exactly one of video_id and video_url" }
      : undefined);
  return (
    found && { status: 400, code: 1201, message: `Invalid parameter: ${found.message}`, param: found.param }
  );
}

/** Whether Kling's own API answers /vidgen (not new-api's task relay in front of it). */
const kling = (state: MockState) => state.options.vidgenRelay !== "new-api";

function submit(operation: string, output: Output, rules: Rules): Route {
  return {
    method: "POST",
    pattern: new RegExp(`^/vidgen/v1/${operation}$`),
    serves: kling,
    handle(context) {
      // Kling answers a broken parameter with HTTP 400 and business code 1201.
      const problem = klingProblem(context.body, operation, rules);
      if (problem) return context.fail(problem);
      const task = createTask(context.state, kindOf(operation), context.body, "vg-");
      return envelope(context, klingRecord(context.url.origin, task, output));
    },
  };
}

/** The task `id` names among `kind`'s tasks: the gateway's id, or the caller's external_task_id. */
function lookup(state: MockState, id: string, kind: string): MockTask | undefined {
  const byId = findTask(state, id, kind);
  if (byId) return byId;
  for (const value of state.tasks.values()) {
    const task = value as MockTask;
    if (task.kind === kind && "input" in task && externalId(task) === id) return task;
  }
  return undefined;
}

function query(
  pattern: string,
  operation: string,
  output: Output,
  served: (state: MockState) => boolean = () => true,
): Route {
  return {
    method: "GET",
    pattern: new RegExp(`^/vidgen/v1/${pattern}/(?<id>[^/]+)$`),
    // A gateway without this route answers as for any path it does not route.
    serves: (state) => kling(state) && served(state),
    handle(context) {
      const task = lookup(context.state, decodeURIComponent(context.params.id!), kindOf(operation));
      if (!task) return context.fail({ status: 404, code: 1203, message: "Task not found" });
      const { phase } = poll(context.state, task);
      return envelope(context, klingRecord(context.url.origin, task, output, phase));
    },
  };
}

/** Whether this mock serves the spec's or the upstream's text-to-video query path. */
const serves = (path: "spec" | "upstream") => (state: MockState) => {
  const choice = state.options.vidgenTextToVideoQuery ?? "both";
  return choice === "both" || choice === path;
};

export const vidgenRoutes: Route[] = [
  ...Object.entries(KLING_OPERATIONS).flatMap(([operation, { output, rules }]) => [
    submit(operation, output, rules),
    query(operation, operation, output, operation === "videos/text2video" ? serves("upstream") : undefined),
  ]),
  // The spec's path for the text-to-video query.
  query("images/text2video", "videos/text2video", "videos", serves("spec")),
];
