/**
 * An operation declared once, as data: where it goes, what checks its params, how its body is
 * prepared and how it may be retried. The transport validates, builds and sends from this one
 * declaration (`transport.call(op, params)`), so a resource method is one line over it.
 */
import type { Schema } from "../validation/schema.js";
import { checkParams, type ValidationMode, validate } from "../validation/validate.js";
import type { OperationMeter } from "./cost.js";
import type { RetryPolicy } from "./retry.js";

/** A query parameter value; `undefined` leaves the parameter out (or removes a default one). */
export type QueryValue = string | number | boolean | undefined;

/** What goes on the wire: the wire shape plus the billing policy of the operation. */
export interface RequestSpec {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /**
   * An absolute URL on the gateway's origin to send to instead of baseURL + `path` (a file the
   * gateway serves at an address it gave out, such as new-api's /v1/videos/{id}/content), as is.
   */
  url?: string | undefined;
  /** A JSON value, a FormData, or nothing. */
  body?: unknown;
  /**
   * The JSON body serialized (extra_body merged), when a budget already measured it for the call's
   * worst case: sent as it is, so the bytes priced are the bytes sent.
   */
  json?: string | undefined;
  policy: RetryPolicy;
  query?: Record<string, QueryValue> | undefined;
  accept?: string;
  /** Headers the operation sends by default (under the caller's per-call headers). */
  headers?: Record<string, string>;
}

/** One operation of the gateway, declared once; `P` is what the method takes. */
export interface Operation<P> {
  /** The method's name in ValidationError messages, e.g. `chat.completions.create`. */
  name: string;
  method: RequestSpec["method"];
  /** The path, or a function building it from the params with the `path` tag (ids as segments). */
  path: string | ((params: P) => string);
  /** `paid`: retried only when the gateway certainly did not take it; `idempotent`: chat, queries. */
  policy: RetryPolicy;
  /**
   * The schema the params must meet (skipped under `validation: 'off'`),
   * or a function choosing it from the params (undefined: nothing to check). It may throw a
   * ValidationError of its own.
   */
  schema?: Schema | ((params: P) => Schema | undefined);
  /**
   * The body from the checked params: renaming, encoding image fields, multipart. Default: the
   * params as given (none on GET).
   */
  body?: (params: P, mode: ValidationMode) => unknown;
  query?: Record<string, QueryValue>;
  /** The Accept header, or a function of the params (a `stream` flag). Default: JSON. */
  accept?: string | ((params: P) => string);
  headers?: Record<string, string>;
  /**
   * What the call bills, in the price table's units: with `answer` undefined, the worst case from
   * the params and `body`, the JSON to be sent (checked against a budget before sending); with the
   * answer (or a stream's assembled result), what it actually used. A chat format declares its
   * TokenBilling instead. Absent: not billed (queries).
   */
  meter?: OperationMeter<P>;
  /** The params field naming the model (fallback swaps it, pricing reads it). Default `model`. */
  modelField?: string;
}

/** Declares an operation (an identity: it only makes the params type flow into the functions). */
export function operation<P>(op: Operation<P>): Operation<P> {
  return op;
}

/** The model id the params name, if it is one string. */
export function modelOf<P>(op: Operation<P>, params: P): string | undefined {
  const model = (params as Record<string, unknown> | undefined)?.[op.modelField ?? "model"];
  return typeof model === "string" ? model : undefined;
}

/**
 * Checks `params` against `op` (unless validation is off), then builds its request: at once, or a
 * promise when the body must be read first (an upload source). The params of an operation with a
 * schema must be an object in every mode: nothing of them is read before that is known.
 */
export function specOf<P>(
  op: Operation<P>,
  params: P,
  mode: ValidationMode,
): RequestSpec | Promise<RequestSpec> {
  if (op.schema) checkParams(op.name, params);
  const schema = typeof op.schema === "function" ? op.schema(params) : op.schema;
  if (schema) validate(schema, params, op.name, mode);
  const path = typeof op.path === "function" ? op.path(params) : op.path;
  const body = op.body ? op.body(params, mode) : op.method === "GET" ? undefined : params;
  const accept = typeof op.accept === "function" ? op.accept(params) : op.accept;
  return body instanceof Promise
    ? body.then((read) => request(op, path, read, accept))
    : request(op, path, body, accept);
}

function request<P>(op: Operation<P>, path: string, body: unknown, accept: string | undefined): RequestSpec {
  const spec: RequestSpec = { method: op.method, path, policy: op.policy };
  if (body !== undefined) spec.body = body;
  if (op.query) spec.query = op.query;
  if (accept) spec.accept = accept;
  if (op.headers) spec.headers = op.headers;
  return spec;
}

/** The media type of a server-sent event stream. */
export const EVENT_STREAM = "text/event-stream";

/** What to accept for a call whose `stream` flag chooses between one JSON body and an event stream. */
export function accepts(params: { stream?: boolean | null | undefined } | undefined): string {
  return params?.stream === true ? EVENT_STREAM : "application/json";
}
