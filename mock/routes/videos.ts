/**
 * The unified video interface: POST /v2/videos/generations -> {task_id}; GET .../{task_id} -> the
 * flat record (no envelope) moving through new-api's words: NOT_START, SUBMITTED or QUEUED while it
 * waits, IN_PROGRESS (UNKNOWN once for inputs with "[unknown]"), then SUCCESS or FAILURE. Any model
 * id is served; the vidA bounds (seed, duration) are checked for the spec's own vidA-* ids only.
 */
import { limits } from "../../src/index.js";
import type { Route } from "../context.js";
import { json } from "../http.js";
import { createTask, findTask, newApiStatus, poll, seconds } from "../tasks.js";
import { fileURL } from "./files.js";
import { type Rules, rejectBody } from "./task-rules.js";

const RULES: Rules = {
  model: { required: true, type: "string" },
  prompt: { required: true, type: "string" },
  images: { type: "array" },
};
const { seed, duration } = limits.videos.vidA;
const VIDA_RULES: Rules = {
  seed: { type: "integer", min: seed.minimum, max: seed.maximum },
  duration: { oneOf: duration.oneOf },
};
const isVidA = (body: unknown) => /^vidA-/i.test(String((body as { model?: unknown }).model));

export const videoRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/v2\/videos\/generations$/,
    handle(context) {
      const rejected =
        rejectBody(context, RULES) ?? (isVidA(context.body) ? rejectBody(context, VIDA_RULES) : undefined);
      if (rejected) return rejected;
      const task = createTask(context.state, "video", context.body, "video-");
      return json({ task_id: task.id });
    },
  },
  {
    method: "GET",
    pattern: /^\/v2\/videos\/generations\/(?<id>[^/]+)$/,
    handle(context) {
      const task = findTask(context.state, decodeURIComponent(context.params.id!), "video");
      if (!task) return context.fail({ status: 404, message: "task_not_exist", code: "task_not_exist" });
      const view = poll(context.state, task);
      const { phase, progress } = view;
      const done = phase === "succeeded";
      const url = fileURL(context.url.origin, `${task.id}.mp4`);
      return json({
        task_id: task.id,
        status: newApiStatus(task, view),
        fail_reason: phase === "failed" ? task.failure : "",
        submit_time: seconds(task.createdAt),
        start_time: phase === "queued" ? 0 : seconds(task.createdAt),
        finish_time: phase === "succeeded" || phase === "failed" ? seconds(task.updatedAt) : 0,
        progress: `${progress}%`,
        data: done
          ? {
              output: url,
              outputs: [url],
              ...(task.input.return_last_frame
                ? { last_frame_url: fileURL(context.url.origin, `${task.id}-last-frame-1280x720.png`) }
                : {}),
            }
          : null,
      });
    },
  },
];
