import type { RelayStreamOptions } from "./relay-streams.js";

/** A request the mock received, as recorded in {@link MockGateway.requests}. */
export interface RecordedRequest {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  at: number;
}

/** Options of the mock gateway and the state its routes share (tasks, counters). */
export interface MockGatewayOptions {
  /** The key the mock accepts. Default `sk-genway-mock`. */
  apiKey?: string;
  /** Other keys and the system code each earns, e.g. `{ "sk-expired": 10003 }`. */
  keys?: Record<string, number>;
  /** ms between streamed frames. Default 0. */
  streamDelayMs?: number;
  /** Polls a task takes to finish (each poll advances it one step). Default 3. */
  taskSteps?: number;
  /** Bytes of audio the speech route streams. Default 64 KiB. */
  speechBytes?: number;
  /**
   * Where the vidgen text-to-video query answers: the spec's /vidgen/v1/images/text2video/{id}, the
   * Kling API's /vidgen/v1/videos/text2video/{id}, or both (default). The other path answers 404.
   */
  vidgenTextToVideoQuery?: "spec" | "upstream" | "both";
  /**
   * ms to hold a request's answer after its route handled it (the task exists, the client has not
   * heard yet), e.g. a paid submission whose worker is killed mid-request. 0 or undefined: none.
   */
  delayAnswer?: (request: RecordedRequest) => number | undefined;
  /**
   * Stream behaviours of the new-api relay, byte for byte, each citing its source: a cut upstream
   * (chat: usage chunk and `[DONE]` after it), three-newline Messages events, the bare JSON error
   * tail, pings after the end. See {@link RelayStreamOptions} and docs/testing.md.
   */
  relayStreams?: RelayStreamOptions;
}

/** The state a mock gateway's routes share: its options, task records and an id counter. */
export interface MockState {
  options: Required<Pick<MockGatewayOptions, "apiKey" | "streamDelayMs" | "taskSteps" | "speechBytes">> &
    MockGatewayOptions;
  /** Task records by id, shared by the task families' routes. */
  tasks: Map<string, unknown>;
  /** Monotonic counter for ids. */
  nextId(prefix: string): string;
}

export function createState(options: MockGatewayOptions): MockState {
  let counter = 0;
  return {
    options: { apiKey: "sk-genway-mock", streamDelayMs: 0, taskSteps: 3, speechBytes: 64 * 1024, ...options },
    tasks: new Map(),
    nextId: (prefix) => `${prefix}${(++counter).toString(36).padStart(6, "0")}`,
  };
}
