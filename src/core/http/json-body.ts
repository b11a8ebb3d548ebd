/**
 * Reading a JSON body: under the idle clock, with error envelopes inside a 2xx thrown as typed
 * errors, and a web page where JSON belongs named for what it is.
 */

import { errorFromBody } from "../errors/decode-error.js";
import { MalformedResponseError } from "../errors/errors.js";
import { baseURLAdvice } from "../shared/base-url.js";
import { clip } from "../shared/redact.js";
import {
  bodyClock,
  bodyFailure,
  type Connection,
  MAX_ERROR_BODY,
  readText,
  wholeText,
} from "./connection.js";

/** Reads a JSON body and turns an error envelope inside a 2xx into its typed error. */
export async function readJson(
  connection: Connection,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<unknown> {
  const { response } = connection;
  let text: string;
  try {
    // A small body (every usual answer) is one read inside fetch, awaited here: one step less.
    text = await (wholeText(connection, maxBytes) ??
      readText(connection, Number.POSITIVE_INFINITY, "throw", maxBytes));
  } catch (error) {
    throw bodyFailure(connection, error);
  } finally {
    bodyClock(connection).stop();
    connection.release();
  }
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch (error) {
    if (isHtml(response, text)) throw htmlPage(connection, text);
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

/** What {@link htmlPage} errors carry as `type`: the answer was a web page, not the API. */
const HTML_PAGE = "html_page";

/**
 * Whether an answer is a web page: it says `text/html`, or (when `text` is given) its body opens
 * like one. A relay answers every path it does not route outside /v1, /api and /assets with its
 * dashboard, 200 text/html (new-api router/web-router.go, SetWebRouter's NoRoute; one-api 204f2ae0c
 * router/web.go, SetWebRouter's NoRoute, the same outside /v1 and /api).
 */
export function isHtml(response: Response, text?: string): boolean {
  if (/\btext\/html\b/i.test(response.headers.get("content-type") ?? "")) return true;
  return text !== undefined && /^\s*<(?:!doctype\s+html|html)[\s>]/i.test(text);
}

/**
 * The error of a web page where the API was expected: never data, never retried (the same URL
 * answers the same page), and named for the usual cause, a baseURL that is not the API root (a
 * dashboard or console address), with the URL tried and the same advice a wrong prefix's 404 gives.
 * A MalformedResponseError with `type: "html_page"`; task waits tell it apart by that type.
 */
function htmlPage(connection: Connection, text: string): MalformedResponseError {
  const { response } = connection;
  const title = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(text.slice(0, 4000))?.[1]?.trim();
  const page = title ? `an HTML page ("${title}")` : "an HTML page";
  return new MalformedResponseError(
    `The gateway answered ${response.status} with ${page}, not the API. ${baseURLAdvice(connection.url)}`,
    {
      status: response.status,
      type: HTML_PAGE,
      body: clip(text, 500),
      requestId: connection.requestId,
      headers: response.headers,
    },
  );
}

/** Whether `error` is a {@link htmlPage} error: the URL it tried is no route of the API. */
export function isHtmlPage(error: unknown): boolean {
  return error instanceof MalformedResponseError && error.type === HTML_PAGE;
}

/** Reads (at most 64 KB of) a web page where a stream or a file was asked for, and throws its error. */
export async function rejectHtml(connection: Connection): Promise<never> {
  let text: string;
  try {
    text = await readText(connection, MAX_ERROR_BODY, "keep");
  } finally {
    connection.release();
  }
  throw htmlPage(connection, text);
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
    throw bodyFailure(connection, error);
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
