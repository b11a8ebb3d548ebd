/**
 * Every default of genway's options, in one place: `openClient` (client-options.ts), the task waits,
 * downloads and tool loops read them here; each option's `@default` tag and docs/client.md's table
 * ("Defaults") show them, and tests/client/defaults.test.ts checks that the table says what this says.
 */
export const DEFAULTS = Object.freeze({
  /** ms per attempt until response headers arrive. */
  timeout: 600_000,
  /** ms allowed between two chunks of a stream or download. */
  idleTimeout: 120_000,
  /** Retries of a failed attempt where the operation's retry policy allows one. */
  maxRetries: 2,
  /** A server asking to wait longer than this (ms) gets its error back at once. */
  maxRetryAfter: 60_000,
  /** ms the first retry waits when the server gave no Retry-After; each next one twice as long, up to 16 times this. */
  retryDelay: 500,
  /** Bytes a JSON answer may hold: 128 MiB, room for several base64 images in one answer. */
  maxResponseBytes: 128 * 1024 * 1024,
  /** Requests are checked against the spec's bounds before they are sent. */
  validation: "strict",
  /** What reaches the logger when neither `logLevel` nor env GENWAY_LOG says. */
  logLevel: "warn",
  /** Where costs come from: the gateway's own prices, else the spec's table. */
  prices: "auto",
  /** The price group a key is billed in. */
  group: "default",
  /** A client refuses to start in a browser page. */
  dangerouslyAllowBrowser: false,
  /** The options of a `budget` (client or call). */
  budget: Object.freeze({
    /** A call whose worst case cannot be priced is refused, not sent unbounded. */
    unpriced: "refuse",
  }),
  /** The options of a task wait (`task.wait`, `gw.tasks.wait`, `pollTask`). */
  wait: Object.freeze({
    /** Total ms to wait before TaskTimeoutError (the task keeps running). */
    timeout: 30 * 60_000,
    /** ms before the second poll (the first is immediate). */
    interval: 2_000,
    /** The delay grows 1.5x per poll up to this many ms. */
    maxInterval: 15_000,
  }),
  /** The options of a tool loop (`runTools`). */
  runTools: Object.freeze({
    /** Model calls at most. */
    maxSteps: 10,
  }),
} as const);
