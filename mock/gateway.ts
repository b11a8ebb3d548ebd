/**
 * The mock gateway: one request handler implementing the spec, with three faces: `handle`
 * (Request -> Response), `fetch` (inject into a client) and `listen()` (a real loopback server).
 */
import { type ListenOptions, listenAddress, taskFailure } from "./arguments.js";
import type { MockContext } from "./context.js";
import { answerForCode, envelopeFor, errorBody, type MockError } from "./envelopes.js";
import { type Fault, FaultQueue } from "./faults.js";
import { json, RESET, type ResetPoint } from "./http.js";
import { noChannel, relayRefusal, stampIds, unrouted } from "./relay.js";
import { PUBLIC_API } from "./routes/account.js";
import { PUBLIC_FILES } from "./routes/files.js";
import { routes } from "./routes/index.js";
import type { MockServer } from "./server.js";
import { createState, type MockGatewayOptions, type RecordedRequest } from "./state.js";

export type { ListenOptions } from "./arguments.js";
export type { MockServer } from "./server.js";
export type { RecordedRequest } from "./state.js";

/** The mock gateway (see {@link createMockGateway}); its faces are `handle`, `fetch` and `listen`. */
export interface MockGateway {
  /** The key it accepts (`sk-genway-mock` unless configured). */
  apiKey: string;
  /** Answers one request, as the gateway would. */
  handle(request: Request): Promise<Response>;
  /** A fetch that calls `handle` in-process: pass it as the client's `fetch` option. */
  fetch: typeof fetch;
  /**
   * Serves `handle` over HTTP, e.g. for end-to-end tests: on loopback (`127.0.0.1`) unless `host`
   * says otherwise, on a free port unless `port` names one. A bad argument rejects with a TypeError
   * before anything listens.
   */
  listen(address?: ListenOptions): Promise<MockServer>;
  /** The same as `listen({ port, host })`: on `port` (0, the default: a free one) of `host` (default loopback). */
  listen(port?: number, host?: string): Promise<MockServer>;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Arms a failure for the next matching request(s). */
  inject(fault: Fault): MockGateway;
  /**
   * The next task submitted (video, vidgen or music) ends failed with `reason`, whatever its body
   * says: its polls run as usual, then answer the family's failed state. Each call scripts one more
   * task, in order. (A `[fail]` marker in a submission's body does the same.)
   */
  failNextTask(options?: { reason?: string }): MockGateway;
  faults: FaultQueue;
}

/**
 * A mock of the whole gateway spec: auth, bounds, streams in each format, tasks that move
 * through their states, and failures on demand (`inject`). No account or network needed.
 */
export function createMockGateway(options: MockGatewayOptions = {}): MockGateway {
  const state = createState(options);
  const faults = new FaultQueue();
  const requests: RecordedRequest[] = [];
  let requestCounter = 0;

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    const requestId = `mock-req-${(++requestCounter).toString().padStart(6, "0")}`;
    const body = await readBody(request);
    const recorded: RecordedRequest = {
      method: request.method,
      path,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body,
      at: Date.now(),
    };
    requests.push(recorded);
    const envelope = envelopeFor(path, state.options);
    const fail = (error: MockError, extra: Record<string, string> = {}) =>
      json(errorBody(envelope, error, requestId), error.status, extra);
    const stamped = (response: Response) => stampIds(response, path, state, requestId);

    const fault = faults.take(path);
    if (fault) {
      const early = await applyFault(fault, request.signal, (error, extra) =>
        json(errorBody(fault.envelope ?? envelope, error, requestId), error.status, extra),
      );
      if (early) return stamped(early);
    }

    const route = routes.find(
      (r) => r.method === request.method && r.pattern.test(path) && (r.serves?.(state) ?? true),
    );
    // A path no route serves gets the relay's answer before any key check, as new-api's NoRoute.
    if (!route) return stamped(unrouted(request.method, path, state));

    // Result files are public URLs, like an object store's: no key (and none must be sent); the
    // relay's /api/status and /api/pricing are public too.
    const authError =
      PUBLIC_FILES.test(path) || PUBLIC_API.test(path)
        ? undefined
        : checkAuth(request, path, state.options.apiKey, state.options.keys);
    if (authError !== undefined) {
      return stamped(fail({ ...answerForCode(authError), code: authError }));
    }
    const refused =
      noChannel(request, path, body, state, requestId) ?? relayRefusal(request, path, body, state, requestId);
    if (refused) return stamped(refused);

    const match = route.pattern.exec(path)!;
    const pinging = state.options.relayStreams?.pingEvery !== undefined;
    const context: MockContext = {
      request,
      url,
      path,
      params: { ...match.groups },
      body,
      requestId,
      signal: request.signal,
      state,
      fault,
      fail,
      frames: () => ({
        delayMs: state.options.streamDelayMs,
        stallAfter: fault?.stallAfter,
        cutAfter: fault?.cutAfter,
        truncateAfter: fault?.truncateAfter,
        oversizedEvent: fault?.oversizedEvent,
        pingAfterEnd: state.options.relayStreams?.pingAfterEnd,
        pingEvery: state.options.relayStreams?.pingEvery,
        firstFrameAfter: pinging ? state.options.relayStreams?.upstreamWait : undefined,
        signal: request.signal,
      }),
    };
    const response = await route.handle(context);
    // Without pings, new-api's answer to a stream waits for the upstream's (relay-streams.ts upstreamWait).
    const upstream =
      !pinging && /event-stream/.test(response.headers.get("content-type") ?? "")
        ? state.options.relayStreams?.upstreamWait
        : undefined;
    const hold = state.options.delayAnswer?.(recorded) ?? upstream;
    if (hold) await abortableDelay(hold, request.signal);
    return stamped(response);
  }

  const gateway: MockGateway = {
    apiKey: state.options.apiKey,
    handle,
    fetch: (input, init) => fetchFace(handle, new Request(input, init)),
    listen: async (...address: [ListenOptions?] | [number?, string?]) => {
      // Loaded on demand so that genway/testing itself needs no Node built-ins (msw, browsers).
      const { port, host } = listenAddress(address);
      const { serve } = await import("./server.js");
      return serve(handle, port, host);
    },
    requests,
    inject(fault) {
      faults.inject(fault);
      return gateway;
    },
    failNextTask(options = {}) {
      state.taskFailures.push(taskFailure(options));
      return gateway;
    },
    faults,
  };
  return gateway;
}

async function applyFault(
  fault: Fault,
  signal: AbortSignal,
  fail: (error: MockError, extra?: Record<string, string>) => Response,
): Promise<Response | undefined> {
  if (fault.delayMs) await abortableDelay(fault.delayMs, signal);
  if (fault.reset) return markReset(new Response(null, { status: 200 }), fault.reset);
  if (fault.body !== undefined) {
    return new Response(fault.body, {
      status: fault.status ?? 200,
      headers: { "content-type": fault.contentType ?? "application/json" },
    });
  }
  if (fault.status !== undefined || fault.code !== undefined) {
    const extra: Record<string, string> = {};
    if (fault.retryAfter !== undefined) extra["retry-after"] = String(fault.retryAfter);
    if (fault.retryAfterMs !== undefined) extra["retry-after-ms"] = String(fault.retryAfterMs);
    const known = fault.code !== undefined ? answerForCode(fault.code) : undefined;
    const status = fault.status ?? known?.status ?? 500;
    const message = fault.message ?? known?.message ?? `Injected ${status}`;
    return fail({ status, code: fault.code, message }, extra);
  }
  return undefined; // stall/cut faults and plain delays are carried out by the route.
}

function markReset(response: Response, point: ResetPoint): Response {
  return Object.assign(response, { [RESET]: point });
}

/** Bearer on every route; x-api-key also on /v1/messages; ?key= / x-goog-api-key on /v1beta, as new-api does. */
function checkAuth(
  request: Request,
  path: string,
  validKey: string,
  keys: Record<string, number> | undefined,
): number | undefined {
  const bearer = request.headers.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
  let key = bearer;
  if (!key && path.startsWith("/v1/messages")) key = request.headers.get("x-api-key") ?? undefined;
  if (!key && path.startsWith("/v1beta/")) {
    key = request.headers.get("x-goog-api-key") ?? new URL(request.url).searchParams.get("key") ?? undefined;
  }
  if (key === validKey) return undefined;
  if (key !== undefined && keys?.[key] !== undefined) return keys[key];
  return 10001;
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return undefined;
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data")) return request.formData();
  const text = await request.text();
  if (text === "") return undefined;
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** The fetch face: a reset before headers is a network error, after headers a body that errors. */
async function fetchFace(
  handle: (request: Request) => Promise<Response>,
  request: Request,
): Promise<Response> {
  const signal = request.signal;
  const aborted = () => signal.reason ?? new DOMException("This operation was aborted", "AbortError");
  if (signal.aborted) throw aborted();
  const response = await new Promise<Response>((resolve, reject) => {
    signal.addEventListener("abort", () => reject(aborted()), { once: true });
    handle(request).then(resolve, reject);
  });
  const reset = (response as { [RESET]?: ResetPoint })[RESET];
  if (reset === "before-headers") {
    throw new TypeError("fetch failed", {
      cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
    });
  }
  if (reset === "after-headers") {
    const broken = new ReadableStream({
      start: (controller) => controller.error(new TypeError("terminated")),
    });
    return new Response(broken, { status: response.status, headers: response.headers });
  }
  return response;
}
