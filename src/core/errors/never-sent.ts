/** The mark of an error raised before its request reached fetch: nothing was sent, so nothing was billed. */

/** The mark of an error thrown before its request was handed to fetch (see neverSent). */
const NEVER_SENT = Symbol.for("genway.neverSent");

/**
 * Marks `error` as thrown before its request was handed to fetch (a middleware refusing before
 * `next()`, a request a middleware moved off the gateway, a failing `apiKey()`, a build or encoding
 * failure), and returns it. The mark is a symbol (not printed, not in toJSON) that survives two
 * copies of the package in one process; a frozen or primitive error cannot carry it.
 */
export function neverSent<E>(error: E): E {
  if (typeof error === "object" && error !== null && Object.isExtensible(error)) {
    Object.defineProperty(error, NEVER_SENT, { value: true });
  }
  return error;
}

/** Whether `error` carries the {@link neverSent} mark. */
export function wasNeverSent(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[NEVER_SENT] === true
  );
}
