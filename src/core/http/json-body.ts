/** Reading a JSON body: under the idle clock, with error envelopes inside a 2xx thrown as typed errors. */

import { errorFromBody } from "../errors/decode-error.js";
import { MalformedResponseError } from "../errors/errors.js";
import { type Connection, MAX_ERROR_BODY, readText, toConnectionError } from "./connection.js";
import { clip } from "./redact.js";

/** Reads a JSON body and turns an error envelope inside a 2xx into its typed error. */
export async function readJson(
  connection: Connection,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<unknown> {
  const { response } = connection;
  let text: string;
  try {
    text = await readText(connection, Number.POSITIVE_INFINITY, "throw", maxBytes);
  } catch (error) {
    throw toConnectionError(error, connection.abortReason(), connection.idleTimeout, connection.where?.());
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

/**
 * A JSON answer where a stream or a file was asked for: the gateway's way of failing with a 2xx.
 * Throws its typed error, or a MalformedResponseError when it is no error envelope. At most 64 KB
 * are read: no real envelope is longer.
 */
export async function rejectJson(connection: Connection, expected: string): Promise<never> {
  const { response, requestId } = connection;
  let text: string;
  try {
    text = await readText(connection, MAX_ERROR_BODY);
  } catch (error) {
    throw toConnectionError(error, connection.abortReason(), connection.idleTimeout, connection.where?.());
  } finally {
    connection.release();
  }
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not even JSON: reported below with the text.
  }
  throw (
    errorFromBody(body, response.status, response.headers) ??
    new MalformedResponseError(
      `Expected ${expected}, but the gateway answered ${response.status} with JSON.`,
      {
        status: response.status,
        body: clip(text, 500),
        requestId,
        headers: response.headers,
      },
    )
  );
}

/**
 * The typed error for a 2xx body that parsed but cannot be used (null, a string, a list where a
 * record belongs): names the operation and keeps a bounded excerpt, never a TypeError from inside.
 */
export function unusableBody(
  operation: string,
  body: unknown,
  what = "a body it cannot use",
): MalformedResponseError {
  let text: string;
  try {
    text = body === undefined ? "(empty)" : (JSON.stringify(body) ?? String(body));
  } catch {
    text = String(body);
  }
  return new MalformedResponseError(
    `The gateway answered ${operation} with ${what}: ${clip(text, 200, "...")}`,
    {
      body: clip(text, 500),
    },
  );
}
