/**
 * Downloads of result URLs (generated images now; video and music files later) as a streaming
 * BinaryResponse.
 *
 * Security: the API key belongs to baseURL alone. Result URLs point at CDNs and object stores that
 * are not the gateway, so a download sends no Authorization header, none of the client's
 * defaultHeaders or defaultQuery (they may carry credentials too) and no cookies. It does use the
 * client's fetch (proxies, tests, the mock gateway) and its clocks and retry count.
 */
import { APIPromise, type WithResponse } from "./api-promise.js";
import { BinaryResponse } from "./binary.js";
import { decodeError } from "./decode-error.js";
import { APITimeoutError, APIUserAbortError, ValidationError } from "./errors.js";
import { requestIdFrom } from "./request-id.js";
import { isRetryable, retryDelay, sleep } from "./retry.js";
import { type Connection, toConnectionError } from "./transport.js";

/** Per-call options of a download. */
export interface DownloadOptions {
  signal?: AbortSignal | undefined;
  /** ms until response headers, per attempt. Default 600 000 (or the client's). */
  timeout?: number | undefined;
  /** ms allowed between two chunks of the body. Default 120 000 (or the client's). */
  idleTimeout?: number | undefined;
  /** Retries of connection failures, 408/409/429 and 5xx (a download is a GET: safe to repeat). Default 2. */
  maxRetries?: number | undefined;
}

/** What a client lends a download: its fetch and defaults, never its key. */
export interface DownloadConfig extends DownloadOptions {
  /** The fetch to download with (the client's, when `gw` downloads). Default: `globalThis.fetch`. */
  fetch?: typeof fetch | undefined;
}

/** Error bodies of file hosts (XML from object stores, HTML from CDNs) are read up to this much. */
const MAX_ERROR_BODY = 64 * 1024;

/**
 * GETs `url` and resolves once the headers arrive, with the body still streaming. A non-2xx answer
 * becomes the matching APIError (404 NotFoundError, 403 PermissionDeniedError...). Only http(s)
 * URLs are accepted: a `data:` or `file:` URL is not a result to download.
 */
export function download(url: string | URL, options: DownloadConfig = {}): APIPromise<BinaryResponse> {
  return new APIPromise(run(url, options));
}

async function run(url: string | URL, options: DownloadConfig): Promise<WithResponse<BinaryResponse>> {
  const target = parseURL(url);
  const maxRetries = options.maxRetries ?? 2;
  for (let attempt = 0; ; attempt++) {
    try {
      const connection = await attemptOnce(target, options);
      return {
        data: new BinaryResponse(connection),
        response: connection.response,
        requestId: connection.requestId,
      };
    } catch (error) {
      if (attempt >= maxRetries || !isRetryable(error, "idempotent")) throw error;
      await sleep(
        retryDelay(attempt + 1, (error as { retryAfterMs?: number }).retryAfterMs),
        options.signal,
      ).catch(() => {
        throw new APIUserAbortError();
      });
    }
  }
}

function parseURL(url: string | URL): URL {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) {
    throw new ValidationError("download", [
      {
        path: "url",
        rule: "invalid_url",
        message: `must be an absolute http(s) URL, got ${JSON.stringify(String(url).slice(0, 100))}`,
      },
    ]);
  }
  return parsed;
}

async function attemptOnce(url: URL, options: DownloadConfig): Promise<Connection> {
  const userSignal = options.signal;
  if (userSignal?.aborted) throw new APIUserAbortError();
  const controller = new AbortController();
  let reason: "user" | "idle" | "timeout" | undefined;
  const onUserAbort = () => {
    reason ??= "user";
    controller.abort(userSignal?.reason);
  };
  userSignal?.addEventListener("abort", onUserAbort, { once: true });
  const release = () => userSignal?.removeEventListener("abort", onUserAbort);
  const timeout = options.timeout ?? 600_000;
  const timer =
    timeout > 0 && Number.isFinite(timeout)
      ? setTimeout(() => {
          reason ??= "timeout";
          controller.abort();
        }, timeout)
      : undefined;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    // Deliberately bare: no Authorization, no client headers, no cookies (see the file comment).
    response = await fetchImpl(url.href, {
      method: "GET",
      headers: { accept: "*/*" },
      credentials: "omit",
      redirect: "follow",
      signal: controller.signal,
    });
  } catch (error) {
    release();
    if (reason === "timeout") throw new APITimeoutError("response", timeout, { cause: error });
    throw toConnectionError(error, reason === "user" ? "user" : undefined, timeout);
  } finally {
    clearTimeout(timer);
  }
  const requestId = requestIdFrom(response.headers);
  if (!response.ok) {
    release();
    const text = await readText(response, MAX_ERROR_BODY);
    throw decodeError({ status: response.status, body: text, headers: response.headers, requestId });
  }
  return {
    response,
    requestId,
    controller,
    idleTimeout: options.idleTimeout ?? 120_000,
    abortReason: () =>
      reason === "user" || reason === "idle" ? reason : controller.signal.aborted ? "user" : undefined,
    abort: (why) => {
      reason ??= why;
      controller.abort();
    },
    release,
  };
}

/** At most `limit` characters of an error body; a cut or failing body still leaves the status to report. */
async function readText(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Keep what arrived.
  } finally {
    reader.cancel().catch(() => {});
  }
  return text.slice(0, limit);
}
