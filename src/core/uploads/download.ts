/**
 * Downloads of result URLs (generated images, video and music files) as a streaming
 * BinaryResponse. A file host (a CDN, an object store, the gateway's own file host) gets no key
 * (see core/foreign.ts); a file the gateway's API serves itself (new-api's /v1/videos/{id}/content
 * for a veo video) needs the key, and gets it through the client's transport: the key never goes
 * anywhere else. A download is a GET: safe to retry.
 */
import { APIPromise } from "../http/api-promise.js";
import type { ClientContext } from "../http/client-context.js";
import { withRetries } from "../http/retry.js";
import { DEFAULTS } from "../shared/defaults.js";
import { type OptionChecks, option } from "../validation/options.js";
import { BinaryResponse } from "./binary.js";
import { type ForeignConfig, httpURL, openForeign } from "./foreign.js";

/** Per-call options of a download. */
export interface DownloadOptions {
  /**
   * Aborts the download with APIUserAbortError.
   * @default none
   */
  signal?: AbortSignal | undefined;
  /**
   * ms until response headers, per attempt.
   * @default the client's `timeout`
   */
  timeout?: number | undefined;
  /**
   * ms allowed between two chunks of the body.
   * @default the client's `idleTimeout`
   */
  idleTimeout?: number | undefined;
  /**
   * Retries of connection failures, 408/409/429 and 5xx.
   * @default the client's `maxRetries`
   */
  maxRetries?: number | undefined;
}

/** What a client lends a download: its fetch and defaults, never its key. */
/** Every option of a download, with its check (as a call's options are checked). */
export const DOWNLOAD_OPTIONS = {
  signal: option.signal,
  timeout: option.clock,
  idleTimeout: option.clock,
  maxRetries: option.count,
} as const satisfies OptionChecks<keyof DownloadOptions>;

export interface DownloadConfig extends DownloadOptions, ForeignConfig {
  /**
   * ms the first retry waits when the server gave no Retry-After (see GenwayOptions.retryDelay).
   * @default the client's `retryDelay` (without a client, that option's default)
   */
  retryDelay?: number | undefined;
  /**
   * A genway client: its fetch, fetchOptions and clocks are used (the options above override
   * them), and a URL of its gateway's API (under baseURL's /v1/, as new-api's video content URL)
   * is fetched with its key, as such a file requires. A URL anywhere else never gets the key.
   * @default none (no key is ever sent)
   */
  client?: ClientContext | undefined;
}

/**
 * GETs `url` and resolves once the headers arrive, with the body still streaming. A non-2xx answer
 * becomes the matching APIError (404 NotFoundError, 403 PermissionDeniedError...). Only http(s)
 * URLs are accepted.
 */
export function download(url: string | URL, config: DownloadConfig = {}): APIPromise<BinaryResponse> {
  let target: URL;
  try {
    target = httpURL(url, "download");
  } catch (error) {
    return new APIPromise<BinaryResponse>(Promise.reject(error));
  }
  const { client, ...own } = config;
  const transport = client?.transport;
  if (transport?.servesWithKey(target)) {
    const { signal, timeout, idleTimeout, maxRetries } = own;
    return transport.connect(
      { method: "GET", path: target.pathname, url: target.href, policy: "idempotent", accept: "*/*" },
      { signal, timeout, idleTimeout, maxRetries },
      BinaryResponse.open,
    );
  }
  const options: DownloadConfig = transport ? { ...transport.foreignConfig, ...defined(own) } : own;
  return new APIPromise(
    withRetries(
      async () => {
        const connection = await openForeign(target, { method: "GET" }, options);
        return {
          data: await BinaryResponse.open(connection),
          response: connection.response,
          requestId: connection.requestId,
          // A result URL is the gateway's CDN, not the gateway: nothing to price.
          model: undefined,
          cost: null,
          costReason: "a download of a result is not billed",
        };
      },
      {
        policy: "idempotent",
        maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
        maxRetryAfter: DEFAULTS.maxRetryAfter,
        retryDelay: options.retryDelay,
        signal: options.signal,
      },
    ),
  );
}

/** The options given a value (an option left undefined keeps the client's). */
function defined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
