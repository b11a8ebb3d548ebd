/**
 * Downloads of result URLs (generated images, video and music files) as a streaming
 * BinaryResponse, with no key sent (see core/foreign.ts). A download is a GET: safe to retry.
 */
import { APIPromise } from "../http/api-promise.js";
import { withRetries } from "../http/retry.js";
import { DEFAULTS } from "../shared/defaults.js";
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
export interface DownloadConfig extends DownloadOptions, ForeignConfig {
  /**
   * ms the first retry waits when the server gave no Retry-After (see GenwayOptions.retryDelay).
   * @default the client's `retryDelay` (without a client, that option's default)
   */
  retryDelay?: number | undefined;
}

/**
 * GETs `url` and resolves once the headers arrive, with the body still streaming. A non-2xx answer
 * becomes the matching APIError (404 NotFoundError, 403 PermissionDeniedError...). Only http(s)
 * URLs are accepted.
 */
export function download(url: string | URL, config: DownloadConfig = {}): APIPromise<BinaryResponse> {
  return new APIPromise(
    (async () => {
      const target = httpURL(url, "download");
      return withRetries(
        async () => {
          const connection = await openForeign(target, { method: "GET" }, config);
          return {
            data: new BinaryResponse(connection),
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
          maxRetries: config.maxRetries ?? DEFAULTS.maxRetries,
          maxRetryAfter: DEFAULTS.maxRetryAfter,
          retryDelay: config.retryDelay,
          signal: config.signal,
        },
      );
    })(),
  );
}
