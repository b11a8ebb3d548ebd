/**
 * Reading a task record, whatever convention relayed it: the new-api / music task record
 * (`status`, `progress: "30%"`, `fail_reason`, `data`), the flat unified-video body (the same fields,
 * no envelope), the Kling-style vidgen record (`task_status`, `task_status_msg`, `task_result`), and
 * OpenAI-video-like objects (`id`, `status`, `progress: 30`). Envelopes (`{code, message, data}`) are
 * unwrapped. Like the error decoder, this knows wire conventions, not API families.
 *
 * Terminal states come only from the record's own status fields, never from an envelope's
 * `message`: relays answer `message: "SUCCEED"` on failed tasks.
 */

import type { CostEstimate } from "../money/cost.js";

export type TaskStatus = "queued" | "running" | "succeeded" | "failed" | "unknown";

/** A task's state at one moment, the same shape for every family. */
export interface TaskSnapshot<R = unknown> {
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
   * Once the task has succeeded: what its submission cost by the price table (the same figure as the
   * submission's `withResponse().cost`), or null with `costReason` (a task resumed from its handle
   * alone, a model the catalog cannot place). Absent before success.
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
  /** The record's payload: `data` (unified video, music) or `task_result` (vidgen). */
  result: unknown;
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
export function parseProgress(value: unknown): number | undefined {
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

/** Reads `body` (a record or an envelope around one); undefined when it holds no task record. */
export function readTaskRecord(body: unknown): TaskRecord | undefined {
  const record = findTaskRecord(body);
  if (!record) return undefined;
  const kling = typeof record.task_status === "string";
  const state = (kling ? record.task_status : record.status) as string;
  const status = normalizeStatus(state);
  const error = isRecord(record.error) ? text(record.error.message) : text(record.error);
  const reason =
    status === "failed"
      ? (text(record.task_status_msg) ?? text(record.fail_reason) ?? error ?? text(record.error_message))
      : undefined;
  const result = kling ? record.task_result : record.data;
  return {
    id: text(record.task_id) ?? text(record.id),
    status,
    state,
    progress: parseProgress(record.progress),
    reason,
    result: isEmpty(result) ? undefined : result,
    externalId: isRecord(record.task_info) ? text(record.task_info.external_task_id) : undefined,
    record,
  };
}
