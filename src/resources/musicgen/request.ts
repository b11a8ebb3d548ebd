/**
 * How musicgen's plain (non-task) operations run: the checks happen inside the returned promise (a
 * ValidationError rejects it, as with the task submissions), and answers the spec does not show,
 * bare (upstream shape) or in the new-api envelope `{code: "success", message, data}`, give the payload.
 */

import type { Operation, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { type APIPromise, mapData } from "../../core/http/index.js";

/** The payload of a new-api envelope `{code, message, data}`; a bare (upstream) body as it is. */
export function payload(body: unknown): unknown {
  const b = body as { code?: unknown; data?: unknown } | null;
  return typeof b === "object" && b !== null && typeof b.code === "string" && "data" in b ? b.data : body;
}

/** Sends the declared operation and resolves to the payload of its answer. */
export function request<T, P>(
  client: TaskClientContext,
  op: Operation<P>,
  params: P,
  options: RequestOptions | undefined,
): APIPromise<T> {
  return mapData(client.transport.call<unknown, P>(op, params, options), (body) => payload(body) as T);
}
