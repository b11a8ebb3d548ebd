/**
 * Reading a task record, whatever convention relayed it: the new-api / music task record
 * (`status`, `progress: "30%"`, `fail_reason`, `data`), new-api's TaskDto (the same, plus
 * `result_url` and, in `data`, the upstream's own body), the flat unified-video body (the same
 * fields, no envelope), the Kling-style vidgen record (`task_status`, `task_status_msg`,
 * `task_result`), and new-api's OpenAI-video object (`id`, `status: "completed"`, `progress: 30`,
 * `metadata.url`, `error`). Envelopes (`{code, message, data}`) are unwrapped. Like the error
 * decoder, this knows wire conventions, not API families.
 *
 * Terminal states come only from the record's own status fields, never from an envelope's
 * `message`: relays answer `message: "SUCCEED"` on failed tasks.
 */

import type { RequestIdentified } from "../http/api-promise.js";
import type { CostEstimate } from "../http/cost.js";

/** A task's status in genway's words, whatever the relay wrote (see TaskStatusWord for its own). */
export type TaskStatus = "queued" | "running" | "succeeded" | "failed" | "unknown";

/**
 * A task record's own status word, as the relay writes it: the spec's NOT_START, IN_PROGRESS,
 * SUCCESS and FAILURE plus new-api's SUBMITTED, QUEUED and UNKNOWN (model/task.go); a word added
 * later passes through.
 */
export type TaskStatusWord =
  | "NOT_START"
  | "SUBMITTED"
  | "QUEUED"
  | "IN_PROGRESS"
  | "SUCCESS"
  | "FAILURE"
  | "UNKNOWN"
  | (string & {});

/** A task's state at one moment, the same shape for every family. */
export interface TaskSnapshot<R = unknown> extends RequestIdentified {
  kind: string;
  id: string;
  /** Normalized from the family's own states (NOT_START, IN_PROGRESS, succeed, streaming ...). */
  status: TaskStatus;
  /** 0-100 where the gateway reports one ("30%" -> 30), else undefined. */
  progress: number | undefined;
  /** The family's result payload (URLs, clips ...); usually present once succeeded. */
  result: R | undefined;
  /** The gateway's failure reason, for failed tasks. */
  reason: string | undefined;
  /** The body as the gateway sent it. */
  raw: unknown;
  /**
   * Once the task has succeeded: what its submission cost. Priced by what the client has now: `null`
   * until it has loaded the gateway's prices, and the reason then names the awaited read that prices it
   * (docs/cost.md, "One truth per client"). The submission's `withResponse().cost` is its awaited read.
   * Null with `costReason` also for a task resumed from its handle alone, a model the catalog cannot
   * place). Absent before success.
   */
  cost?: CostEstimate | null;
  costReason?: string | undefined;
}

/** What a record says, before a kind name is attached. */
export interface TaskRecord {
  id: string | undefined;
  status: TaskStatus;
  /** The status word as the gateway spelled it (`IN_PROGRESS`, `succeed`, `complete` ...). */
  state: string | undefined;
  /** 0-100, where the gateway reports one. */
  progress: number | undefined;
  /** The gateway's failure reason (failed tasks only). */
  reason: string | undefined;
  /**
   * The record's payload: `task_result` (vidgen), else `data` (unified video, music); when `data`
   * is the upstream's own task body (new-api's TaskDto keeps the Kling answer there), that body's
   * payload, so a vidgen task relayed by new-api still has `task_result` here.
   */
  result: unknown;
  /**
   * The result's URL, once succeeded, wherever the convention puts it: new-api's `result_url`, the
   * OpenAI-video object's `metadata.url`, a flat `url`, the unified `data.output`, Kling's first
   * video. For a family whose documented result a relay's other shape lacks (see TaskKind.resultOf).
   */
  url: string | undefined;
  /** The caller's own id for the task (Kling's `task_info.external_task_id`), by which it may be queried. */
  externalId: string | undefined;
  /** The record itself, envelope removed. */
  record: Record<string, unknown>;
}

/** Every family's status words, lower-cased: new-api, unified video, vidgen, music tasks and clips, uploads. */
const STATUS: Record<string, TaskStatus> = {
  not_start: "queued",
  submitted: "queued",
  queued: "queued",
  pending: "queued",
  in_progress: "running",
  processing: "running",
  running: "running",
  streaming: "running",
  success: "succeeded",
  succeed: "succeeded",
  succeeded: "succeeded",
  complete: "succeeded",
  completed: "succeeded",
  failure: "failed",
  failed: "failed",
  error: "failed",
  cancelled: "failed",
  canceled: "failed",
};

export function normalizeStatus(state: unknown): TaskStatus {
  return typeof state === "string" ? (STATUS[state.trim().toLowerCase()] ?? "unknown") : "unknown";
}

/** `"30%"`, `"30"` and `30` -> 30; anything else -> undefined. Clamped to 0-100. */
function parseProgress(value: unknown): number | undefined {
  const n =
    typeof value === "number" ? value : typeof value === "string" ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);

/** A record carries an identity and a status of its own. */
function isTaskRecord(v: unknown): v is Record<string, unknown> {
  return (
    isRecord(v) &&
    (typeof v.task_id === "string" || typeof v.id === "string") &&
    (typeof v.status === "string" || typeof v.task_status === "string")
  );
}

/** The record inside `body` (the body itself when flat), or undefined when there is none. */
function findTaskRecord(body: unknown): Record<string, unknown> | undefined {
  if (isTaskRecord(body)) return body;
  if (isRecord(body) && isTaskRecord(body.data)) return body.data;
  return undefined;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (isRecord(v) && Object.keys(v).length === 0);

/**
 * The upstream's own task body that a relay keeps inside its record: new-api stores the Kling
 * answer in TaskDto `data` (service/task_polling.go, updateVideoSingleTask), and a new-api relaying another new-api
 * stores that one's whole TaskDto envelope. Told from a payload by its task id: a lyrics payload
 * (`{id, status, text}`) or the unified `{output}` has none.
 */
function upstreamRecord(v: unknown): Record<string, unknown> | undefined {
  const inner = findTaskRecord(v);
  return inner && (typeof inner.task_id === "string" || typeof inner.task_status === "string")
    ? inner
    : undefined;
}

/** Relays nest at most this deep (new-api over new-api over Kling); a deeper body is read as data. */
const MAX_NESTING = 4;

/** The URL a succeeded record reports for its result, in any convention (see TaskRecord.url). */
function resultURL(record: Record<string, unknown>, result: unknown): string | undefined {
  const video = isRecord(result) && Array.isArray(result.videos) ? result.videos[0] : undefined;
  return (
    text(record.result_url) ??
    (isRecord(record.metadata) ? text(record.metadata.url) : undefined) ??
    text(record.url) ??
    (isRecord(record.data) ? text(record.data.output) : undefined) ??
    (isRecord(video) ? text(video.url) : undefined)
  );
}

/** Reads `body` (a record or an envelope around one); undefined when it holds no task record. */
export function readTaskRecord(body: unknown): TaskRecord | undefined {
  const record = findTaskRecord(body);
  return record && read(record, 0);
}

function read(record: Record<string, unknown>, depth: number): TaskRecord {
  const kling = typeof record.task_status === "string";
  const state = (kling ? record.task_status : record.status) as string;
  const status = normalizeStatus(state);
  const inner = kling || depth >= MAX_NESTING ? undefined : upstreamRecord(record.data);
  const below = inner && read(inner, depth + 1);
  const payload = kling ? record.task_result : below ? below.result : record.data;
  const result = isEmpty(payload) ? undefined : payload;
  const error = isRecord(record.error) ? text(record.error.message) : text(record.error);
  // new-api answers `result_url` (and, fetching a veo task live, `url`: relay/relay_task.go
  // tryRealtimeFetch) from the failure reason when there is no result (model/task.go GetResultURL).
  const reason =
    status === "failed"
      ? (text(record.task_status_msg) ??
        text(record.fail_reason) ??
        error ??
        text(record.error_message) ??
        text(record.result_url) ??
        text(record.url))
      : undefined;
  return {
    id: text(record.task_id) ?? text(record.id),
    status,
    state,
    progress: parseProgress(record.progress),
    reason,
    result,
    url: status === "succeeded" ? (resultURL(record, result) ?? below?.url) : undefined,
    externalId: isRecord(record.task_info) ? text(record.task_info.external_task_id) : undefined,
    record,
  };
}

/**
 * The task id in a submission's answer, in the order relays put it: `data.task_id` (the vidgen
 * envelope), `data` itself when it is the id (the new-api task envelope `{code:"success", data:
 * "task_…"}`), `task_id`, then `id` (new-api's OpenAI-video object carries both, relay/channel/
 * task/kling/adaptor.go, TaskAdaptor.DoResponse; the unified body `{task_id}`). Undefined when none is a non-empty string.
 */
export function taskIdOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const data = body.data;
  return (isRecord(data) ? text(data.task_id) : text(data)) ?? text(body.task_id) ?? text(body.id);
}
