/** Reads an environment variable on any runtime; browsers and sandboxed Deno simply have none. */
export function readEnv(name: string): string | undefined {
  try {
    const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[
      name
    ];
    if (value !== undefined) return value.trim() || undefined;
    const deno = (globalThis as { Deno?: { env?: { get(key: string): string | undefined } } }).Deno;
    return deno?.env?.get(name)?.trim() || undefined;
  } catch {
    return undefined; // Deno without --allow-env throws; treat as unset.
  }
}
