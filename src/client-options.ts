/**
 * Options -> one Transport: the one place where client options are checked and turned into the
 * transport every namespace sends through. `Genway` and each family client (genway/chat,
 * genway/images, ...) construct through `openClient`, so they take the same options and behave alike.
 */

import { asksForMoney, ClientMoney } from "./client-money.js";
import { GenwayError, ValidationError } from "./core/errors/index.js";
import {
  type BudgetOptions,
  type ClientContext,
  checkKey,
  type FetchOptions,
  type HeadersLike,
  keyProblem,
  type Middleware,
  type QueryValue,
  Transport,
} from "./core/http/index.js";
import {
  baseURLProblem,
  createLog,
  DEFAULTS,
  gatewayRoot,
  LOG_LEVELS,
  type Logger,
  type LogLevel,
  readEnv,
} from "./core/shared/index.js";
import {
  checkOptions,
  type OptionChecks,
  option,
  shown,
  VALIDATION_MODES,
  type ValidationMode,
} from "./core/validation/index.js";
import type { CostEvent, PricesOption } from "./money/index.js";

/**
 * Options of `new Genway(options)` (and of every family client). Every one is optional; its default
 * is in its `@default` tag, in `DEFAULTS` and in docs/client.md ("Defaults").
 */
export interface GenwayOptions {
  /**
   * The gateway key, or a function returning it (called per request, e.g. to rotate).
   * @default env GENWAY_API_KEY
   */
  apiKey?: string | (() => string | Promise<string>) | undefined;
  /**
   * The gateway's base URL, e.g. https://gateway.example.com (with or without /v1).
   * @default env GENWAY_BASE_URL
   */
  baseURL?: string | undefined;
  /**
   * ms per attempt until the answer: its response headers, and for a stream its first data event
   * (Infinity: no limit; above 2^31-1 ms is capped to it).
   * @default 600_000
   */
  timeout?: number | undefined;
  /**
   * ms allowed between two chunks of a stream or download (Infinity: no limit).
   * @default 120_000
   */
  idleTimeout?: number | undefined;
  /**
   * Retries of a failed attempt where the retry policy allows one (a whole number >= 0).
   * @default 2
   */
  maxRetries?: number | undefined;
  /**
   * A server asking to wait longer than this (ms, finite) gets its error back at once.
   * @default 60_000
   */
  maxRetryAfter?: number | undefined;
  /**
   * ms the first retry waits when the server gave no Retry-After; each next one waits twice as long,
   * up to 16 times this, less up to 25% jitter. 0 retries at once: a test against the mock gateway
   * need not sleep.
   * @default 500
   */
  retryDelay?: number | undefined;
  /**
   * Bytes a JSON answer may hold; a larger one ends in MalformedResponseError, unread and not retried
   * (streams are bounded per event, downloads are the caller's to read).
   * @default 134_217_728 (128 MiB)
   */
  maxResponseBytes?: number | undefined;
  /**
   * A custom fetch (proxies, tests, the mock gateway).
   * @default globalThis.fetch, read at each request (a test's msw, installed after the client was made, sees its requests)
   */
  fetch?: typeof fetch | undefined;
  /**
   * Passed to every fetch the client makes (requests, redirects, downloads) under the fields genway
   * sets itself: a proxy's undici `dispatcher` on Node, `keepalive`, Bun's `proxy` ... (a call's own
   * `fetchOptions` go over these; docs/client.md, "Proxies and fetch options").
   * @default none
   */
  fetchOptions?: FetchOptions | undefined;
  /**
   * Headers sent with every request (a per-call `headers` option wins; `undefined` removes one).
   * @default none
   */
  defaultHeaders?: HeadersLike | undefined;
  /**
   * Query parameters added to every request URL.
   * @default none
   */
  defaultQuery?: Record<string, QueryValue> | undefined;
  /**
   * 'strict' checks every request against the spec's bounds before sending; 'off' skips that.
   * @default "strict"
   */
  validation?: ValidationMode | undefined;
  /**
   * What reaches `logger`. Keys are always redacted.
   * @default env GENWAY_LOG, else "warn"
   */
  logLevel?: LogLevel | undefined;
  /**
   * Where log lines go.
   * @default console
   */
  logger?: Logger | undefined;
  /**
   * Browsers expose the key to every visitor of the page; refuse unless the caller says they know.
   * @default false
   */
  dangerouslyAllowBrowser?: boolean | undefined;
  /**
   * Where costs come from: 'auto' the gateway's own prices (GET /api/pricing and /api/status,
   * loaded on first need), else the spec's table; 'gateway' the gateway's only; 'spec' the spec's
   * table only (no request); or a PriceTable of yours (docs/cost.md).
   * @default "auto"
   */
  prices?: PricesOption | undefined;
  /**
   * The price group your key is billed in (the gateway's, e.g. 'default', 'svip').
   * @default "default"
   */
  group?: string | undefined;
  /**
   * A spending limit for this client's lifetime: a billed call whose worst case would take spending
   * past it is refused with BudgetExceededError before anything is sent (docs/cost.md).
   * @default none (no limit)
   */
  budget?: BudgetOptions | undefined;
  /**
   * Called after each billed call with its cost (or null and the reason); see docs/cost.md.
   * @default none
   */
  onCost?: ((event: CostEvent) => void) | undefined;
  /**
   * Functions around each HTTP attempt, first outermost (docs/observability.md; `otel()` from genway/otel).
   * @default none
   */
  middleware?: readonly Middleware[] | undefined;
}

/** What a client holds once its options are checked: the ClientContext the namespaces see, and the base URL. */
export interface OpenedClient extends ClientContext {
  baseURL: string;
  /** The client's money (`gw.costs`, `gw.prices`), loaded when it first needs it. */
  money: ClientMoney;
}

/**
 * Every client option, with its check: the names a client takes (any other is a ValidationError
 * naming the closest, "did you mean `budget`?") and what each must hold, from this one map.
 * Declaring an option in GenwayOptions without a check here is a compile error.
 */
const CLIENT_OPTIONS = {
  apiKey: (value) => (typeof value === "function" ? undefined : keyProblem(value)),
  baseURL: (value) =>
    typeof value === "string" ? baseURLProblem(value) : `must be a string, got ${shown(value)}`,
  timeout: option.clock,
  idleTimeout: option.clock,
  maxRetries: option.count,
  maxRetryAfter: option.delay,
  retryDelay: option.delay,
  maxResponseBytes: option.count,
  fetch: option.function,
  fetchOptions: option.fetchOptions,
  defaultHeaders: option.headers,
  defaultQuery: option.query,
  validation: option.oneOf(VALIDATION_MODES),
  logLevel: option.oneOf(LOG_LEVELS),
  logger: option.object,
  dangerouslyAllowBrowser: option.flag,
  prices: option.prices,
  group: option.name,
  budget: option.budget,
  onCost: option.function,
  middleware: option.functions,
} as const satisfies OptionChecks<keyof GenwayOptions>;

/** Where a client made by `withOptions` finds the money it shares with its parent (not an option: a symbol no caller names). */
const SHARED_MONEY: unique symbol = Symbol("genway.sharedMoney");

/** Options as `withOptions` hands them to the derived client's constructor. */
type DerivedOptions = GenwayOptions & { [SHARED_MONEY]?: ClientMoney | undefined };

/** The options that make a client's money its own: a derived client naming one gets money of its own. */
const MONEY_OPTIONS = ["budget", "onCost", "group", "prices"] as const;

/**
 * The options of a client derived from a parent by `withOptions`: the parent's, each option of
 * `given` replacing the parent's. It shares the parent's money (`gw.costs`, the budget, the
 * gateway's prices once loaded, `onCost`) unless `given` names a money option or another gateway:
 * a budget cannot be stepped around by deriving a client, and prices are the gateway's.
 */
export function derivedOptions(
  parent: GenwayOptions,
  parentBaseURL: string,
  money: ClientMoney,
  given: GenwayOptions,
): GenwayOptions {
  if (typeof given !== "object" || given === null) {
    throw new GenwayError("withOptions takes an object of client options, e.g. { timeout: 1_200_000 }.");
  }
  const own =
    MONEY_OPTIONS.some((name) => Object.hasOwn(given, name)) ||
    (given.baseURL !== undefined && gatewayRoot(given.baseURL) !== gatewayRoot(parentBaseURL));
  const derived: DerivedOptions = { ...parent, ...given, [SHARED_MONEY]: own ? undefined : money };
  return derived;
}

/** Checks `options` (falling back to the environment) and builds the transport. `name` names the client in errors. */
export function openClient(name: string, options: GenwayOptions = {}): OpenedClient {
  checkOptions(name, options, CLIENT_OPTIONS);
  const baseURL = options.baseURL ?? readEnv("GENWAY_BASE_URL");
  if (!baseURL) {
    throw new GenwayError(
      `No baseURL: pass new ${name}({ baseURL }) or set GENWAY_BASE_URL (for a local mock: npx genway mock).`,
    );
  }
  // The environment's is checked as the option is, and named as where it came from.
  const fromEnv = options.baseURL === undefined && baseURLProblem(baseURL);
  if (fromEnv) {
    throw new ValidationError(
      name,
      [{ path: "baseURL (GENWAY_BASE_URL)", rule: "invalid_option", message: fromEnv }],
      "options",
    );
  }
  const apiKey = options.apiKey ?? readEnv("GENWAY_API_KEY");
  if (apiKey === undefined) {
    throw new GenwayError(`No apiKey: pass new ${name}({ apiKey }) or set GENWAY_API_KEY.`);
  }
  if (options.apiKey === undefined) checkKey(apiKey, name, "apiKey (GENWAY_API_KEY)");
  if (isBrowser() && !(options.dangerouslyAllowBrowser ?? DEFAULTS.dangerouslyAllowBrowser)) {
    throw new GenwayError(
      "genway refuses to run in a browser, where the API key would be visible to every visitor. Proxy through your server, or pass dangerouslyAllowBrowser: true if you understand the risk.",
    );
  }
  const validation = options.validation ?? DEFAULTS.validation;
  const log = createLog(options.logLevel, options.logger);
  const money = (options as DerivedOptions)[SHARED_MONEY] ?? new ClientMoney(options, log);
  const transport = new Transport({
    apiKey,
    baseURL,
    timeout: options.timeout ?? DEFAULTS.timeout,
    idleTimeout: options.idleTimeout ?? DEFAULTS.idleTimeout,
    maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
    maxRetryAfter: options.maxRetryAfter ?? DEFAULTS.maxRetryAfter,
    retryDelay: options.retryDelay ?? DEFAULTS.retryDelay,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULTS.maxResponseBytes,
    fetch: options.fetch,
    fetchOptions: options.fetchOptions,
    defaultHeaders: options.defaultHeaders,
    defaultQuery: options.defaultQuery,
    log,
    validation,
    money,
    // Installed now, as every feature the options name; a plain client's calls run none of them.
    middleware: options.middleware,
  });
  money.attach(transport);
  // A failed load (a price group the spec's table lacks) rejects the billed calls, nothing sent.
  if (asksForMoney(options)) transport.askMoney().catch(() => {});
  return { transport, validation, baseURL, money };
}

/** Workers, Deno and Bun have no `document`; only a real page does. */
function isBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window !== "undefined" && typeof g.document !== "undefined";
}
