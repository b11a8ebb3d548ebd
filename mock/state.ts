import type { RelayStreamOptions } from "./relay-streams.js";

/** A request the mock received, as recorded in {@link MockGateway.requests}. */
export interface RecordedRequest {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  at: number;
}

/** Options of the mock gateway and the state its routes share (tasks, counters). */
export interface MockGatewayOptions {
  /** The key the mock accepts. Default `sk-genway-mock`. */
  apiKey?: string;
  /** Other keys and the system code each earns, e.g. `{ "sk-expired": 10003 }`. */
  keys?: Record<string, number>;
  /** ms between streamed frames. Default 0. */
  streamDelayMs?: number;
  /** Polls a task takes to finish (each poll advances it one step). Default 3. */
  taskSteps?: number;
  /** Bytes of audio the speech route streams. Default 64 KiB. */
  speechBytes?: number;
  /**
   * Where the vidgen text-to-video query answers: the spec's /vidgen/v1/images/text2video/{id}, the
   * Kling API's /vidgen/v1/videos/text2video/{id}, or both (default). The other path is not routed
   * (see `unroutedPaths`).
   */
  vidgenTextToVideoQuery?: "spec" | "upstream" | "both";

  // Relay failure modes outside streams: what the relay (new-api, QuantumNous/new-api @116255f07)
  // sends where the spec is silent or says otherwise. docs/testing.md, "Relay failure modes".
  /**
   * What a path no route serves answers. `"dashboard"` (default), as new-api's router/web-router.go
   * (SetWebRouter's NoRoute): every path outside /v1, /api and /assets gets the relay's dashboard page with 200
   * text/html (a baseURL with a wrong prefix meets it), the others the 404 "Invalid URL (GET /v1/x)"
   * of controller/relay.go RelayNotFound. `"not-found"`: that 404 everywhere.
   */
  unroutedPaths?: "dashboard" | "not-found";
  /**
   * Who answers /vidgen. `"kling"` (default): the Kling API's envelopes, as the spec shows them.
   * `"new-api"`: new-api's task relay in front of Kling, mounted at /vidgen/v1: only the four video
   * paths are routed (router/video-router.go SetVideoRouter: text2video and image2video, and their queries;
   * every other path is unrouted); a submission answers the OpenAI-video object `{id, task_id:
   * "task_…", object: "video", status: "queued", progress: 0}` (relay/channel/task/kling/adaptor.go
   * TaskAdaptor.DoResponse); a query answers `{code: "success", message: "", data: TaskDto}` with the Kling body
   * in `data.data` (relay/relay_task.go videoFetchByIDRespBodyBuilder, service/task_polling.go
   * updateVideoSingleTask, model/task.go Task.GetResultURL); errors are `{code, message, data: null}`: an upstream non-200 keeps its status with
   * code `fail_to_fetch_task`, any 429 says "当前分组上游负载已饱和，请稍后再试" with no Retry-After
   * (relay/relay_task.go RelayTaskSubmit, controller/relay.go respondTaskError), an unknown task is 400 `task_not_exist`.
   */
  vidgenRelay?: "kling" | "new-api";
  /**
   * Models no channel serves, by id or by a test: a request naming one gets new-api's 503
   * `{error: {code: "model_not_found", type: "new_api_error", message: "No available channel for
   * model X under group default (distributor) (request id: …)"}}` on every route, in the
   * language of Accept-Language (zh-CN, zh-TW, else English) (middleware/distributor.go Distribute,
   * i18n/locales). Default: every model is served.
   */
  noChannel?: readonly string[] | ((model: string) => boolean);
  /**
   * The words new-api refuses in a prompt before any channel is tried, with HTTP 500
   * `sensitive_words_detected` (controller/relay.go func Relay, setting/sensitive.go: on by default,
   * with the one word "test_sensitive"); matched lower-cased, as service/sensitive.go does. `[]`:
   * no check. A token limit past 1073741823 is always refused, with 500 `invalid_request`
   * (relay/helper/valid_request.go). Default: new-api's list.
   */
  sensitiveWords?: readonly string[];
  /**
   * Speech whose upstream audio new-api could not read (the upstream's connection broke mid-body):
   * HTTP 200 with the upstream's headers (`audio/mpeg`), no body (`Content-Length: 0`), and the
   * call billed (relay/channel/openai/audio.go OpenaiTTSHandler reads the audio whole before
   * writing; relay/audio_handler.go AudioHelper bills what it returned). Default false.
   */
  emptySpeech?: boolean;
  /**
   * Video queries of veo models (ids starting with "veo": Gemini and Vertex channels) answer as
   * new-api answers them, fetched live from the upstream (relay/relay_task.go tryRealtimeFetch):
   * `{code: "success", message: "", data: {error: null, format: "mp4", metadata: null, status:
   * "queued" | "processing" | "succeeded" | "failed", task_id, url}}`, where `url` is the relay's
   * content URL once succeeded (GET /v1/videos/{id}/content, which needs the key; see
   * `serverAddress`) and, once failed, the failure reason (model/task.go GetResultURL), except on the
   * live fetch that first sees the failure: tryRealtimeFetch sets the status but not FailReason, so
   * that answer's `url` is "". Default false: the unified flat record.
   */
  veoLive?: boolean;
  /**
   * The relay's ServerAddress setting, from which new-api builds a veo task's content URL
   * (relay/channel/task/taskcommon/helpers.go BuildProxyURL: `${ServerAddress}/v1/videos/{id}/content`),
   * whatever host the client used. Default new-api's, "http://localhost:3000"
   * (setting/system_setting/system_setting_old.go): an operator who never set it.
   */
  serverAddress?: string;
  /**
   * Whether non-stream answers relayed from an upstream (the /v1 routes) also carry the
   * upstream's own id, `x-request-id` (`request-id` on /v1/messages), beside the relay's
   * `X-Oneapi-Request-Id` that every answer carries (service/http.go ShouldCopyUpstreamHeader, common/constants.go
   * RequestIdKey). Default true.
   */
  upstreamRequestIds?: boolean;
  /**
   * ms to hold a request's answer after its route handled it (the task exists, the client has not
   * heard yet), e.g. a paid submission whose worker is killed mid-request. 0 or undefined: none.
   */
  delayAnswer?: (request: RecordedRequest) => number | undefined;
  /**
   * GET /api/pricing as a relay may have it: "public" (default), "login" (401: the admin requires
   * a login, which an API key is not), "off" (403: the page is disabled) or "none" (404: a relay
   * without the route).
   */
  pricing?: "public" | "login" | "off" | "none";
  /**
   * The key's account on the billing routes, in quota (500,000 per USD; shown in CNY): `quota`
   * left, `usedQuota`, `expiresAt` (unix seconds, 0: never), `unlimited`.
   */
  account?: { quota?: number; usedQuota?: number; expiresAt?: number; unlimited?: boolean };
  /**
   * Stream behaviours of the new-api relay, byte for byte, each citing its source: a cut upstream
   * (chat: usage chunk and `[DONE]` after it), three-newline Messages events, the bare JSON error
   * tail, pings after the end. See {@link RelayStreamOptions} and docs/testing.md.
   */
  relayStreams?: RelayStreamOptions;
}

/** The state a mock gateway's routes share: its options, task records and an id counter. */
export interface MockState {
  options: Required<Pick<MockGatewayOptions, "apiKey" | "streamDelayMs" | "taskSteps" | "speechBytes">> &
    MockGatewayOptions;
  /** Task records by id, shared by the task families' routes. */
  tasks: Map<string, unknown>;
  /** Why the next submitted tasks end failed, one each, in order (`mock.failNextTask`). */
  taskFailures: string[];
  /** Monotonic counter for ids. */
  nextId(prefix: string): string;
}

export function createState(options: MockGatewayOptions): MockState {
  let counter = 0;
  return {
    options: { apiKey: "sk-genway-mock", streamDelayMs: 0, taskSteps: 3, speechBytes: 64 * 1024, ...options },
    tasks: new Map(),
    taskFailures: [],
    nextId: (prefix) => `${prefix}${(++counter).toString(36).padStart(6, "0")}`,
  };
}
