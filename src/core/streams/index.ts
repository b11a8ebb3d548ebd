/**
 * Server-sent events in, typed events out: the SSE reader, the EventStream every format extends,
 * event framing, the assemblers' handler tables, tee, and a stream's body passed to a page and read back.
 */

export * from "./handlers.js";
export * from "./readable.js";
export * from "./sse.js";
export * from "./stream.js";
export * from "./stream-events.js";
export * from "./stream-text.js";
