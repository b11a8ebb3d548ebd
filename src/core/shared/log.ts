/** Leveled logging that can never print the key: every line goes through redact(). */
import { DEFAULTS } from "./defaults.js";
import { readEnv } from "./env.js";
import { escapeControls, redact, redactDeep } from "./redact.js";

/** How much genway logs: `off`, or the least severe level that is still printed. */
export type LogLevel = "off" | "error" | "warn" | "info" | "debug";

/** Where log lines go (the `logger` option); `console` fits. Keys are redacted before a line gets here. */
export interface Logger {
  /** Failures the caller will also see as errors. */
  error(message: string, ...args: unknown[]): void;
  /** Retries and other things worth knowing that did not fail the call. */
  warn(message: string, ...args: unknown[]): void;
  /** Notable steps of a call (nothing below warn is logged by default). */
  info(message: string, ...args: unknown[]): void;
  /** One line per HTTP attempt: method, path, status, time and request id. */
  debug(message: string, ...args: unknown[]): void;
}

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };
/** Every level, least first: what the `logLevel` option takes. */
export const LOG_LEVELS = Object.keys(RANK) as readonly LogLevel[];

/** What a level below the chosen one logs to: nothing. One function, so callers can tell (see `logs`). */
const noop = (): void => {};

/**
 * Whether `log` prints at `level`: lets a hot path skip building a line nobody reads (the debug
 * line of every attempt, with logging at its default). A logger not made by createLog always logs.
 */
export function logs(log: Logger, level: Exclude<LogLevel, "off">): boolean {
  return log[level] !== noop;
}

function isLevel(value: string | undefined): value is LogLevel {
  return value !== undefined && value in RANK;
}

/**
 * A logger that drops what is below `level`, scrubs the key from what it passes on and escapes
 * control characters (gateway text must not forge a log line or drive the terminal).
 */
export function createLog(level: LogLevel | undefined, sink: Logger = console): Logger {
  const envLevel = readEnv("GENWAY_LOG")?.toLowerCase();
  const chosen: LogLevel = level ?? (isLevel(envLevel) ? envLevel : DEFAULTS.logLevel);
  const rank = RANK[chosen];
  const at =
    (want: Exclude<LogLevel, "off">) =>
    (message: string, ...args: unknown[]) =>
      sink[want](
        `[genway] ${escapeControls(redact(message))}`,
        ...args.map((arg) => (typeof arg === "string" ? escapeControls(redact(arg)) : redactDeep(arg))),
      );
  return {
    error: rank >= 1 ? at("error") : noop,
    warn: rank >= 2 ? at("warn") : noop,
    info: rank >= 3 ? at("info") : noop,
    debug: rank >= 4 ? at("debug") : noop,
  };
}
