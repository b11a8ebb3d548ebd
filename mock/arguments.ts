/**
 * The arguments a test gives the mock's own methods (`listen`, `failNextTask`), checked at run time:
 * from JavaScript, a mistaken argument would otherwise give a different mock without a word (a
 * server on every interface, a task that does not fail).
 */

/** Where `mock.listen()` serves. */
export interface ListenOptions {
  /** The port; 0 (the default) picks a free one. */
  port?: number;
  /** The interface: `127.0.0.1` (loopback) unless given, e.g. `"::1"` or `"0.0.0.0"` for every IPv4 one. */
  host?: string;
}

const LOOPBACK = "127.0.0.1";

/** `listen()`'s arguments, `({ port, host })` or `(port, host)`, as the address to serve on. */
export function listenAddress(args: readonly unknown[]): { port: number; host: string } {
  const [first, second] = args;
  const usage = "mock.listen() takes { port?, host? } or (port?, host?)";
  let port: unknown = first;
  let host: unknown = second;
  if (typeof first === "object" && first !== null) {
    const unknown = Object.keys(first).filter((key) => key !== "port" && key !== "host");
    if (Array.isArray(first) || unknown.length > 0 || args.length > 1) {
      throw new TypeError(`${usage}: unexpected ${unknown.length ? `option "${unknown[0]}"` : shown(args)}`);
    }
    ({ port, host } = first as ListenOptions);
  }
  if (port !== undefined && !(Number.isInteger(port) && (port as number) >= 0 && (port as number) <= 65535)) {
    throw new TypeError(
      `${usage}: port must be an integer from 0 to 65535 (0: a free port), got ${shown(port)}`,
    );
  }
  if (host !== undefined && (typeof host !== "string" || host.trim() === "")) {
    throw new TypeError(
      `${usage}: host must be a non-empty string such as "${LOOPBACK}", got ${shown(host)}`,
    );
  }
  return { port: (port as number | undefined) ?? 0, host: (host as string | undefined) ?? LOOPBACK };
}

/** The reason `failNextTask(options)` scripts for the next submitted task. */
export function taskFailure(options: unknown): string {
  const fields =
    typeof options === "object" && options !== null && !Array.isArray(options) ? options : undefined;
  const reason = (fields as { reason?: unknown } | undefined)?.reason;
  const extra = fields && Object.keys(fields).some((key) => key !== "reason");
  if (!fields || extra || (reason !== undefined && (typeof reason !== "string" || reason === ""))) {
    throw new TypeError(
      `mock.failNextTask() takes { reason?: string } (a non-empty reason), got ${shown(options)}`,
    );
  }
  return (reason as string | undefined) ?? "The task failed: the request was rejected by content moderation.";
}

/** A value as an error message shows it. */
function shown(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value !== "object" || value === null) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
