/**
 * Requests to URLs that are not the gateway: result files on a CDN or object store, presigned
 * upload targets. The API key belongs to baseURL alone, so these send no Authorization header,
 * none of the client's defaultHeaders or defaultQuery (they may carry credentials too) and no
 * cookies. They do use the client's fetch (proxies, tests, the mock gateway) and its clocks.
 */

import { MalformedResponseError, ValidationError } from "../errors/errors.js";
import { type Connection, failureOf, openConnection } from "../http/connection.js";
import { type FetchOptions, fetchInit } from "../http/runtime-fetch.js";
import { DEFAULTS } from "../shared/defaults.js";
import { clip } from "../shared/redact.js";

/** What a client lends a foreign request: its fetch and clocks, never its key. */
export interface ForeignConfig {
  /**
   * The fetch to use (the client's, when `gw` makes the request).
   * @default globalThis.fetch
   */
  fetch?: typeof fetch | undefined;
  /**
   * Passed to the fetch (a proxy's `dispatcher` ...), under the fields genway sets (the client's, when `gw` makes the request).
   * @default none
   */
  fetchOptions?: FetchOptions | undefined;
  /**
   * Aborts the request with APIUserAbortError.
   * @default none
   */
  signal?: AbortSignal | undefined;
  /**
   * ms until response headers, per attempt.
   * @default the client's `timeout` (without a client, that option's default)
   */
  timeout?: number | undefined;
  /**
   * ms allowed between two chunks of the body.
   * @default the client's `idleTimeout` (without a client, that option's default)
   */
  idleTimeout?: number | undefined;
}

export interface ForeignInit {
  method: "GET" | "PUT" | "POST";
  body?: BodyInit | undefined;
  headers?: Record<string, string> | undefined;
}

/** Opens `url` bare (see the file comment); a non-2xx answer becomes its typed error. */
export async function openForeign(url: URL, init: ForeignInit, config: ForeignConfig): Promise<Connection> {
  const send = config.fetch ?? globalThis.fetch;
  const extras = fetchInit(config.fetchOptions);
  const connection = await openConnection(
    url.href,
    (signal) =>
      send(
        url.href,
        extras(
          send,
          {
            method: init.method,
            body: init.body,
            headers: { accept: "*/*", ...init.headers },
            credentials: "omit",
            redirect: "follow",
            signal,
          },
          undefined,
        ),
      ),
    {
      signal: config.signal,
      timeout: config.timeout ?? DEFAULTS.timeout,
      idleTimeout: config.idleTimeout ?? DEFAULTS.idleTimeout,
    },
  );
  if (!connection.response.ok) throw await failureOf(connection);
  return connection;
}

/** An absolute http(s) URL, or a ValidationError: a `data:` or `file:` URL is not a foreign resource. */
export function httpURL(url: string | URL, operation: string): URL {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) {
    throw new ValidationError(operation, [
      {
        path: "url",
        rule: "invalid_url",
        message: `must be an absolute http(s) URL, got ${JSON.stringify(String(url).slice(0, 100))}`,
      },
    ]);
  }
  return parsed;
}

/**
 * A URL the gateway handed out (a presigned upload target) as an absolute http(s) URL, else a
 * MalformedResponseError naming the step: a relative or `file:` URL is a broken answer, not the
 * caller's mistake, and must not surface as the URL parser's TypeError.
 */
export function givenURL(url: unknown, operation: string): URL {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === "string" || url instanceof URL ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) {
    throw new MalformedResponseError(
      `${operation}: the gateway gave no absolute http(s) URL to send to, got ${clip(JSON.stringify(url) ?? String(url), 200, "...")}`,
    );
  }
  return parsed;
}
