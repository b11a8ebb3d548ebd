/**
 * A job's params are checked when it is added, not in a worker after the money: the client's own
 * checks run (the same ones a direct call runs) on a client whose fetch refuses to send anything,
 * and the params must be plain JSON, since they travel through Redis as JSON.
 */
import { Genway } from "../client.js";
import { ValidationError, type ValidationIssue } from "../core/errors/index.js";
import type { GenerationOperation } from "./operations.js";
import { operationNamed, operationNames } from "./operations.js";

/** Where the first value that JSON would change or drop sits (a Blob, a Date, a NaN ...), if any. */
function notJson(value: unknown, path: string): ValidationIssue | undefined {
  const at = path || "(root)";
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") {
    return Number.isFinite(value)
      ? undefined
      : { path: at, rule: "json", message: "must be a finite number" };
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const issue = notJson(item, path ? `${path}.${index}` : String(index));
      if (issue) return issue;
    }
    return undefined;
  }
  const proto = typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    return {
      path: at,
      rule: "json",
      message:
        "must be plain JSON (a string, number, boolean, array or object): a queued job's params travel through Redis as JSON, so give files as URLs or base64 strings",
    };
  }
  for (const [key, item] of Object.entries(value as object)) {
    if (item === undefined) continue;
    const issue = notJson(item, path ? `${path}.${key}` : key);
    if (issue) return issue;
  }
  return undefined;
}

/** Thrown by the fetch of the checking client: the checks passed and the request was about to go. */
class Checked extends Error {}

/** Tokens of the checks whose request reached the checking client's fetch. */
const reached = new Set<string>();
let checks = 0;
let checking: Genway | undefined;

/** One client for every check; its fetch notes the check's token (a query parameter) and sends nothing. */
function checkingClient(): Genway {
  checking ??= new Genway({
    apiKey: "queue-check",
    baseURL: "http://queue-check.invalid",
    maxRetries: 0,
    logLevel: "off",
    fetch: (input) => {
      const token = new URL(input instanceof Request ? input.url : String(input)).searchParams.get(TOKEN);
      if (token) reached.add(token);
      return Promise.reject(new Checked());
    },
  });
  return checking;
}
const TOKEN = "genway-queue-check";

/**
 * Throws ValidationError when `operation` is unknown, when `params` is not plain JSON, or when the
 * client's checks refuse it. Nothing is sent: the checking client's fetch throws before any I/O.
 */
export async function checkJob(operation: GenerationOperation, params: unknown): Promise<void> {
  const op = operationNamed(operation);
  if (!op) {
    throw new ValidationError("queue.add", [
      {
        path: "operation",
        rule: "invalid_value",
        message: `must be one of ${operationNames().join(", ")}`,
      },
    ]);
  }
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    throw new ValidationError(operation, [
      {
        path: "(root)",
        rule: "invalid_type",
        message: `must be the operation's params object, got ${params === null ? "null" : Array.isArray(params) ? "an array" : typeof params}`,
      },
    ]);
  }
  const issue = notJson(params, "");
  if (issue) throw new ValidationError(operation, [issue]);
  const token = String(++checks);
  try {
    await op.submit(checkingClient(), params, { query: { [TOKEN]: token } });
  } catch (error) {
    if (!reached.has(token)) throw error;
  } finally {
    reached.delete(token);
  }
}
