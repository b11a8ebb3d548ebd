import type { Options, Plugin } from "tsup";

// No tsup import at run time (a type only): vitest.config.ts reads the entries from here cheaply.
// The entries are written once, here: vitest.config.ts and tests/support/bundle.ts read `dts.entry`
// (every exports subpath and the file it is built from), and knip reads `entry` from this file's text.
const config = {
  entry: {
    index: "src/index.ts",
    chat: "src/entries/chat.ts",
    "chat-completions": "src/entries/chat-completions.ts",
    messages: "src/entries/messages.ts",
    responses: "src/entries/responses.ts",
    native: "src/entries/native.ts",
    images: "src/entries/images.ts",
    audio: "src/entries/audio.ts",
    videos: "src/entries/videos.ts",
    vidgen: "src/entries/vidgen.ts",
    musicgen: "src/entries/musicgen.ts",
    "testing/index": "mock/index.ts",
    "testing/msw": "mock/msw.ts",
    "node/index": "src/node/index.ts",
    queue: "src/queue/index.ts",
    "otel/index": "src/otel/index.ts",
    "cli/main": "src/cli/main.ts",
  },
  // Two builds of every entry: ESM (x.js, x.d.ts) and CommonJS (x.cjs, x.d.cts), each split into
  // chunks of its own, so that one build holds one copy of each module (docs/packaging.md).
  format: ["esm", "cjs"],
  target: "es2022",
  platform: "neutral",
  // No source maps in the package: dist/ is unminified JavaScript that a stack trace names as it is; a map
  // would point into src/, which the package does not ship. `npm run bench:profile` builds with them.
  sourcemap: false,
  clean: true,
  splitting: true,
  treeshake: true,
  external: ["zod", "msw", "bullmq", "@opentelemetry/api", /^node:/],
} satisfies Options;

/**
 * The CommonJS build loads its lazy chunks (money, the mock's server) with `require`, not `import()`:
 * a CommonJS host without ES module support, such as Jest's default runtime, fails on `import()`.
 * Runs on esbuild's output before tsup turns each chunk into CommonJS, which keeps the `require`.
 */
const requireLazyChunks: Plugin = {
  name: "require-lazy-chunks",
  renderChunk(code) {
    if (this.format !== "cjs") return;
    return {
      code: code.replace(/\bimport\(("\.{1,2}\/[^"]+\.cjs")\)/g, "Promise.resolve().then(() => require($1))"),
    };
  },
};

/**
 * Chunks that hold only re-exports (a family's index.ts, entries/shared.ts) come out of esbuild with
 * no code, yet every importer still loads them (`import "./chunk-X.js"`, kept for evaluation order):
 * 7 of the 36 modules a cold `import("genway")` loaded, each resolved, read and linked for nothing
 * (bench/import-graph.mjs). An empty chunk has nothing to evaluate, so it is deleted with the lines
 * that load it, in both builds.
 */
async function dropEmptyChunks(dir: string): Promise<void> {
  const { readdir, readFile, rm, writeFile } = await import("node:fs/promises");
  const files = (await readdir(dir, { recursive: true })).filter((f) => /\.(c?js)$/.test(f));
  const empty = new Set<string>();
  for (const file of files) {
    if (!/(^|\/)chunk-[^/]+\.c?js$/.test(file)) continue;
    const code = (await readFile(`${dir}/${file}`, "utf8")).replace(/^'use strict';/, "").trim();
    if (code === "") empty.add(file.slice(file.lastIndexOf("/") + 1));
  }
  if (empty.size === 0) return;
  // tsup writes 'single' quotes, esbuild (the Node build below) "double" ones.
  const loads =
    /^(?:import ['"]\.{1,2}\/(?:[^'"]*\/)?(chunk-[^'"/]+\.js)['"];|require\('\.{1,2}\/(?:[^']*\/)?(chunk-[^'/]+\.cjs)'\);)\n/gm;
  for (const file of files) {
    const name = file.slice(file.lastIndexOf("/") + 1);
    if (empty.has(name)) {
      await rm(`${dir}/${file}`);
      continue;
    }
    const code = await readFile(`${dir}/${file}`, "utf8");
    const kept = code.replace(loads, (line, esm?: string, cjs?: string) =>
      empty.has(esm ?? cjs ?? "") ? "" : line,
    );
    if (kept !== code) await writeFile(`${dir}/${file}`, kept);
  }
}

// The genway command has no types and is ESM only (it is run, never required; it awaits at top level).
const { "cli/main": _command, ...typed } = config.entry;

/**
 * The ESM build for Node, Bun and Deno (the `node` export condition), in dist/node-esm/: ONE module
 * graph for every subpath. In the split build each family subpath is an entry of its own, and
 * esbuild cuts a chunk per set of entries sharing code: a cold `import("genway")` loaded 29 modules
 * (32 ms of CPU, against 15 ms for the same code in one file; bench/import-graph.mjs). Browsers and
 * bundlers keep that build (each subpath tree-shakes to its family); a runtime that loads files
 * from disk gains nothing from it. Here `all.js` holds everything `genway` and the family subpaths
 * export, each family subpath is a file re-exporting its own names from it (so `genway` and
 * `genway/chat` share one copy of the code and of its state: the model catalog, the redacted keys),
 * and the entries that stay apart (testing, msw, node, queue, otel) share chunks with it. The money
 * room and the mock's server stay behind their `import()`, as in the split build.
 *
 * Each subpath exports exactly what the split build's `dist/<name>.js` exports (its types declare
 * those names): the names are read from that file, imported once here; a name two entries export
 * must be the same value in both (one binding in all.js), or the build fails.
 */
async function buildNodeGraph(): Promise<void> {
  const { build } = await import("esbuild");
  const { writeFile } = await import("node:fs/promises");
  const { resolve } = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const families = Object.entries(typed).filter(([, source]) =>
    /^src\/(index|entries\/[^/]+)\.ts$/.test(source),
  );
  const apart = Object.fromEntries(
    Object.entries(typed).filter(([name]) => !families.some(([f]) => f === name)),
  );
  const owner = new Map<string, { value: unknown; source: string }>(); // each name, once, from its first entry
  const subpaths: Array<[name: string, exports: string[]]> = [];
  for (const [name, source] of families) {
    const built: Record<string, unknown> = await import(`${pathToFileURL(resolve(`dist/${name}.js`))}?names`);
    const exports: string[] = [];
    for (const [key, value] of Object.entries(built)) {
      if (key === "default") continue;
      const first = owner.get(key);
      if (first && first.value !== value)
        throw new Error(`dist/node-esm: ${key} differs in ${first.source} and ${source}`);
      if (!first) owner.set(key, { value, source });
      exports.push(key);
    }
    const main = Object.keys(built).find((key) => key !== "default" && built[key] === built.default);
    if (built.default !== undefined && !main)
      throw new Error(`dist/node-esm: ${name}'s default export has no name`);
    subpaths.push([name, main ? [...exports, `${main} as default`] : exports]);
  }
  const bySource = new Map<string, string[]>();
  for (const [key, { source }] of owner) bySource.set(source, [...(bySource.get(source) ?? []), key]);
  const all = [...bySource].map(
    ([source, keys]) => `export { ${keys.join(", ")} } from ${JSON.stringify(resolve(source))};`,
  );
  await build({
    entryPoints: { all: "genway:all", ...apart },
    plugins: [
      {
        name: "genway-all",
        setup(esbuild) {
          esbuild.onResolve({ filter: /^genway:all$/ }, ({ path }) => ({ path, namespace: "genway-all" }));
          esbuild.onLoad({ filter: /.*/, namespace: "genway-all" }, () => ({
            contents: all.join("\n"),
            resolveDir: ".",
          }));
        },
      },
    ],
    outdir: "dist/node-esm",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "neutral",
    target: config.target,
    packages: "external",
    logLevel: "warning",
  });
  for (const [name, exports] of subpaths) {
    await writeFile(`dist/node-esm/${name}.js`, `export { ${exports.join(", ")} } from "./all.js";\n`);
  }
}

export default {
  ...config,
  dts: { entry: typed },
  plugins: [requireLazyChunks],
  onSuccess: async () => {
    await buildNodeGraph();
    await dropEmptyChunks("dist");
  },
  esbuildOptions(options, { format }) {
    if (format === "cjs") options.entryPoints = typed;
  },
} satisfies Options;
