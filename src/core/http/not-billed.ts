/**
 * Whether a failed call was certainly not billed: the one rule the budget (its reservation freed),
 * `gw.costs` (not counted) and genway/queue (a submission that need not be checked) share.
 */
import { BudgetExceededError } from "../errors/budget-exceeded.js";
import { APIConnectionError, APIError, APITimeoutError, ValidationError } from "../errors/errors.js";
import { wasNeverSent } from "../errors/never-sent.js";
import { isHtmlPage } from "./json-body.js";

/**
 * Whether a failed call was certainly not billed, so nothing it sent was created: never handed to
 * fetch (see neverSent), refused by fetch before it sent anything (a header value it cannot
 * encode, a fetch option it refuses, a blocked port), refused before sending, answered by a web page (the relay's dashboard answers every
 * path the API does not have: nothing there bills), or turned away with a 4xx or a 503 (the relay
 * refunds what it pre-charged when it fails a request: new-api 116255f07 controller/relay.go, func
 * Relay's deferred refund, and RelayTask's `Billing.Refund`). An error inside a 200 body, a
 * timeout, a connection lost after sending, another 5xx, a refused 307/308 or a middleware that
 * threw after `next()` may have been billed.
 */
export function certainlyNotBilled(error: unknown): boolean {
  if (wasNeverSent(error) || isHtmlPage(error)) return true;
  if (error instanceof ValidationError || error instanceof BudgetExceededError) return true;
  if (error instanceof APITimeoutError) return false;
  if (error instanceof APIConnectionError) return error.notSent || refusedByFetch(error.cause);
  if (!(error instanceof APIError) || error.status === undefined) return false;
  // A 4xx refuses the request before any work, and a 503 says no channel can take it (new-api's
  // maintenance and "no available channel"). Any other 5xx may come from a proxy in front of the
  // relay (a 502, a 504 after its own timeout) while the relay still takes and bills the request.
  return (error.status >= 400 && error.status < 500) || error.status === 503;
}

/**
 * What fetch throws when it refuses to build or start a request, before any byte leaves: a header
 * value that is no ByteString (Node's undici, browsers' "Invalid value"), a URL it cannot parse or
 * that carries credentials, a fetch option the Request constructor refuses (undici: "… is not an
 * accepted type", "Request constructor: …"; Chrome: "Failed to execute 'fetch' …", "not a valid
 * enum value"; Firefox: "not a valid value for enumeration"). A network failure is another TypeError
 * ("fetch failed" in undici, "Failed to fetch" in browsers) and is not matched.
 */
const REFUSED =
  /ByteString|invalid header|Invalid value|Invalid URL|Failed to parse URL|includes credentials|is not an accepted type|Request constructor|Failed to (?:construct 'Request'|execute 'fetch')|is not a valid (?:enum value|value for enumeration)|is not a valid URL/i;

/**
 * What undici's "fetch failed" wraps when fetch refused to start the request: a port the Fetch
 * standard blocks ("bad port"), or a `dispatcher` it could not call (its TypeError, "….dispatch is
 * not a function"). A network failure wraps a system error (ECONNREFUSED, ECONNRESET) or one of
 * undici's own (SocketError, ConnectTimeoutError), none of these.
 */
const NOT_STARTED = /^(?:bad port|\S+\.dispatch is not a function)$/;

function refusedByFetch(cause: unknown): boolean {
  if (!(cause instanceof TypeError)) return false;
  if (REFUSED.test(cause.message)) return true;
  const inner = (cause as { cause?: unknown }).cause;
  return inner instanceof Error && NOT_STARTED.test(inner.message);
}
