/**
 * The unified video interface: POST /v2/videos/generations -> {task_id}; GET .../{task_id} -> the
 * flat record (no envelope) moving through new-api's words: NOT_START, SUBMITTED or QUEUED while it
 * waits, IN_PROGRESS (UNKNOWN once for inputs with "[unknown]"), then SUCCESS or FAILURE. Any model
 * id is served; the vidA bounds (seed, duration) are checked for the spec's own vidA-* ids only.
 */
import { limits } from "../../src/index.js";
import type { MockContext, Route } from "../context.js";
import { json } from "../http.js";
import { createTask, findTask, type MockTask, newApiStatus, poll, seconds, type TaskView } from "../tasks.js";
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

/** new-api's ServerAddress until its operator sets one (setting/system_setting/system_setting_old.go). */
const SERVER_ADDRESS = "http://localhost:3000";

/**
 * new-api's live answer for a Gemini/Vertex (veo) task (`veoLive`): it fetches the task from the
 * upstream at each query and answers `{code: "success", message: "", data: {error: null, format,
 * metadata: null, status, task_id, url}}` (new-api 116255f07 relay/relay_task.go tryRealtimeFetch,
 * mapTaskStatusToSimple). `url` is model/task.go GetResultURL: once succeeded, the relay's own
 * content URL, built from its ServerAddress setting whatever host was asked (taskcommon.BuildProxyURL:
 * /v1/videos/{id}/content, which needs the key); once failed, FailReason, which the live fetch does
 * not set (only the status): "" on the answer that first sees the failure, the reason afterwards
 * (the relay's poller stores it, service/task_polling.go); else "".
 */
function veoLive(context: MockContext, task: MockTask, phase: TaskView["phase"]) {
  const status = { queued: "queued", running: "processing", succeeded: "succeeded", failed: "failed" }[phase];
  const address = context.state.options.serverAddress ?? SERVER_ADDRESS;
  let url = "";
  if (phase === "succeeded") url = `${address}/v1/videos/${encodeURIComponent(task.id)}/content`;
  else if (phase === "failed") {
    url = task.failureSeen ? (task.failure ?? "") : "";
    task.failureSeen = true;
  }
  return json({
    code: "success",
    message: "",
    data: { error: null, format: "mp4", metadata: null, status, task_id: task.id, url },
  });
}

/** The start of an MP4 file (an `ftyp` box): what the content route streams for a veo video. */
const MP4 = new Uint8Array([
  0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x6d, 0x70, 0x34, 0x32, 0x69,
  0x73, 0x6f, 0x6d,
]);

const isVeo = (task: MockTask) => /^veo/i.test(String(task.input.model));

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
      if (context.state.options.veoLive && isVeo(task)) return veoLive(context, task, phase);
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
  {
    // new-api's video proxy (router/video-router.go: TokenOrUserAuth, the key required;
    // controller/video_proxy.go VideoProxy): the video of a succeeded task, streamed through the relay.
    method: "GET",
    pattern: /^\/v1\/videos\/(?<id>[^/]+)\/content$/,
    handle(context) {
      const task = findTask(context.state, decodeURIComponent(context.params.id!), "video");
      if (!task) return json({ error: { message: "Task not found", type: "invalid_request_error" } }, 404);
      if (task.polls < context.state.options.taskSteps || task.failure) {
        return json(
          {
            error: {
              message: `Task is not completed yet, current status: ${task.failure ? "FAILURE" : "IN_PROGRESS"}`,
              type: "invalid_request_error",
            },
          },
          400,
        );
      }
      return new Response(MP4, {
        headers: { "content-type": "video/mp4", "content-length": String(MP4.length) },
      });
    },
  },
];
