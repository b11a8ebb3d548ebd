/** The one submission path of every vidgen operation: check, encode image fields, send, hand back the Task. */
import type { APIPromise, ClientContext, RequestOptions } from "../../core/http/index.js";
import { encodeImageField, type ImageRules, isUploadable } from "../../core/uploads/index.js";
import { validate } from "../../core/validation/index.js";
import type { Operation } from "./operations.js";
import type { VidgenResult, VidgenTask } from "./types.js";

export class VidgenSubmitter {
  constructor(private readonly client: ClientContext) {}

  submit(op: Operation, params: object, options?: RequestOptions): APIPromise<VidgenTask> {
    const build = async () =>
      ({ method: "POST", path: op.path, body: await this.#toWire(op, params), policy: "paid" }) as const;
    // The vidgen envelope: {code, message, request_id, data: {task_id, task_status, ...}}; a non-zero
    // code never gets here (the transport turns it into its typed error).
    const task = this.client.taskRegistry.submit<VidgenResult>(
      op.kind,
      build,
      options,
      (body) => (body as { data?: { task_id?: unknown } })?.data?.task_id,
    );
    // Its snapshots carry the vidgen envelope as `raw`: VidgenTask says so.
    return task as APIPromise<VidgenTask>;
  }

  /** The caller's params as given, with video durations as strings and image bytes as base64. */
  async #toWire(op: Operation, params: object): Promise<Record<string, unknown>> {
    const strict = this.client.validation === "strict";
    const body: Record<string, unknown> = { ...validate(op.schema, params, op.name, this.client.validation) };
    if (op.durationAsString && typeof body.duration === "number") body.duration = String(body.duration);
    for (const [pattern, rules] of Object.entries(op.images)) {
      // With validation off, bytes are still encoded, but nothing is checked.
      await encodeAt(body, pattern.split("."), "", strict ? rules : {}, op.name);
    }
    return body;
  }
}

/**
 * Encodes the image fields at `path` (`*` = every array item) in place, copying the containers it
 * writes into so the caller's params are never mutated. A path applies only where the value has
 * its shape: `list.*` encodes the items that are images, `list.*.subject_image` descends into the
 * items that are plain objects, so one list may hold both.
 */
async function encodeAt(
  container: Record<string, unknown> | unknown[],
  path: string[],
  at: string,
  rules: ImageRules,
  operation: string,
): Promise<void> {
  const [head, ...rest] = path as [string, ...string[]];
  const keys = head === "*" ? (Array.isArray(container) ? container.keys() : []) : [head];
  for (const key of keys) {
    const slot = container as Record<string | number, unknown>;
    const value = slot[key];
    const where = at ? `${at}.${key}` : String(key);
    const isImage = typeof value === "string" || isUploadable(value);
    if (rest.length === 0) {
      if (isImage) slot[key] = await encodeImageField(value, rules, where, operation);
    } else if (typeof value === "object" && value !== null && !isImage) {
      const copy = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
      slot[key] = copy;
      await encodeAt(copy, rest, where, rules, operation);
    }
  }
}
