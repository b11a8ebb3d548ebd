/**
 * What genway knows of the fetch it calls, and what every fetch carries besides genway's own fields.
 *
 * - Trust: only the runtime's own fetch is known to end its request and body reads when its signal
 *   aborts; any other (a `fetch` option, or a wrapper on globalThis: monitoring, a polyfill, a test
 *   stub) may drop the signal, and is raced with the abort. The runtime's own is told by what it
 *   is, not by where it was found: a wrapper installed before genway loaded is on globalThis too.
 * - genway's clocks are the only clocks: Node's fetch (undici) has its own headers and body
 *   timeouts (300 s each), which would cut a call before `timeout` (default 600 s) and make a
 *   connection error of it. On Node's own fetch every request goes through a dispatcher that
 *   turns them off per request, over Node's global dispatcher (read per request, so a proxy set
 *   later with setGlobalDispatcher still applies) or over the `dispatcher` the caller gave in
 *   `fetchOptions`. No undici import: a dispatcher is anything with `dispatch(options, handler)`.
 * - `fetchOptions` (the client's, then the call's) go into every fetch under genway's own fields.
 */

/**
 * Options passed to every fetch genway makes (requests to the gateway, their redirects, downloads),
 * under the fields genway sets itself (method, headers, body, signal, redirect): `keepalive`,
 * `priority`, `cache`..., and a runtime's own extensions.
 */
export interface FetchOptions
  extends Omit<RequestInit, "method" | "headers" | "body" | "signal" | "redirect" | "window" | "dispatcher"> {
  /**
   * Node: the undici Dispatcher that sends the requests, e.g. `new ProxyAgent(url)` or
   * `new EnvHttpProxyAgent()` from the undici package (docs/client.md, "Proxies"). Its
   * headersTimeout and bodyTimeout are replaced by genway's `timeout` and `idleTimeout`.
   */
  dispatcher?: unknown;
  /** Bun: a proxy URL for the requests. */
  proxy?: string | undefined;
  /** Deno: an HTTP client from `Deno.createHttpClient()` (a proxy, certificates). */
  client?: unknown;
}

/** A fetch's source as the runtime prints it ("" when it cannot be read). */
function sourceOf(f: unknown): string {
  try {
    return Function.prototype.toString.call(f);
  } catch {
    return "";
  }
}

/** Browsers, workers and Bun: fetch is native. A bound or proxied function prints without the name. */
const NATIVE_FETCH = "function fetch() { [native code] }";
/** Node: the lazy loader of its bundled undici (lib/internal/bootstrap/web/exposed-window-or-worker.js). */
const NODE_FETCH =
  /^function fetch\(input, init = undefined\) \{[\s\S]*require\('internal\/deps\/undici\/undici'\)/;

const loaded: unknown = globalThis.fetch;
const source = typeof loaded === "function" ? sourceOf(loaded) : "";
const isNode = NODE_FETCH.test(source);

/**
 * The runtime's own fetch, when globalThis held it as genway loaded; undefined when a wrapper stood
 * there (then every fetch is raced with its abort, as any custom fetch is).
 */
export const RUNTIME_FETCH: typeof fetch | undefined =
  isNode || source === NATIVE_FETCH ? (loaded as typeof fetch) : undefined;

/** A dispatcher, as fetch uses one: undici's Dispatcher, or anything with its `dispatch`. */
interface Dispatcher {
  dispatch(options: Record<string, unknown>, handler: unknown): boolean;
}

/** Where undici keeps the global dispatcher (lib/global.js), shared by Node's fetch and the undici package. */
const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");

/** Sends through `base` (else Node's global dispatcher) with undici's own timeouts off: genway's clocks rule. */
class ClockFree implements Dispatcher {
  constructor(private readonly base: Dispatcher | undefined) {}

  dispatch(options: Record<string, unknown>, handler: unknown): boolean {
    // fetch builds these options afresh for each request: setting them here touches nothing shared.
    options.headersTimeout = 0;
    options.bodyTimeout = 0;
    const base = this.base ?? (globalThis as Record<symbol, Dispatcher>)[GLOBAL_DISPATCHER]!;
    return base.dispatch(options, handler);
  }
}

/**
 * The clock-free dispatcher over the global one, where there is one to reach: Node's fetch keeps its
 * global dispatcher on the globalThis of the realm it was made in, and a test runner's sandbox
 * (Jest's node environment) hands its modules that fetch from the outer realm, whose dispatcher this
 * realm's globalThis does not hold. There every fetch keeps its own dispatcher, and undici's clocks.
 */
const OVER_GLOBAL =
  Object.getPrototypeOf(loaded) === Function.prototype ? new ClockFree(undefined) : undefined;
const over = new WeakMap<object, ClockFree>();

/** The clock-free dispatcher over the caller's (made once per dispatcher), or over the global one (if any). */
function clockFree(dispatcher: unknown): ClockFree | unknown {
  if (dispatcher === undefined) return OVER_GLOBAL;
  if (typeof (dispatcher as Partial<Dispatcher> | null)?.dispatch !== "function") return dispatcher;
  let wrapped = over.get(dispatcher as object);
  if (!wrapped) {
    wrapped = new ClockFree(dispatcher as Dispatcher);
    over.set(dispatcher as object, wrapped);
  }
  return wrapped;
}

/**
 * What a fetch's init gets for one request, sent by `send`: genway's fields in `init`, and the
 * call's fetchOptions.
 */
export type FetchInit = (
  send: typeof fetch,
  init: RequestInit,
  call: FetchOptions | undefined,
) => RequestInit;

/**
 * How the fetches of a client are made, with `client` (its fetchOptions) and each call's. The fetch
 * is told per request (a client without a `fetch` option calls whatever globalThis holds then): a
 * plain client adds nothing to another fetch, and to Node's own only the clock-free dispatcher.
 */
export function fetchInit(client: FetchOptions | undefined): FetchInit {
  if (client === undefined) {
    return (send, init, call) => {
      const node = isNode && send === RUNTIME_FETCH;
      if (call !== undefined) return merged(init, undefined, call, node);
      if (node && OVER_GLOBAL) (init as { dispatcher?: unknown }).dispatcher = OVER_GLOBAL;
      return init;
    };
  }
  return (send, init, call) => merged(init, client, call, isNode && send === RUNTIME_FETCH);
}

function merged(
  init: RequestInit,
  client: FetchOptions | undefined,
  call: FetchOptions | undefined,
  node: boolean,
): RequestInit {
  const out: RequestInit & { dispatcher?: unknown } = { ...client, ...call, ...init };
  if (node) {
    const dispatcher = clockFree(out.dispatcher);
    if (dispatcher !== undefined) out.dispatcher = dispatcher;
  }
  return out;
}

/** undici's own clocks, by the codes its errors carry (on the error or its cause). */
const RUNTIME_CLOCKS: Record<string, "response" | "idle"> = {
  UND_ERR_HEADERS_TIMEOUT: "response",
  UND_ERR_BODY_TIMEOUT: "idle",
};

/**
 * Which of the runtime's own clocks ended a fetch (undici's headers or body timeout), or undefined:
 * one that fires despite the clock-free dispatcher (a fetch of the caller's, a dispatcher that
 * ignores per-request timeouts) is a timeout, never a connection failure to retry.
 */
export function runtimeClock(error: unknown): "response" | "idle" | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && Object.hasOwn(RUNTIME_CLOCKS, code)) return RUNTIME_CLOCKS[code];
  }
  return undefined;
}
