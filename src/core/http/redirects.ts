/**
 * Redirects, followed by hand and only on a 3xx: fetch would carry custom auth headers such as
 * x-api-key to any host, and would POST a paid submission again on a 307. Every request is sent
 * with `redirect: "manual"`, so an answer that is no redirect (every normal one) costs one check.
 */
import { GenwayError } from "../errors/errors.js";
import { clip } from "../shared/redact.js";
import type { RetryPolicy } from "./retry.js";

/** Redirects one request follows at most: enough for a moved path, not for a loop. */
const MAX_REDIRECTS = 5;

export function isRedirect(response: Response): boolean {
  return response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400);
}

/**
 * Follows at most MAX_REDIRECTS redirects from `first` (a redirect), each only on the gateway's
 * `origin`. A 303, or a 301/302 after a POST, becomes a GET without the body (as fetch does). A paid
 * submission never follows a redirect that would send its body again (307, 308): the gateway may
 * already have charged it.
 */
export async function follow(
  first: Response,
  init: RequestInit,
  policy: RetryPolicy,
  origin: string,
  send: (url: string, init: RequestInit) => Promise<Response>,
): Promise<Response> {
  let response = first;
  let current = init;
  for (let hops = 0; isRedirect(response); hops++) {
    const target = sameOriginLocation(response, origin);
    const resends = response.status === 307 || response.status === 308;
    if (hops >= MAX_REDIRECTS) {
      throw new GenwayError(
        `Stopped after ${MAX_REDIRECTS} redirects (the last to ${target.host}): a redirect loop at the gateway.`,
      );
    }
    if (resends && current.body != null && policy === "paid") {
      throw new GenwayError(
        `Refused to follow a ${response.status} redirect of a paid submission to ${target.host}: it would send the request, and its charge, again. The gateway may have taken it already; check before submitting again.`,
      );
    }
    if (!resends && current.method !== "GET" && current.method !== "HEAD") {
      const { "content-type": _, ...headers } = current.headers as Record<string, string>;
      current = { ...current, method: "GET", body: undefined, headers };
    }
    await response.body?.cancel().catch(() => {});
    response = await send(target.href, current);
  }
  return response;
}

function sameOriginLocation(response: Response, origin: string): URL {
  const location = response.headers.get("location");
  let target: URL | undefined;
  try {
    target = location ? new URL(location, response.url || origin) : undefined;
  } catch {
    throw new GenwayError(
      `The gateway answered ${response.status} with a Location that is not a URL: ${clip(location ?? "", 200, "...")}`,
    );
  }
  if (!target || target.origin !== origin) {
    // Not a connection failure: retrying would only be refused again.
    throw new GenwayError(
      `Refused to follow a redirect ${target ? `to ${target.origin} ` : ""}away from the gateway origin: the API key is only ever sent to baseURL.`,
    );
  }
  return target;
}
