/**
 * The relay's wire outside streams, one body per constant, each written from the relay's source
 * (QuantumNous/new-api @116255f07, read in its fork krismileji/new-api; one-api: songquanpeng/one-api).
 * Ids and times are examples; field names, order, words and shapes are the source's.
 */

/** web/index.html as router/web-router.go (SetWebRouter's NoRoute) serves it (200 text/html) on any unrouted path outside /v1, /api, /assets. */
export const DASHBOARD_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>New API</title>
    <meta name="description" content="Unified AI API gateway and admin dashboard." />
  </head>
  <body>
    <div id="root" translate="no" class="notranslate"></div>
  </body>
</html>
`;

/**
 * middleware/distributor.go Distribute, no channel found (abortWithOpenAiMessage, middleware/utils.go): 503, no `param`;
 * the message is i18n/locales/en.yaml `distributor.no_available_channel` + common.MessageWithRequestId.
 */
export const NO_CHANNEL_EN = {
  error: {
    message:
      "No available channel for model kling-v9 under group default (distributor) (request id: 20260101000000123456789abcdefgh)",
    type: "new_api_error",
    code: "model_not_found",
  },
};

/** The same, for Accept-Language zh-CN (i18n/locales/zh-CN.yaml) and zh-TW (zh-TW.yaml). */
export const NO_CHANNEL_ZH_CN = {
  error: {
    message:
      "分组 default 下模型 kling-v9 无可用渠道（distributor） (request id: 20260101000000123456789abcdefgh)",
    type: "new_api_error",
    code: "model_not_found",
  },
};
export const NO_CHANNEL_ZH_TW = {
  error: {
    message:
      "分組 default 下模型 kling-v9 無可用管道（distributor） (request id: 20260101000000123456789abcdefgh)",
    type: "new_api_error",
    code: "model_not_found",
  },
};

/** one-api middleware/distributor.go + middleware/utils.go abortWithMessage: 503, Chinese, no code. */
export const NO_CHANNEL_ONE_API = {
  error: {
    message: "当前分组 default 下对于模型 gpt-9 无可用渠道 (request id: 2026010100000012345678)",
    type: "one_api_error",
  },
};

/** relay/channel/task/kling/adaptor.go TaskAdaptor.DoResponse: relaykit/dto/openai_video.go NewOpenAIVideo, 200. */
export const KLING_SUBMIT_OPENAI_VIDEO = {
  id: "task_8Jx2mQ4rT7vN1pL9sK3wZ6yB0cD5eF2g",
  task_id: "task_8Jx2mQ4rT7vN1pL9sK3wZ6yB0cD5eF2g",
  object: "video",
  model: "kling-v2-master",
  status: "queued",
  progress: 0,
  created_at: 1767225600,
};

/** Kling's envelope (relay/channel/task/kling/adaptor.go responsePayload): code 0 and "SUCCEED", even for a failed task. */
const kling = (data: Record<string, unknown>) => ({
  code: 0,
  message: "SUCCEED",
  request_id: "9c1f7f6e-2d4b-4d0e-8f7a-1b2c3d4e5f60",
  data: { task_id: "CjhYF2ZlL0sAAAAAAKnFbg", ...data },
});

/** The Kling body new-api keeps in TaskDto `data` (service/task_polling.go updateVideoSingleTask) for a finished video. */
const KLING_SUCCEEDED = kling({
  task_status: "succeed",
  task_status_msg: "",
  task_info: {},
  task_result: {
    videos: [{ id: "v-1", url: "https://cdn.example/kling/v-1.mp4", duration: "5.1" }],
  },
  created_at: 1767225600000,
  updated_at: 1767225700000,
  final_unit_deduction: "1",
});

/**
 * relay/relay_task.go videoFetchByIDRespBodyBuilder + TaskModel2Dto, dto/task.go TaskDto:
 * `{code: "success", message: "", data}`; status and progress as service/task_polling.go
 * updateVideoSingleTask sets them; `result_url` = model/task.go GetResultURL; `platform` the Kling channel type, 50.
 */
export const TASK_DTO_SUCCEEDED = {
  code: "success",
  message: "",
  data: {
    id: 4711,
    created_at: 1767225600,
    updated_at: 1767225700,
    task_id: "task_8Jx2mQ4rT7vN1pL9sK3wZ6yB0cD5eF2g",
    platform: "50",
    user_id: 1,
    group: "default",
    channel_id: 3,
    quota: 150000,
    action: "textGenerate",
    status: "SUCCESS",
    fail_reason: "",
    result_url: "https://cdn.example/kling/v-1.mp4",
    submit_time: 1767225600,
    start_time: 1767225610,
    finish_time: 1767225700,
    progress: "100%",
    properties: { input: "", upstream_model_name: "kling-v2-master", origin_model_name: "kling-v2-master" },
    data: KLING_SUCCEEDED,
  },
};

/** The same task waiting for its first upstream poll: model/task.go InitTask (NOT_START, "0%"), `data` the Kling submit answer. */
export const TASK_DTO_SUBMITTED = {
  code: "success",
  message: "",
  data: {
    ...TASK_DTO_SUCCEEDED.data,
    status: "SUBMITTED",
    progress: "10%",
    result_url: undefined,
    finish_time: 0,
    data: kling({ task_status: "submitted", created_at: 1767225600000, updated_at: 1767225600000 }),
  },
};

/** A failed task: fail_reason from Kling's task_status_msg, and result_url the same text (model/task.go Task.GetResultURL). */
export const TASK_DTO_FAILED = {
  code: "success",
  message: "",
  data: {
    ...TASK_DTO_SUCCEEDED.data,
    status: "FAILURE",
    progress: "100%",
    fail_reason: "Failure to pass the risk control system",
    result_url: "Failure to pass the risk control system",
    data: kling({
      task_status: "failed",
      task_status_msg: "Failure to pass the risk control system",
      created_at: 1767225600000,
      updated_at: 1767225700000,
    }),
  },
};

/**
 * A song through new-api's Suno relay (relay/relay_task.go sunoFetchByIDRespBodyBuilder):
 * `data` is the upstream's clips (service/task_polling.go updateSunoTasks), `platform` "suno", `action` MUSIC.
 */
export const SUNO_TASK_DTO_SUCCEEDED = {
  code: "success",
  message: "",
  data: {
    id: 815,
    created_at: 1767225600,
    updated_at: 1767225800,
    task_id: "task_Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6",
    platform: "suno",
    user_id: 1,
    group: "default",
    channel_id: 5,
    quota: 100000,
    action: "MUSIC",
    status: "SUCCESS",
    fail_reason: "",
    submit_time: 1767225600,
    start_time: 1767225610,
    finish_time: 1767225800,
    progress: "100%",
    properties: { input: "", origin_model_name: "suno_music" },
    data: [
      { id: "c-1", title: "Hello", status: "complete", audio_url: "https://cdn.example/c-1.mp3" },
      { id: "c-2", title: "Hello", status: "complete", audio_url: "https://cdn.example/c-2.mp3" },
    ],
  },
};

/** The same song failed: fail_reason, and result_url the reason again (model/task.go Task.GetResultURL). */
export const SUNO_TASK_DTO_FAILED = {
  code: "success",
  message: "",
  data: {
    ...SUNO_TASK_DTO_SUCCEEDED.data,
    status: "FAILURE",
    fail_reason: "moderation: the lyrics were refused",
    result_url: "moderation: the lyrics were refused",
    data: null,
  },
};

/** relay/relay_task.go RelayTaskSubmit + controller/relay.go respondTaskError: a Kling 429 relayed, message rewritten, no Retry-After. */
export const TASK_ERROR_429 = {
  code: "fail_to_fetch_task",
  message: "当前分组上游负载已饱和，请稍后再试",
  data: null,
};

/** relay/relay_task.go RelayTaskSubmit: Kling's 400 relayed with its status, Kling's body as the message. */
export const TASK_ERROR_FAIL_TO_FETCH_400 = {
  code: "fail_to_fetch_task",
  message:
    '{"code":1201,"message":"Invalid parameter: duration must be one of 5, 10","request_id":"r-1","data":null}',
  data: null,
};

/** relay/channel/task/kling/adaptor.go TaskAdaptor.DoResponse: a Kling code inside a 200 becomes 400 task_failed. */
export const TASK_ERROR_TASK_FAILED = { code: "task_failed", message: "Account in arrears", data: null };

/** relaykit/dto/openai_video.go as relay/channel/task/kling/adaptor.go TaskAdaptor.ConvertToOpenAIVideo fills it. */
export const OPENAI_VIDEO_COMPLETED = {
  id: "task_8Jx2mQ4rT7vN1pL9sK3wZ6yB0cD5eF2g",
  object: "video",
  model: "kling-v2-master",
  status: "completed",
  progress: 100,
  created_at: 1767225600000,
  completed_at: 1767225700000,
  seconds: "5.1",
  metadata: { url: "https://cdn.example/kling/v-1.mp4" },
};

/** A failed one: status "failed", the reason in error.message (the same ConvertToOpenAIVideo). */
export const OPENAI_VIDEO_FAILED = {
  id: "task_8Jx2mQ4rT7vN1pL9sK3wZ6yB0cD5eF2g",
  object: "video",
  model: "kling-v2-master",
  status: "failed",
  progress: 100,
  created_at: 1767225600000,
  completed_at: 1767225700000,
  error: { message: "Failure to pass the risk control system", code: "" },
};

/** A running one: "in_progress" and an integer progress (SetProgressStr of "30%"). */
export const OPENAI_VIDEO_RUNNING = {
  id: "task_8Jx2mQ4rT7vN1pL9sK3wZ6yB0cD5eF2g",
  object: "video",
  model: "kling-v2-master",
  status: "in_progress",
  progress: 30,
  created_at: 1767225600000,
};
