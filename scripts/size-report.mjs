/**
 * Where the bytes of a browser bundle go (npm run size:report). size-limit (.size-limit.json)
 * enforces the budget on dist/; this script explains it: it bundles the same way (esbuild, browser,
 * minified, every dependency included) from the sources, reads esbuild's metafile and attributes
 * each output byte to a dependency or a src/ folder, and estimates each part's gzip share.
 *
 *   node scripts/size-report.mjs             the full client, the genway/chat entry, then genway/chat-completions
 *   node scripts/size-report.mjs --compare   also the other SDKs' chat-only bundles, for reference
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const ROOT = join(import.meta.dirname, "..");
const SRC = (path) => JSON.stringify(join(ROOT, "src", path));

const SCENARIOS = {
  "full client (new Genway(), every namespace)": `
    import { Genway } from ${SRC("index.ts")};
    globalThis.client = new Genway({ baseURL: "https://gw.example", apiKey: "k", dangerouslyAllowBrowser: true });`,
  "genway/chat (new ChatClient(), the four chat formats)": `
    import { ChatClient } from ${SRC("entries/chat.ts")};
    globalThis.client = new ChatClient({ baseURL: "https://gw.example", apiKey: "k", dangerouslyAllowBrowser: true });`,
  "genway/chat-completions (new ChatCompletionsClient(), one chat format)": `
    import { ChatCompletionsClient } from ${SRC("entries/chat-completions.ts")};
    globalThis.client = new ChatCompletionsClient({ baseURL: "https://gw.example", apiKey: "k", dangerouslyAllowBrowser: true });`,
};

/**
 * The exact marginal cost of each part: the same bundle with its imports left external (so its
 * bytes, and what only it pulls in, leave the bundle). Each test sees an import as written and the
 * file that imports it.
 */
const fromSrc = (importer) => importer.includes("/src/");
const LEVERS = {
  zod: (path) => path === "zod" || path.startsWith("zod/"),
  "the SSE reader (core/streams/sse.ts)": (path, importer) => fromSrc(importer) && path === "./sse.js",
  "the task machinery (core/tasks, via client-options.ts)": (path, importer) =>
    fromSrc(importer) && path.endsWith("/core/tasks/index.js"),
  "money (src/money, a dynamic import of client-money.ts)": (path, importer) =>
    fromSrc(importer) && path === "./money/client.js",
};

const COMPARE = {
  "openai (chat only)": `import OpenAI from "openai";
    globalThis.c = new OpenAI({ apiKey: "k", dangerouslyAllowBrowser: true }).chat.completions;`,
  "@anthropic-ai/sdk (messages only)": `import Anthropic from "@anthropic-ai/sdk";
    globalThis.c = new Anthropic({ apiKey: "k", dangerouslyAllowBrowser: true }).messages;`,
  "@google/genai (generateContent only)": `import { GoogleGenAI } from "@google/genai";
    globalThis.c = new GoogleGenAI({ apiKey: "k" }).models;`,
};

const dir = mkdtempSync(join(tmpdir(), "genway-size-"));
try {
  for (const [name, code] of Object.entries(SCENARIOS)) {
    const result = await bundle(code);
    report(name, result, true);
    for (const [part, leaveOut] of Object.entries(LEVERS)) {
      const without = await bundle(code, leaveOut);
      const saved =
        gzipSync(result.output, { level: 9 }).length - gzipSync(without.output, { level: 9 }).length;
      console.log(`  without ${part}: ${kb(saved)} min+gzip less`);
    }
  }
  if (process.argv.includes("--compare")) {
    for (const [name, code] of Object.entries(COMPARE)) report(name, await bundle(code), false);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The bundle of `code`; `leaveOut(path, importer)` marks imports to leave external. */
async function bundle(code, leaveOut) {
  const entry = join(dir, "entry.mjs");
  writeFileSync(entry, code);
  const result = await esbuild.build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    nodePaths: [join(ROOT, "node_modules")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    plugins: leaveOut
      ? [
          {
            name: "leave-out",
            setup(build) {
              build.onResolve({ filter: /.*/ }, ({ path, importer }) =>
                leaveOut(path, importer) ? { path, external: true } : undefined,
              );
            },
          },
        ]
      : [],
    logLevel: "error",
  });
  const output = result.outputFiles[0].contents;
  return { output, inputs: Object.values(result.metafile.outputs)[0].inputs };
}

function report(name, { output, inputs }, detail) {
  const gzip = gzipSync(output, { level: 9 }).length; // as size-limit measures
  console.log(`\n${name}: ${kb(output.length)} min, ${kb(gzip)} min+gzip`);
  if (!detail) return;
  const groups = new Map();
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    if (path.endsWith("entry.mjs")) continue;
    const group = groupOf(relative(ROOT, path));
    groups.set(group, (groups.get(group) ?? 0) + bytesInOutput);
  }
  // A part's gzip share is estimated as its share of the minified bytes.
  const rows = [...groups].filter(([, bytes]) => bytes > 0).sort((a, b) => b[1] - a[1]);
  for (const [group, bytes] of rows) {
    const share = bytes / output.length;
    console.log(`  ${group.padEnd(34)} ${kb(bytes).padStart(9)} min  ~${kb(share * gzip).padStart(8)} gz`);
  }
}

function groupOf(path) {
  const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return `dependency ${pkg}`;
  // A family, or a room of core: the rooms are what a change is weighed against.
  const room = path.match(/^src\/(resources|core)\/([^/]+)/);
  if (room) return `src/${room[1]}/${room[2]}`;
  return path.match(/^src\/[^/]+(?=\/)/)?.[0] ?? path;
}

function kb(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
