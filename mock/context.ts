/** What a mock route sees, and the shape of a route. */
import type { MockError } from "./envelopes.js";
import type { Fault } from "./faults.js";
import type { FrameOptions } from "./http.js";
import type { MockState } from "./state.js";

/** What a mock route's handler receives. */
export interface MockContext {
  request: Request;
  url: URL;
  path: string;
  /** Named groups of the route's pattern. */
  params: Record<string, string>;
  /** Parsed JSON, a FormData for multipart, else the text (undefined when empty). */
  body: unknown;
  requestId: string;
  /** Ended when the client goes away. */
  signal: AbortSignal;
  state: MockState;
  /** The fault armed for this request that a route must carry out itself (stalls, cuts). */
  fault: Fault | undefined;
  /** An error response in this route's envelope. */
  fail(error: MockError): Response;
  /** Frame timing for a streamed body: the configured delay plus any stall/cut fault. */
  frames(): FrameOptions;
}

/** A route of the mock gateway: method, path pattern and handler. */
export interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  /** Answers a request that matched `method` and `pattern`. */
  handle(context: MockContext): Response | Promise<Response>;
  /** Whether this mock serves the route at all (a switch may leave it unrouted). Default: yes. */
  serves?(state: MockState): boolean;
}
