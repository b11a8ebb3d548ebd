/**
 * The genway command built from the sources of this very run: one esbuild bundle of src/cli/main.ts
 * (no type declarations, about a second), so the CLI tests never run a dist/ that is older than
 * src/. It lands in .tmp/cli/main.js, where `../../package.json` is the repository's (the CLI reads
 * its version there, as dist/cli/main.js does). Each test worker builds once; concurrent workers
 * write the same bytes through a rename, so none ever runs a half-written file.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";

const ROOT = join(import.meta.dirname, "..", "..");
const OUT = join(ROOT, ".tmp", "cli", "main.js");

let built: Promise<string> | undefined;

/** The path of the CLI built from src/ (the first call builds it). */
export function cliFromSource(): Promise<string> {
  built ??= (async () => {
    const result = await build({
      entryPoints: [join(ROOT, "src", "cli", "main.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // Dependencies (zod, eventsource-parser) load from node_modules, as they do for dist/.
      packages: "external",
      write: false,
      logLevel: "silent",
    });
    await mkdir(join(ROOT, ".tmp", "cli"), { recursive: true });
    const partial = `${OUT}.${randomUUID()}`;
    await writeFile(partial, result.outputFiles[0]!.contents);
    await rename(partial, OUT);
    return OUT;
  })();
  return built;
}
