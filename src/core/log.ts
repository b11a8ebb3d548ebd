/** Leveled logging that can never print the key: every line goes through redact(). */
import { readEnv } from "./env.js";
import { redact, redactDeep } from "./redact.js";

export type LogLevel = "off" | "error" | "warn" | "info" | "debug";

export interface Logger {
  error(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  debug(message: string, ...args: unknown[]): void;
}

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

function isLevel(value: string | undefined): value is LogLevel {
  return value !== undefined && value in RANK;
}

/** A logger that drops what is below `level` and scrubs the key from what it passes on. */
export function createLog(level: LogLevel | undefined, sink: Logger = console): Logger {
  const envLevel = readEnv("GENWAY_LOG")?.toLowerCase();
  const chosen: LogLevel = level ?? (isLevel(envLevel) ? envLevel : "warn");
  const rank = RANK[chosen];
  const noop = () => {};
  const at =
    (want: Exclude<LogLevel, "off">) =>
    (message: string, ...args: unknown[]) =>
      sink[want](`[genway] ${redact(message)}`, ...args.map((arg) => redactDeep(arg)));
  return {
    error: rank >= 1 ? at("error") : noop,
    warn: rank >= 2 ? at("warn") : noop,
    info: rank >= 3 ? at("info") : noop,
    debug: rank >= 4 ? at("debug") : noop,
  };
}
