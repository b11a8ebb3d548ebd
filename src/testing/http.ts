/** Small response builders shared by every mock route. */

/** Marks a response whose connection the server adapter must destroy (the fetch face errors instead). */
export const RESET = Symbol.for("genway.mock.reset");
export type ResetPoint = "before-headers" | "after-headers";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

export interface FrameOptions {
  /** ms between frames. */
  delayMs?: number;
  /** Stop sending (but keep the connection open) after this many frames: a stalled stream. */
  stallAfter?: number | undefined;
  /** Destroy the connection after this many frames: a reset mid-body. */
  cutAfter?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** A body that sends `frames` one chunk each, honouring delays, stalls and cuts. */
export function framedBody(
  frames: Array<string | Uint8Array>,
  options: FrameOptions = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream({
    async pull(controller) {
      if (options.cutAfter !== undefined && index >= options.cutAfter) {
        controller.error(new TypeError("terminated: connection reset by mock gateway"));
        return;
      }
      if (options.stallAfter !== undefined && index >= options.stallAfter) {
        await new Promise<void>((resolve) =>
          options.signal?.addEventListener("abort", () => resolve(), { once: true }),
        );
        controller.close();
        return;
      }
      if (index >= frames.length) {
        controller.close();
        return;
      }
      if (options.delayMs && index > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const frame = frames[index++]!;
      controller.enqueue(typeof frame === "string" ? encoder.encode(frame) : frame);
    },
  });
}

/** An SSE response: each frame is one `event:`/`data:` block already terminated by a blank line. */
export function sse(
  frames: string[],
  options: FrameOptions = {},
  headers: Record<string, string> = {},
): Response {
  return new Response(framedBody(frames, options), {
    status: 200,
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache", ...headers },
  });
}

/** `data: <json>` frames joined with the given line ending. */
export function dataFrame(payload: unknown, eol = "\n"): string {
  return `data: ${typeof payload === "string" ? payload : JSON.stringify(payload)}${eol}${eol}`;
}

/** `event: <name>` + `data: <json>` frames, as Anthropic and Responses send them. */
export function namedFrame(event: string, payload: unknown, eol = "\n"): string {
  return `event: ${event}${eol}data: ${JSON.stringify(payload)}${eol}${eol}`;
}
