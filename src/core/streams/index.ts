/** Server-sent events in, typed events out: the SSE reader, the EventStream every format extends, event framing and the idle clock. */

export * from "./idle-clock.js";
export * from "./sse.js";
export * from "./stream.js";
export * from "./stream-events.js";
