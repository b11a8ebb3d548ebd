/** Reading a JSON body: under the idle clock, with error envelopes inside a 2xx thrown as typed errors. */
import { type Connection, toConnectionError } from "./connection.js";
import { errorFromBody } from "./decode-error.js";
import { MalformedResponseError } from "./errors.js";
import { IdleClock } from "./idle-clock.js";
import { clip } from "./redact.js";

/** Reads a JSON body and turns an error envelope inside a 2xx into its typed error. */
export async function readJson(connection: Connection): Promise<unknown> {
  const { response } = connection;
  let text: string;
  try {
    text = await readText(connection);
  } catch (error) {
    throw toConnectionError(error, connection.abortReason(), connection.idleTimeout);
  } finally {
    connection.release();
  }
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch (error) {
    throw new MalformedResponseError(
      `The gateway answered ${response.status} with a body that is not JSON.`,
      {
        status: response.status,
        body: clip(text, 500),
        requestId: connection.requestId,
        headers: response.headers,
        cause: error,
      },
    );
  }
  const envelopeError = errorFromBody(body, response.status, response.headers);
  if (envelopeError) throw envelopeError;
  return body;
}

/** Whether the response says it is JSON (e.g. an error envelope where a stream was asked for). */
export function isJson(response: Response): boolean {
  return /\bjson\b/i.test(response.headers.get("content-type") ?? "");
}

/** A JSON answer where an event stream was asked for: its error, or a MalformedResponseError. */
export async function rejectJson(connection: Connection): Promise<never> {
  const body = await readJson(connection);
  const { response } = connection;
  throw new MalformedResponseError(
    `Expected an event stream, but the gateway answered ${response.status} with JSON.`,
    { status: response.status, body, requestId: connection.requestId, headers: response.headers },
  );
}

/**
 * A whole body as text under the idle clock: every chunk restarts the window, so a large body that
 * keeps coming is never cut, while a silent one is. Cancelling the reader on abort ends a pending
 * read even when a custom fetch ignores the signal.
 */
async function readText(connection: Connection): Promise<string> {
  const body = connection.response.body;
  if (!body) return "";
  const reader = body.getReader();
  const signal = connection.controller.signal;
  const onAbort = () => reader.cancel().catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  const clock = new IdleClock(connection.idleTimeout, () => connection.abort("idle"));
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (done) return text + decoder.decode();
      clock.touch();
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clock.stop();
    signal.removeEventListener("abort", onAbort);
  }
}
