/**
 * Finds the id a support desk needs to trace a request, wherever the gateway put it.
 *
 * `X-Oneapi-Request-Id` comes first: new-api/one-api set it to their own id and never copy it from
 * upstream, while they DO copy the upstream's `x-request-id` (OpenAI) and `request-id` (Anthropic),
 * so those may name a request the gateway operator cannot look up. `cf-ray` is a CDN hop id, not a
 * request id, and is ignored.
 */
const HEADERS = ["x-oneapi-request-id", "x-request-id", "request-id", "x-requestid", "x-amzn-requestid"];
// new-api appends " (request id: <id>)" to its messages, once per relay hop; the last is the outermost.
const SUFFIX = /\(request id: ([A-Za-z0-9][\w.-]*)\)/gi;

export function requestIdFrom(headers: Headers | undefined, body?: unknown): string | undefined {
  if (typeof headers?.get === "function") {
    for (const name of HEADERS) {
      const value = headers.get(name)?.trim();
      if (value) return value;
    }
  }
  if (typeof body === "string") return fromMessage(body);
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.request_id === "string" && b.request_id) return b.request_id; // vidgen envelopes
  const error = b.error;
  const inner =
    typeof error === "object" && error !== null ? (error as Record<string, unknown>).message : undefined;
  return fromMessage(inner ?? b.message ?? b.msg);
}

/** The id in the last "(request id: X)" suffix of a message. */
function fromMessage(message: unknown): string | undefined {
  if (typeof message !== "string") return undefined;
  let id: string | undefined;
  for (const match of message.matchAll(SUFFIX)) id = match[1];
  return id;
}

/** The request id a failure carries, if any. */
export function requestIdOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null
    ? (error as { requestId?: string }).requestId
    : undefined;
}
