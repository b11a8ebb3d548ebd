/** Small response builders shared by every mock route. */

/** Marks a response whose connection the server adapter must destroy (the fetch face errors instead). */
export const RESET = Symbol.for("genway.mock.reset");
/** Where a `reset` fault drops the connection: before the headers, or right after them. */
export type ResetPoint = "before-headers" | "after-headers";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** How a streamed body is paced and broken: delay between frames, and stall/cut faults. */
export interface FrameOptions {
  /** ms between frames. */
  delayMs?: number;
  /** Stop sending (but keep the connection open) after this many frames: a stalled stream. */
  stallAfter?: number | undefined;
  /** Destroy the connection after this many frames: a reset mid-body. */
  cutAfter?: number | undefined;
  /** Send this many frames and half of the next, then end the body cleanly: a proxy that gave up. */
  truncateAfter?: number | undefined;
  /** After the first frame, send one line that never ends: an event over any client's size limit. */
  oversizedEvent?: boolean | undefined;
  /** After the last frame, keep the body open writing `: PING\n\n` every this many ms (see RelayStreamOptions). */
  pingAfterEnd?: number | undefined;
  /** While the body is open, write `: PING\n\n` every this many ms, between frames and through a stall (see RelayStreamOptions). */
  pingEvery?: number | undefined;
  /** ms before the first frame, the pings (`pingEvery`) going on meanwhile (see RelayStreamOptions.upstreamWait). */
  firstFrameAfter?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * A body that sends `frames` one chunk each, honouring delays, stalls and cuts. Any iterable works,
 * so a generator can produce a large body lazily (the speech route's audio).
 */
export function framedBody(
  frames: Iterable<string | Uint8Array>,
  options: FrameOptions = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = frames[Symbol.iterator]();
  let index = 0;
  let pinger: ReturnType<typeof setInterval> | undefined;
  const stopPinging = () => clearInterval(pinger);
  return new ReadableStream({
    start(controller) {
      if (options.pingEvery === undefined) return;
      // A ticker of its own, as new-api's ping goroutine: it writes whether or not data flows.
      pinger = setInterval(() => {
        try {
          controller.enqueue(PING);
        } catch {
          stopPinging(); // the body was closed
        }
      }, options.pingEvery);
      options.signal?.addEventListener("abort", stopPinging, { once: true });
    },
    cancel() {
      stopPinging();
      iterator.return?.();
    },
    async pull(controller) {
      if (options.cutAfter !== undefined && index >= options.cutAfter) {
        stopPinging();
        controller.error(new TypeError("terminated: connection reset by mock gateway"));
        return;
      }
      if (options.oversizedEvent && index >= 1) {
        // Generated as it is read (one shared filler chunk), so the line costs no server memory.
        controller.enqueue(index++ === 1 ? encoder.encode("data: ") : filler());
        return;
      }
      if (options.truncateAfter !== undefined && index >= options.truncateAfter) {
        const next = iterator.next();
        if (!next.done) {
          const bytes = typeof next.value === "string" ? encoder.encode(next.value) : next.value;
          controller.enqueue(bytes.subarray(0, Math.floor(bytes.length / 2)));
        }
        stopPinging();
        controller.close();
        return;
      }
      if (options.stallAfter !== undefined && index >= options.stallAfter) {
        await new Promise<void>((resolve) =>
          options.signal?.addEventListener("abort", () => resolve(), { once: true }),
        );
        stopPinging();
        controller.close();
        return;
      }
      const next = iterator.next();
      if (next.done) {
        if (
          options.pingAfterEnd !== undefined &&
          (await sleepUnlessAborted(options.pingAfterEnd, options.signal))
        )
          controller.enqueue(PING);
        else {
          stopPinging();
          controller.close();
        }
        return;
      }
      if (
        index === 0 &&
        options.firstFrameAfter &&
        !(await sleepUnlessAborted(options.firstFrameAfter, options.signal))
      ) {
        stopPinging();
        controller.close();
        return;
      }
      if (options.delayMs && index > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      index++;
      const frame = next.value;
      controller.enqueue(typeof frame === "string" ? encoder.encode(frame) : frame);
    },
  });
}

/** new-api's keep-alive (relay/helper/common.go PingData). */
const PING = /* @__PURE__ */ new TextEncoder().encode(": PING\n\n");

/** Waits `ms`; false when the client went away first. */
function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

let fillerChunk: Uint8Array | undefined;
/** 256 KiB of "x", made once and reused by every oversized line. */
function filler(): Uint8Array {
  fillerChunk ??= new Uint8Array(256 * 1024).fill(0x78);
  return fillerChunk;
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
