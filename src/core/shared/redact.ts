/**
 * Keeps API keys out of everything genway prints or serializes.
 *
 * Every client registers its key here, so an error built anywhere (even from a server body that
 * echoes the key back) can be scrubbed without threading the key through every call site.
 */
/** Each key in use, with how many clients hold it and a pattern matching it in any letter case. */
const secrets = new Map<string, { holders: number; pattern: RegExp }>();
const REDACTED = "[REDACTED]";
const BEARER = /(Bearer\s+)[^\s"',;]+/gi;

/**
 * Remembers a key so that {@link redact} removes it, until as many {@link releaseSecret} calls.
 * Keys shorter than 4 characters are not worth hiding.
 */
export function registerSecret(secret: string): void {
  if (secret.length < 4) return;
  const entry = secrets.get(secret);
  if (entry) entry.holders++;
  // Any case: URL parsing lower-cases a host name, and a server may echo a key upper-cased.
  else secrets.set(secret, { holders: 1, pattern: new RegExp(escapeRegExp(secret), "gi") });
}

/** Forgets a key registered once (a rotated token two rotations old); others holding it keep it. */
export function releaseSecret(secret: string): void {
  const entry = secrets.get(secret);
  if (entry && --entry.holders <= 0) secrets.delete(secret);
}

/** Replaces every registered key (in any letter case), and any bearer token, in a string. */
export function redact(text: string): string {
  let out = text;
  for (const { pattern } of secrets.values()) out = out.replace(pattern, REDACTED);
  return out.includes("earer") || out.includes("EARER") ? out.replace(BEARER, `$1${REDACTED}`) : out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The cause to keep on an error: the same one when nothing in it shows a key, else a copy with every
 * string redacted (message, stack, `input`, `url` ... and its own cause), so that inspecting
 * `error.cause` cannot print a key a Location header or a URL echoed.
 */
export function redactCause(cause: unknown, depth = 0): unknown {
  if (!(cause instanceof Error))
    return typeof cause === "object" && cause !== null ? redactDeep(cause) : cause;
  if (depth > 4 || !showsSecret(cause)) return cause;
  const copy = Object.create(Object.getPrototypeOf(cause)) as Error & Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(cause)) {
    const value = (cause as unknown as Record<string, unknown>)[key];
    const clean =
      key === "cause"
        ? redactCause(value, depth + 1)
        : typeof value === "string"
          ? redact(value)
          : redactDeep(value);
    Object.defineProperty(copy, key, {
      value: clean,
      enumerable: key !== "stack" && key !== "message",
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function showsSecret(error: Error, depth = 0): boolean {
  if (depth > 4) return false;
  for (const key of Object.getOwnPropertyNames(error)) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === "string" && redact(value) !== value) return true;
    if (value instanceof Error && showsSecret(value, depth + 1)) return true;
    if (key !== "cause" && typeof value === "object" && value !== null) {
      if (JSON.stringify(redactDeep(value)) !== safeStringify(value)) return true;
    }
  }
  return false;
}

function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * Control characters (newlines, ESC, BEL, the Unicode line separators) written as escapes, so that
 * gateway text in a log line cannot start a forged line or drive the terminal.
 */
export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) =>
    c === "\n"
      ? "\\n"
      : c === "\r"
        ? "\\r"
        : c === "\t"
          ? "\\t"
          : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * `text` cut to at most `max` characters, keys removed before cutting: a key cut in half by a
 * truncation would no longer be recognised by {@link redact}.
 */
export function clip(text: string, max: number, ellipsis = ""): string {
  const clean = redact(text);
  return clean.length > max ? `${clean.slice(0, max - ellipsis.length)}${ellipsis}` : clean;
}

/** The same headers with every registered key scrubbed from the values (servers echo keys back). */
export function redactHeaders(headers: Headers | undefined): Headers | undefined {
  if (typeof headers?.forEach !== "function") return headers;
  let dirty = false;
  headers.forEach((value) => {
    dirty ||= redact(value) !== value;
  });
  if (!dirty) return headers;
  const clean = new Headers();
  headers.forEach((value, name) => {
    clean.append(name, redact(value));
  });
  return clean;
}

/** A deep copy of a JSON-like value with every string redacted. Cycles are cut. */
export function redactDeep(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return redact(value);
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value)) return "[Circular]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, seen));
  if (value instanceof Error) return { name: value.name, message: redact(value.message) };
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactDeep(item, seen);
  return out;
}
