/** A vidgen body on the wire: the caller's params as given, with video durations as strings and image bytes as base64. */
import { encodeImageField, type ImageRules, isUploadable } from "../../core/uploads/index.js";
import type { ValidationMode } from "../../core/validation/index.js";

/** How one operation's body is prepared: its image fields and their rules, and its duration convention. */
export interface WireRules {
  name: string;
  images: Record<string, ImageRules>;
  durationAsString: boolean;
}

/** The checked params as the wire wants them; the caller's object is never mutated. */
export async function toWire(
  op: WireRules,
  params: object,
  mode: ValidationMode,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = { ...params };
  if (op.durationAsString && typeof body.duration === "number") body.duration = String(body.duration);
  for (const [pattern, rules] of Object.entries(op.images)) {
    // With validation off, bytes are still encoded, but nothing is checked.
    await encodeAt(body, pattern.split("."), "", mode === "strict" ? rules : {}, op.name);
  }
  return body;
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
