/**
 * Keeps API keys out of everything genway prints or serializes.
 *
 * Every client registers its key here, so an error built anywhere (even from a server body that
 * echoes the key back) can be scrubbed without threading the key through every call site.
 */
const secrets = new Set<string>();
const REDACTED = "[REDACTED]";
const BEARER = /(Bearer\s+)[^\s"',;]+/gi;

/** Remembers a key so that {@link redact} removes it. Keys shorter than 4 characters are not worth hiding. */
export function registerSecret(secret: string): void {
  if (secret.length >= 4) secrets.add(secret);
}

/** Replaces every registered key, and any bearer token, in a string. */
export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out.includes("earer") || out.includes("EARER") ? out.replace(BEARER, `$1${REDACTED}`) : out;
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
