/**
 * Vidgen through new-api's task relay in front of Kling (`vidgenRelay: "new-api"`), mounted at
 * /vidgen/v1 where new-api mounts it at /kling/v1 (router/video-router.go, SetVideoRouter): only text2video
 * and image2video and their two queries are routed; every other vidgen path is unrouted.
 * - A submission is checked by new-api (a prompt is required, relay/common/relay_utils.go
 *   ValidateBasicTaskRequest), then by Kling: Kling's 400 / 1201 comes back with its status as
 *   `fail_to_fetch_task`, Kling's body as the message (relay/relay_task.go RelayTaskSubmit). Accepted, it
 *   answers new-api's OpenAI-video object with the relay's own `task_…` id
 *   (relay/channel/task/kling/adaptor.go TaskAdaptor.DoResponse, relaykit/dto/openai_video.go).
 * - A query answers `{code: "success", message: "", data: TaskDto}` (relay/relay_task.go
 *   videoFetchByIDRespBodyBuilder, dto/task.go): new-api's status words and "NN%" progress (service/task_polling.go
 *   updateVideoSingleTask, taskcommon ProgressSubmitted ...), `result_url` (the video, or on failure the reason:
 *   model/task.go Task.GetResultURL), `fail_reason`, and in `data` the Kling body the relay stored (its
 *   submission answer until the first upstream poll, then the last query answer). An unknown id
 *   is 400 `task_not_exist`.
 */
import type { MockContext, Route } from "../context.js";
import { errorBody } from "../envelopes.js";
import { json } from "../http.js";
import type { MockState } from "../state.js";
import { createTask, findTask, type MockTask, poll, seconds, type TaskView } from "../tasks.js";
import { KLING_OPERATIONS, kindOf, klingBody, klingProblem, klingRecord } from "./vidgen.js";

const relayed = (state: MockState) => state.options.vidgenRelay === "new-api";

/** new-api's progress per status word (relay/channel/task/taskcommon/helpers.go, the Progress* constants; "0%" at creation). */
const PROGRESS: Record<string, string> = {
  NOT_START: "0%",
  SUBMITTED: "10%",
  IN_PROGRESS: "30%",
  SUCCESS: "100%",
  FAILURE: "100%",
};

/** The status new-api's poller stores from Kling's word (adaptor.go ParseTaskResult), NOT_START before its first poll. */
function statusWord(task: MockTask, view: TaskView): string {
  if (view.phase === "queued") return task.sequence % 2 ? "SUBMITTED" : "NOT_START";
  return { running: "IN_PROGRESS", succeeded: "SUCCESS", failed: "FAILURE" }[view.phase];
}

const modelOf = (input: Record<string, unknown>) =>
  [input.model_name, input.model].find((m): m is string => typeof m === "string" && m !== "") ?? "kling-v1";

/** Kling's id for the task: new-api gives the caller its own `task_…` id instead. */
const upstreamId = (task: MockTask) => `kling-${task.id.slice("task_".length)}`;

function taskDto(context: MockContext, task: MockTask, operation: string, view: TaskView) {
  const word = statusWord(task, view);
  const { output } = KLING_OPERATIONS[operation]!;
  const origin = context.url.origin;
  // What the relay stored: its submission answer before the first poll, then the last query's.
  const phase = word === "NOT_START" ? undefined : view.phase;
  const kling = klingRecord(origin, task, output, phase, upstreamId(task)) as {
    task_result?: { videos?: Array<{ url: string }> };
  };
  const url =
    view.phase === "succeeded"
      ? kling.task_result?.videos?.[0]?.url
      : view.phase === "failed"
        ? task.failure
        : "";
  const model = modelOf(task.input);
  const done = view.phase === "succeeded" || view.phase === "failed";
  return {
    id: task.sequence + 1,
    created_at: seconds(task.createdAt),
    updated_at: seconds(task.updatedAt),
    task_id: task.id,
    platform: "50", // the Kling channel type, as a decimal string
    user_id: 1,
    group: "default",
    channel_id: 1,
    quota: 0,
    action: operation === "videos/image2video" ? "generate" : "textGenerate",
    status: word,
    fail_reason: view.phase === "failed" ? task.failure : "",
    ...(url ? { result_url: url } : {}),
    submit_time: seconds(task.createdAt),
    start_time: view.phase === "queued" ? 0 : seconds(task.createdAt),
    finish_time: done ? seconds(task.updatedAt) : 0,
    progress: PROGRESS[word],
    properties: { input: "", upstream_model_name: model, origin_model_name: model },
    data: klingBody(`${context.requestId}-kling`, kling),
  };
}

function submit(operation: string): Route {
  return {
    method: "POST",
    pattern: new RegExp(`^/vidgen/v1/${operation}$`),
    serves: relayed,
    handle(context) {
      const body = context.body as Record<string, unknown> | undefined;
      if (typeof body?.prompt !== "string" || body.prompt.trim() === "") {
        return context.fail({ status: 400, code: "invalid_request", message: "prompt is required" });
      }
      const problem = klingProblem(body, operation, KLING_OPERATIONS[operation]!.rules);
      if (problem) {
        const upstream = JSON.stringify(errorBody("vidgen", problem, `${context.requestId}-kling`));
        return context.fail({ status: problem.status, code: "fail_to_fetch_task", message: upstream });
      }
      const task = createTask(context.state, kindOf(operation), body, "task_");
      return json({
        id: task.id,
        task_id: task.id,
        object: "video",
        model: modelOf(body),
        status: "queued",
        progress: 0,
        created_at: seconds(task.createdAt),
      });
    },
  };
}

function query(operation: string): Route {
  return {
    method: "GET",
    pattern: new RegExp(`^/vidgen/v1/${operation}/(?<id>[^/]+)$`),
    serves: relayed,
    handle(context) {
      const task = findTask(context.state, decodeURIComponent(context.params.id!), kindOf(operation));
      if (!task) return context.fail({ status: 400, code: "task_not_exist", message: "task_not_exist" });
      const view = poll(context.state, task);
      return json({ code: "success", message: "", data: taskDto(context, task, operation, view) });
    },
  };
}

export const vidgenNewApiRoutes: Route[] = ["videos/text2video", "videos/image2video"].flatMap(
  (operation) => [submit(operation), query(operation)],
);
