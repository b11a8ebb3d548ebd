/**
 * Both ends of a stream passed from a server to a page: the events encoded as a route's body
 * (newline-delimited JSON, or server-sent events in the format's own framing), and such a body
 * read back as a connection, so that the page's stream is read by the same code as the server's.
 */
import { errorFromBody } from "../errors/decode-error.js";
import { APIError, ValidationError } from "../errors/errors.js";
import type { Connection } from "../http/connection.js";

/** How `toReadableStream()` encodes the events. */
export interface ReadableStreamOptions {
  /**
   * `"ndjson"`: one JSON event per line, as openai-node's `toReadableStream()` writes them; an
   * error ends the body with that error. `"sse"`: server-sent events in the format's own framing
   * (`data:` lines; named events for Messages and Responses; `data: [DONE]` at the end of a chat
   * stream), and an error as the format's error event, so the page's stream throws it typed. Serve
   * it as `text/event-stream`. `fromReadableStream()` reads both.
   * @default "ndjson"
   */
  format?: "ndjson" | "sse";
}

/** A format's server-sent-event framing, as its upstream writes it. */
export interface SSEFraming {
  /** Each event goes out named by its `type` (Messages, Responses); else as `data:` alone (chat, native). */
  named: boolean;
  /** The data of the event that ends the stream (chat's `[DONE]`), if the format has one. */
  last?: string;
}

const FORMATS: ReadonlySet<unknown> = new Set(["ndjson", "sse"]);

/**
 * The events of `iterator` as a body. Each pull reads one event; cancelling the body (the page
 * went away) returns the iterator, which closes the request upstream.
 */
export function encodeEvents<E>(
  iterator: AsyncIterator<E>,
  framing: SSEFraming,
  options: ReadableStreamOptions = {},
): ReadableStream<Uint8Array> {
  const format = options.format ?? "ndjson";
  if (!FORMATS.has(format)) {
    throw new ValidationError(
      "toReadableStream",
      [
        {
          path: "format",
          rule: "one_of",
          message: `must be "ndjson" or "sse", got ${JSON.stringify(format)}`,
        },
      ],
      "options",
    );
  }
  const sse = format === "sse" ? framing : undefined;
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (!done) controller.enqueue(encoder.encode(sse ? frame(sse, value) : `${JSON.stringify(value)}\n`));
        else {
          if (sse?.last !== undefined) controller.enqueue(encoder.encode(`data: ${sse.last}\n\n`));
          controller.close();
        }
      } catch (error) {
        if (!sse) return controller.error(error);
        controller.enqueue(encoder.encode(frame(sse, errorEvent(error), "error")));
        controller.close();
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** One server-sent event; a name that could break the framing (a line break) is left out. */
function frame(framing: SSEFraming, event: unknown, name?: string): string {
  const data = JSON.stringify(event);
  const type = name ?? (framing.named ? (event as { type?: unknown }).type : undefined);
  return typeof type === "string" && framing.named && !/[\r\n]/.test(type)
    ? `event: ${type}\ndata: ${data}\n\n`
    : `data: ${data}\n\n`;
}

/**
 * An error as an event every format's reader throws typed: the upstream's own error payload when
 * the error came from one (it decodes to the same class on the page), else an Anthropic-style
 * envelope with the error's type and message.
 */
function errorEvent(error: unknown): unknown {
  if (error instanceof APIError && errorFromBody(error.body) !== undefined) return error.body;
  const { name, message, type, code } = (error ?? {}) as Partial<APIError>;
  return {
    type: "error",
    error: {
      type: typeof type === "string" ? type : (name ?? "error"),
      message: typeof message === "string" ? message : String(error),
      ...(code === undefined ? {} : { code }),
    },
  };
}

/**
 * A body the page received from a server route (`toReadableStream()`, either format), as the
 * connection a stream is read from. No idle clock (the server's stream keeps its own); aborting it
 * cancels the body, which ends the page's request, and the server's route then closes its own.
 */
export function readableConnection(body: unknown, operation: string): Connection {
  const invalid = (message: string) =>
    new ValidationError(operation, [{ path: "body", rule: "invalid_type", message }], "options");
  if (typeof ReadableStream === "undefined" || !(body instanceof ReadableStream)) {
    throw invalid("must be a ReadableStream of bytes, e.g. a fetch response's `body`");
  }
  if (body.locked) throw invalid("is locked: it is being read already");
  const controller = new AbortController();
  let reason: "user" | "idle" | undefined;
  return {
    response: new Response(body, { headers: { "content-type": "text/event-stream" } }),
    url: "",
    requestId: undefined,
    controller,
    idleTimeout: Number.POSITIVE_INFINITY,
    abortReason: () => reason ?? (controller.signal.aborted ? "user" : undefined),
    abort(why) {
      reason ??= why;
      controller.abort();
    },
    release() {},
  };
}
