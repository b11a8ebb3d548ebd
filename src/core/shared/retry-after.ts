/**
 * How long the server asked us to wait before retrying, in milliseconds.
 *
 * `retry-after-ms` (the OpenAI/Azure extension) is exact, so it wins; then `Retry-After`, which
 * RFC 9110 allows as delay-seconds or an HTTP-date. Fractional seconds are accepted because real
 * servers send them. Anything unreadable, negative or already past gives undefined, so the caller
 * falls back to its own backoff instead of trusting a bogus value.
 */
const DECIMAL = /^\d+(?:\.\d+)?$/;
// Every HTTP-date form (IMF-fixdate, RFC 850, asctime) starts with a day name. Without this guard
// Date.parse would read "12" or "3 4" as dates.
const HTTP_DATE = /^[A-Za-z]{3}/;

export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (typeof headers?.get !== "function") return undefined;
  const ms = decimal(headers.get("retry-after-ms"));
  if (ms !== undefined) return Math.ceil(ms);
  const raw = headers.get("retry-after")?.trim();
  if (!raw) return undefined;
  const seconds = decimal(raw);
  if (seconds !== undefined) return Math.ceil(seconds * 1000);
  if (!HTTP_DATE.test(raw)) return undefined;
  const delta = Date.parse(raw) - now;
  return Number.isFinite(delta) && delta >= 0 ? Math.ceil(delta) : undefined;
}

function decimal(value: string | null): number | undefined {
  const text = value?.trim();
  if (!text || !DECIMAL.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
