/** Server-sent events in, typed events out: the SSE reader, the EventStream every format extends, event framing and tee. */

export * from "./sse.js";
export * from "./stream.js";
export * from "./stream-events.js";
