/**
 * The runtime matrix (npm run test:matrix, after npm run build): packs the package as npm would
 * publish it, installs the tarball into a scratch project (.tmp/matrix) next to the runtimes it is
 * tested on, starts the mock gateway from that installed copy on loopback, and runs
 * matrix/scenario.mjs in every runtime, each through its own small runner in matrix/runners. The
 * "require" rows load the CommonJS build beside the ESM one (an error of one is instanceof the
 * other's classes); the TypeScript row typechecks a CommonJS project with TypeScript 5.9.
 *
 *   node matrix/run.mjs                 every runtime
 *   node matrix/run.mjs deno chromium   only the runtimes whose name contains one of the words
 *   node matrix/run.mjs install         only the clean installs (npm on Node 20.19.0 and 24: no EBADENGINE)
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { packInto } from "../scripts/pack.mjs";
import { RESULT_PREFIX } from "./scenario.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const WORK = join(ROOT, ".tmp", "matrix");
const RUNTIME_TIMEOUT_MS = 120_000;

/** Everything the runners need besides the package, pinned so that a run is repeatable. */
const SCRATCH_DEPENDENCIES = {
  node20: "npm:node@20.20.2",
  // The oldest Node genway's engines admit: a clean install there must print no EBADENGINE.
  "node20-floor": "npm:node@20.19.0",
  node22: "npm:node@22.23.3",
  bun: "1.4.5",
  deno: "2.9.6",
  miniflare: "4.20260730.0",
  "edge-runtime": "4.0.1",
  "playwright-core": "1.65.1",
  esbuild: "0.28.2",
  // A TypeScript 5 project with `module: commonjs` (runners/typescript.mjs), on Node 20's types.
  typescript: "5.9.3",
  "@types/node": "20.19.43",
};

const bin = (name) => join(WORK, "node_modules", ".bin", name);
const NODE20 = join(WORK, "node_modules", "node20", "bin", "node");
const NODE22 = join(WORK, "node_modules", "node22", "bin", "node");
const NODE20_FLOOR = join(WORK, "node_modules", "node20-floor", "bin", "node");
const NODE24 = process.execPath; // the repo's own Node 24 (the `node` devDependency) runs npm scripts
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const RUNTIMES = [
  { name: "node 20 import", command: [NODE20, "runners/entry.mjs"], version: [NODE20, "--version"] },
  { name: "node 20 require", command: [NODE20, "runners/entry.cjs"], version: [NODE20, "--version"] },
  { name: "node 22 import", command: [NODE22, "runners/entry.mjs"], version: [NODE22, "--version"] },
  { name: "node 22 require", command: [NODE22, "runners/entry.cjs"], version: [NODE22, "--version"] },
  { name: "node 24 import", command: [NODE24, "runners/entry.mjs"], version: [NODE24, "--version"] },
  { name: "node 24 require", command: [NODE24, "runners/entry.cjs"], version: [NODE24, "--version"] },
  {
    name: "typescript 5.9 commonjs",
    command: [NODE20, "runners/typescript.mjs"],
    version: packageVersion("typescript"),
  },
  { name: "bun", command: [bin("bun"), "runners/entry.mjs"], version: [bin("bun"), "--version"] },
  {
    name: "deno",
    command: [bin("deno"), "run", "--allow-env", "--allow-net", "--allow-read", "runners/entry.mjs"],
    version: [bin("deno"), "--version"],
  },
  {
    name: "workerd (miniflare)",
    command: [NODE24, "runners/workerd.mjs"],
    version: [bin("workerd"), "--version"],
  },
  { name: "edge-runtime", command: [NODE24, "runners/edge.mjs"], version: packageVersion("edge-runtime") },
  { name: "chromium", command: [NODE24, "runners/browser.mjs"], version: [CHROMIUM, "--version"] },
];

const filters = process.argv.slice(2);
const selected = RUNTIMES.filter((r) => filters.length === 0 || filters.some((f) => r.name.includes(f)));
// The clean-install check (below) runs with every runtime, or alone with the word "install".
const installs = filters.length === 0 || filters.includes("install");
if (selected.length === 0 && !installs) fail(`no runtime matches ${filters.join(", ")}`);

const setupStarted = Date.now();
const tarball = await prepareScratch();
const setupMs = Date.now() - setupStarted;
console.log(`packed ${tarball} and installed it with the runtimes in ${seconds(setupMs)}`);

const testing = await import(
  pathToFileURL(createRequire(join(WORK, "package.json")).resolve("genway/testing")).href
);
const mock = testing.createMockGateway();
const server = await mock.listen();
const env = { ...process.env, GENWAY_BASE_URL: server.url, GENWAY_API_KEY: mock.apiKey };
delete env.NODE_OPTIONS; // npm's own settings are not for the runtimes under test

const rows = [];
try {
  for (const runtime of selected) rows.push(await runRuntime(runtime, env));
} finally {
  await server.close();
}

printTable(rows);
// One engines truth: a user's clean install, with npm run by the oldest Node genway admits and by
// Node 24, warns of no engine a dependency declares (docs/packaging.md, "Engines").
if (installs) {
  for (const [name, node] of [
    ["npm install on node 20.19.0", NODE20_FLOOR],
    ["npm install on node 24", NODE24],
  ]) {
    const row = cleanInstall(name, node, tarball);
    console.log(`${row.ok ? "ok  " : "FAIL"} ${name}: ${row.summary}`);
    rows.push(row);
  }
}
const failed = rows.filter((r) => !r.ok);
for (const row of failed) console.log(`\n--- ${row.name} failed ---\n${row.log}`);
console.log(`\nsetup ${seconds(setupMs)}, runtimes ${seconds(rows.reduce((sum, r) => sum + r.ms, 0))}`);
console.log(`${rows.length - failed.length} passed, ${failed.length} failed`);
process.exitCode = failed.length === 0 ? 0 : 1;

async function prepareScratch() {
  if (!existsSync(join(ROOT, "dist", "index.js"))) fail("no dist/: run npm run build first");
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
  // The dist/ checked above is what gets packed (scripts/pack.mjs).
  const filename = basename(packInto(WORK));
  await writeFile(
    join(WORK, "package.json"),
    JSON.stringify(
      {
        name: "genway-matrix",
        private: true,
        dependencies: { genway: `file:./${filename}`, ...SCRATCH_DEPENDENCIES },
      },
      null,
      2,
    ),
  );
  run("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock"], { cwd: WORK });
  // The same layout as here, so that the runners' "../scenario.mjs" resolves in both places.
  const here = dirname(fileURLToPath(import.meta.url));
  await cp(join(here, "scenario.mjs"), join(WORK, "scenario.mjs"));
  await cp(join(here, "runners"), join(WORK, "runners"), { recursive: true });
  return filename;
}

function runRuntime(runtime, env) {
  const version = Array.isArray(runtime.version)
    ? shortVersion(run(runtime.version[0], runtime.version.slice(1), { cwd: WORK, soft: true }))
    : runtime.version;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(runtime.command[0], runtime.command.slice(1), { cwd: WORK, env, detached: true });
    let log = "";
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    const timer = setTimeout(() => {
      log += `\n(timed out after ${RUNTIME_TIMEOUT_MS} ms)`;
      process.kill(-child.pid, "SIGKILL");
    }, RUNTIME_TIMEOUT_MS);
    child.on("error", (error) => (log += `\n${error.message}`));
    child.on("close", (code) => {
      clearTimeout(timer);
      const ms = Date.now() - started;
      const line = log.split("\n").find((l) => l.startsWith(RESULT_PREFIX));
      let checks = [];
      try {
        checks = line ? JSON.parse(line.slice(RESULT_PREFIX.length)) : [];
      } catch (error) {
        log += `\nunreadable result: ${error.message}`;
      }
      const ok = code === 0 && checks.length >= 3 && checks.every((c) => c.ok);
      resolve({ name: runtime.name, version, ok, ms, checks, log });
    });
  });
}

/**
 * The packed tarball and zod installed into an empty project, as a user would, with npm run by
 * `node`: npm prints EBADENGINE for every installed package whose `engines.node` that Node misses.
 */
function cleanInstall(name, node, tarball) {
  const npm = process.env.npm_execpath;
  if (!npm) fail("run the matrix through npm (npm run test:matrix): the install check runs npm's own CLI");
  const dir = mkdtempSync(join(tmpdir(), "genway-install-"));
  const started = Date.now();
  try {
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "genway-install", private: true }));
    const zod = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).peerDependencies.zod;
    const result = spawnSync(
      node,
      [npm, "install", join(WORK, tarball), `zod@${zod}`, "--no-audit", "--no-fund", "--prefer-offline"],
      { cwd: dir, encoding: "utf8" },
    );
    const log = `${result.stdout}${result.stderr}`;
    const engines = log.split("\n").filter((line) => line.includes("EBADENGINE"));
    const ok = result.status === 0 && engines.length === 0;
    const summary =
      result.status !== 0 ? `npm exited ${result.status}` : `${engines.length} EBADENGINE lines`;
    return { name, ok, ms: Date.now() - started, checks: [], log, summary };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printTable(rows) {
  const names = [...new Set(rows.flatMap((r) => r.checks.map((c) => c.name)))];
  const header = ["runtime", "version", ...names, "time"];
  const body = rows.map((r) => [
    r.name,
    r.version,
    ...names.map((name) => {
      const c = r.checks.find((x) => x.name === name);
      if (c) return `${c.ok ? "ok" : "FAIL"} ${c.ms}ms`;
      return r.checks.length > 0 ? "-" : "FAIL"; // "-": a check only the browser runs
    }),
    seconds(r.ms),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of body) console.log(line(row));
}

function run(command, args, { cwd, soft = false }) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0 && !soft) {
    fail(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout ?? "";
}

function packageVersion(name) {
  return SCRATCH_DEPENDENCIES[name];
}

/** "deno 2.9.6 (stable, ...)" -> "2.9.6"; workerd reports its compatibility date. */
function shortVersion(output) {
  return output.match(/\d+\.\d+\.\d+(?:\.\d+)?|\d{4}-\d\d-\d\d/)?.[0] ?? (output.trim() || "?");
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)}s`;
}

function fail(message) {
  console.error(`matrix: ${message}`);
  process.exit(1);
}
