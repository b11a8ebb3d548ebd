/**
 * Task notifications: a vidgen `callback_url` or a music `notify_hook` POSTs the task's state to
 * your server. The spec does not show the payload, so every task record shape is accepted: the
 * vidgen record (`task_status` ...), the music / unified-video record (`status`, `progress` ...),
 * bare or inside an envelope, as an object or as the raw JSON text.
 */
import { MalformedResponseError } from "../../core/errors/index.js";
import type { TaskSnapshot } from "../../core/tasks/index.js";
import { readTaskRecord } from "../../core/tasks/index.js";

/** The kind a record's shape implies when the caller does not say. */
function guessKind(record: Record<string, unknown>): string {
  if (typeof record.task_status === "string") return "vidgen";
  if (record.action === "LYRICS") return "music.lyrics";
  if (record.action === "MUSIC") return "music";
  return "video";
}

const fail = (why: string, body: unknown) =>
  new MalformedResponseError(`Not a task callback: ${why}.`, {
    body: typeof body === "string" ? body.slice(0, 500) : body,
  });

/**
 * A TaskSnapshot from a callback body. `kind` names the task kind when you know it (a vidgen
 * record does not say which operation made it: pass e.g. `vidgen.text2video` to resume with
 * `gw.tasks.wait`); otherwise it is guessed: `vidgen`, `music`, `music.lyrics` or `video`.
 * Throws MalformedResponseError for anything that is not a task record.
 */
export function parseTaskCallback<R = unknown>(body: unknown, kind?: string): TaskSnapshot<R> {
  let value = body;
  if (typeof body === "string" || body instanceof Uint8Array) {
    const text = typeof body === "string" ? body : new TextDecoder().decode(body);
    try {
      value = JSON.parse(text);
    } catch {
      throw fail("the body is not JSON", text);
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw fail("expected a JSON object", value);
  const read = readTaskRecord(value);
  if (!read) throw fail("no task record with a task id and a status", value);
  if (!read.id) throw fail("the task id is empty", value);
  const { id, status, progress, reason, result, record } = read;
  return {
    kind: kind ?? guessKind(record),
    id,
    status,
    progress,
    result: result as R | undefined,
    reason,
    raw: value,
  };
}
