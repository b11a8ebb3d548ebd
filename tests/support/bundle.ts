/**
 * Programs the tests run in processes of their own (the genway command, the queue's workers, the
 * examples), built from this run's sources: one esbuild bundle each, in a fraction of a second, with
 * `genway` and its subpaths resolving to src/ as in vitest.config.ts (the entries of tsup.config.ts).
 * So a child process never runs a dist/ older than src/, and no test waits on a build of the
 * package. Dependencies are bundled too (one file loads faster than zod's many modules, in every
 * process that starts), except BullMQ and its Redis client, which read files beside their own.
 *
 * A bundle lands in .tmp/bundles/, two folders down like dist/cli/main.js, so `../../package.json`
 * is the repository's (the CLI reads its version there). Each test worker bundles an entry once;
 * concurrent workers write the same bytes through a rename, so none ever runs a half-written file.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import tsup from "../../tsup.config.js";

const ROOT = join(import.meta.dirname, "..", "..");
const OUT = join(ROOT, ".tmp", "bundles");

/** `genway`, `genway/chat` ... -> their source files (the package's exports, by tsup's entry names). */
const alias = Object.fromEntries(
  Object.entries(tsup.dts.entry).map(([name, file]) => [
    name === "index" ? "genway" : `genway/${name.replace(/\/index$/, "")}`,
    join(ROOT, file),
  ]),
);

const built = new Map<string, Promise<string[]>>();

/**
 * The paths of `entries` (relative to the repository) bundled from this run's sources, each a
 * program of its own (no code shared between them, as between processes): the first call bundles
 * them in one esbuild run, later calls with the same entries get the same files.
 */
export function bundled(...entries: string[]): Promise<string[]> {
  const key = entries.join("\n");
  let paths = built.get(key);
  if (!paths) {
    paths = bundle(entries);
    built.set(key, paths);
  }
  return paths;
}

/** `examples/queue/worker.ts` -> `examples-queue-worker`. */
const nameOf = (entry: string) => entry.replace(/\.ts$/, "").replace(/\//g, "-");

async function bundle(entries: string[]): Promise<string[]> {
  const result = await build({
    entryPoints: Object.fromEntries(entries.map((entry) => [nameOf(entry), join(ROOT, entry)])),
    outdir: OUT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["bullmq", "ioredis"],
    alias,
    write: false,
    logLevel: "silent",
  });
  await mkdir(OUT, { recursive: true });
  await Promise.all(
    result.outputFiles.map(async (file) => {
      const partial = `${file.path}.${randomUUID()}`;
      await writeFile(partial, file.contents);
      await rename(partial, file.path);
    }),
  );
  return entries.map((entry) => join(OUT, `${nameOf(entry)}.js`));
}

/**
 * The package as an app installs it, bundled from this run's sources into
 * `<folder>/node_modules/genway`: every exports subpath as an ES module (code shared between them in
 * chunks, as in dist/), the peers (zod, msw, BullMQ, OpenTelemetry) left to resolve from the
 * repository's node_modules. Written once per test worker; `<folder>` gets a package.json of its
 * own, so a script there imports `genway` as a user's would, not the repository by its own name.
 */
export async function installedBundle(folder: string): Promise<void> {
  const target = join(folder, "node_modules", "genway");
  const entries = Object.fromEntries(
    Object.entries(tsup.dts.entry).map(([name, file]) => [name, join(ROOT, file)]),
  );
  await build({
    entryPoints: entries,
    outdir: target,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["zod", "msw", "bullmq", "ioredis", "@opentelemetry/api"],
    logLevel: "silent",
  });
  const exports = Object.fromEntries(
    Object.keys(entries).map((name) => [
      name === "index" ? "." : `./${name.replace(/\/index$/, "")}`,
      `./${name}.js`,
    ]),
  );
  await writeFile(
    join(target, "package.json"),
    JSON.stringify({ name: "genway", type: "module", exports }, null, 2),
  );
  await writeFile(
    join(folder, "package.json"),
    JSON.stringify({ name: "app", private: true, type: "module" }),
  );
}
