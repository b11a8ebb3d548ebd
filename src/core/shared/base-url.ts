/**
 * The gateway's root, however the user wrote it, and the one sentence every "this is not the
 * gateway" failure ends with (a 404 on a doubled prefix, a relay's dashboard page answering an
 * unrouted path with HTML): both mean the same mistake, so both give the same advice.
 */

/**
 * `baseURL` as genway appends paths to it: without trailing slashes and without one trailing `/v1`,
 * so the OpenAI-style value users already have (`https://host/v1`) reaches the same paths as the
 * root (`https://host`): every operation's path starts with its own version (/v1, /v1beta, /v2,
 * /vidgen/v1, /musicgen).
 */
export function gatewayRoot(baseURL: string): string {
  return baseURL.replace(/\/+$/, "").replace(/\/v1$/i, "");
}

/**
 * Advice for an answer that shows `url` is not a gateway route: names the URL tried (never a
 * query string, which may carry a key) and what baseURL should be.
 */
export function baseURLAdvice(url: string): string {
  return `Tried ${withoutQuery(url)}. Check baseURL: it must be the gateway's API root (e.g. https://gateway.example.com, with or without /v1), not a dashboard, console or docs address.`;
}

function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** `url` with any user name and password replaced by `***` (for messages: they are secrets). */
function withoutUserinfo(url: string): string {
  return url.replace(
    /^([a-z][a-z0-9+.-]*:\/\/)?[^/?#@]*@/i,
    (_, scheme: string | undefined) => `${scheme ?? ""}***@`,
  );
}

/**
 * What is wrong with `baseURL`, or undefined: it must be an absolute http(s) URL with no user
 * name or password (fetch refuses such URLs, and each error would then print the password) and no
 * query string or fragment (every API path is appended to the baseURL, so it would land inside
 * them). The message never prints the user info.
 */
export function baseURLProblem(baseURL: string): string | undefined {
  let url: URL | undefined;
  try {
    url = /^https?:\/\//i.test(baseURL) ? new URL(baseURL) : undefined;
  } catch {
    url = undefined;
  }
  const shown = withoutUserinfo(withoutQuery(baseURL));
  if (!url) return `must be an http(s) URL, got ${JSON.stringify(withoutUserinfo(baseURL))}`;
  if (url.username || url.password || shown !== withoutQuery(baseURL))
    return `must not hold a user name or password (${shown}): fetch refuses it; send credentials as a header with defaultHeaders`;
  if (shown !== baseURL)
    return `must not hold a query string or fragment (${shown} is the root, every API path is appended to it): add query parameters to every request with defaultQuery`;
  return undefined;
}
