/**
 * The parts of a 200 answer that `parse` and `runTools` read, checked before they are read: a body
 * of another shape (no `choices`, `content: null`, a tool call without its function) is a
 * MalformedResponseError naming the part, never a TypeError from inside the SDK. The call was made
 * and may have been billed, so it is not retried.
 */
import { MalformedResponseError } from "../core/errors/index.js";

/** What a part must be. */
type Shape = "an object" | "a list" | "a non-empty list" | "a string";

function fits(value: unknown, shape: Shape): boolean {
  switch (shape) {
    case "an object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "a list":
      return Array.isArray(value);
    case "a non-empty list":
      return Array.isArray(value) && value.length > 0;
    case "a string":
      return typeof value === "string";
  }
}

function got(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  return `a ${typeof value}`;
}

/**
 * `value`, the part of `body` at `path`, when it has `shape`; else a MalformedResponseError (with the
 * body, redacted) saying which part of the answer is missing or of the wrong kind.
 */
export function part<T>(value: unknown, path: string, shape: Shape, operation: string, body: unknown): T {
  if (fits(value, shape)) return value as T;
  throw new MalformedResponseError(
    `${operation}: the gateway's answer has no ${path} (${shape} expected, got ${got(value)}); nothing could be read from it.`,
    { body },
  );
}

/** The field `name` of a JSON value, whatever the value is (undefined when it is not an object). */
export function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * The entries of `list` (the answer's part at `path`) whose `type` is `type`: the tool calls of a
 * Messages or Responses answer, each checked to carry the id and the name (`keys`) the loop reads.
 */
export function callsIn<T>(
  list: readonly unknown[],
  path: string,
  type: string,
  keys: readonly [id: string, name: string],
  operation: string,
  body: unknown,
): T[] {
  return list.flatMap((entry, i) => {
    if (field(entry, "type") !== type) return [];
    for (const key of keys) part(field(entry, key), `${path}.${i}.${key}`, "a string", operation, body);
    return [entry as T];
  });
}
