/**
 * What one request to the gateway sends: its URL (the gateway's root, the path, the query), its
 * headers (Accept, the client's defaults, the key, the operation's and the caller's), its body (the
 * JSON text or the multipart form, with `extra_body`) and the key itself (a string, or a function
 * called per request, e.g. to rotate).
 */
import { APIConnectionError, isGenwayError, ValidationError } from "../errors/errors.js";
import { registerSecret, releaseSecret } from "../shared/redact.js";
import { unsendable } from "../validation/options.js";
import type { QueryValue, RequestSpec } from "./operation.js";

/** Headers as a `Headers` or a plain object; an `undefined` value removes a default header. */
export type HeadersLike = Headers | Record<string, string | undefined>;

/** What a request takes from the call's options (see RequestOptions). */
export interface RequestParts {
  headers?: HeadersLike | undefined;
  query?: Record<string, QueryValue> | undefined;
  extra_body?: Record<string, unknown> | undefined;
}

/** The Messages relay authenticates with x-api-key, as the Anthropic API does. */
const MESSAGES_PATH = /^\/v1\/messages(?:[/?]|$)/;

/** The request URL under `base` (ends with "/"); without query parameters a plain string (no URL object to parse). */
export function requestURL(
  base: string,
  spec: RequestSpec,
  options: RequestParts,
  defaultQuery: Record<string, QueryValue> | undefined,
): string {
  if (spec.url !== undefined) return spec.url;
  const path = base + (spec.path.startsWith("/") ? spec.path.slice(1) : spec.path);
  if (!defaultQuery && !spec.query && !options.query) return path;
  const url = new URL(path);
  const query = mergeQuery(defaultQuery, spec.query, options.query);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

/** The headers of a request carrying `key` (or its stand-in while middleware runs). */
export function requestHeaders(
  spec: RequestSpec,
  options: RequestParts,
  defaults: HeadersLike | undefined,
  key: string,
): Record<string, string> {
  const out: Record<string, string> = { accept: spec.accept ?? "application/json" };
  if (defaults) assign(out, defaults);
  out.authorization = `Bearer ${key}`;
  if (MESSAGES_PATH.test(spec.path)) out["x-api-key"] = key;
  if (spec.headers) assign(out, spec.headers);
  if (options.headers) assign(out, options.headers);
  return out;
}

/** The body to send (the content type set on `headers` for JSON), `extra_body` merged in. */
export function requestBody(
  spec: RequestSpec,
  options: RequestParts,
  headers: Record<string, string>,
): BodyInit | undefined {
  if (isForm(spec.body)) {
    const extra = spec.method === "GET" ? undefined : options.extra_body;
    return extra ? withExtraFields(spec.body, extra) : spec.body;
  }
  const body = spec.json ?? jsonText(spec, options);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  return body;
}

/**
 * The JSON text of a request's (not multipart) body with `extra_body` merged over it, or undefined
 * for no body. fetch cannot send a body on GET: there extra_body has nowhere to go and is left out.
 */
export function jsonText(spec: RequestSpec, options: RequestParts): string | undefined {
  const extra = spec.method === "GET" ? undefined : options.extra_body;
  if (spec.body === undefined && extra === undefined) return undefined;
  return JSON.stringify(extra ? { ...(spec.body as object | undefined), ...extra } : spec.body);
}

export function isForm(body: unknown): body is FormData {
  return typeof FormData !== "undefined" && body instanceof FormData;
}

/**
 * What is wrong with an API key, never quoting it: not a non-empty string, or a character fetch
 * cannot send in a header (a line break, a zero-width space or other invisible character copied
 * with it). fetch would refuse it only as the call runs, after its retries, as a connection error
 * that a budget counts as maybe billed.
 */
export function keyProblem(key: unknown): string | undefined {
  if (typeof key !== "string") return `must be a string or a function returning one, got ${typeof key}`;
  if (key === "") return "is empty";
  const problem = unsendable(key);
  return problem && `contains ${problem}: was an invisible character copied with the key?`;
}

/**
 * A usable key, or a ValidationError that never echoes it (and is not retried: the key will not
 * change). `where` names the client, `path` where the key came from (`apiKey()`: a key function's).
 */
export function checkKey(key: unknown, where: string, path = "apiKey"): void {
  const problem = keyProblem(key);
  if (problem !== undefined)
    throw new ValidationError(where, [{ path, rule: "api_key", message: problem }], "options");
}

/**
 * The key of an `apiKey` function, asked per request. Only the last two tokens it gave stay in the
 * redaction set: a token two rotations old is forgotten, as an ever-growing set would slow every
 * error down.
 */
export class RotatingKey {
  #tokens: string[] = [];

  constructor(private readonly source: () => string | Promise<string>) {}

  async get(): Promise<string> {
    let key: string;
    try {
      key = await this.source();
    } catch (error) {
      if (isGenwayError(error)) throw error;
      // A key vault that failed once may answer the next time: nothing was sent, so even a paid
      // call may be tried again (notSent), and a budget frees what it reserved.
      throw new APIConnectionError(
        `apiKey() failed, so nothing was sent: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error, notSent: true },
      );
    }
    checkKey(key, "client", "apiKey()");
    if (!this.#tokens.includes(key)) {
      registerSecret(key);
      this.#tokens.push(key);
      if (this.#tokens.length > 2) releaseSecret(this.#tokens.shift()!);
    }
    return key;
  }
}

/** A copy of `form` with `extra` appended (strings as they are, other values as JSON). */
function withExtraFields(form: FormData, extra: Record<string, unknown>): FormData {
  const out = new FormData();
  form.forEach((value, name) => {
    out.append(name, value);
  });
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) continue;
    if (typeof Blob !== "undefined" && value instanceof Blob) out.append(name, value);
    else out.append(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  return out;
}

function assign(target: Record<string, string>, source: HeadersLike): void {
  if (source instanceof Headers) {
    source.forEach((value, name) => {
      target[name] = value;
    });
    return;
  }
  for (const name of Object.keys(source)) {
    const value = source[name];
    const lower = name.toLowerCase();
    if (value === undefined) delete target[lower];
    else target[lower] = value;
  }
}

function mergeQuery(...parts: Array<Record<string, QueryValue> | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of parts) {
    if (!part) continue;
    for (const [name, value] of Object.entries(part)) {
      if (value === undefined) delete out[name];
      else out[name] = String(value);
    }
  }
  return out;
}
