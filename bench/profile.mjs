// npm run bench:profile: where genway's time goes beyond raw fetch, as the basis for optimisation.
//
// 1. One non-stream chat call: a loop of PROFILE_CALLS calls (bench/profile-chat.mjs) against the
//    server process (bench/server.mjs), profiled for genway and, as the baseline, raw fetch +
//    JSON.parse. Prints µs per call by where the CPU samples fall, then the top frames inside
//    genway (dist mapped back to src/ through the source maps).
// 2. The chat stream: PROFILE_STREAMS streams of 5,002 events (5,003 with genway's usage chunk), genway's stream against fetch +
//    eventsource-parser + JSON.parse per event, the same breakdown per 1000 events.
// 3. Cold import: `node --cpu-prof bench/import-one.mjs genway` in PROFILE_IMPORTS fresh processes,
//    summed, the same breakdown.
// PROFILE_ONLY=<comma list of chat, stream, import> profiles only those.
// Profiles are left in .tmp/profile/ (open them in Chrome DevTools or VS Code).
import { execFile } from "node:child_process";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import { SourceMap } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startServer } from "./server.mjs";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = `file://${join(ROOT, "dist")}/`;
const OUT = join(ROOT, ".tmp", "profile");
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const IMPORTS = Number(process.env.PROFILE_IMPORTS ?? 10);
const TOP = Number(process.env.PROFILE_TOP ?? 15);
const ONLY = process.env.PROFILE_ONLY?.split(",");
const wanted = (part) => !ONLY || ONLY.includes(part);

// ---- reading a .cpuprofile ------------------------------------------------------------------------

const maps = new Map();
async function sourceMapOf(url) {
  if (!maps.has(url)) {
    maps.set(
      url,
      await readFile(`${fileURLToPath(url)}.map`, "utf8")
        .then((text) => new SourceMap(JSON.parse(text)))
        .catch(() => null),
    );
  }
  return maps.get(url);
}

/** "src/core/transport.ts:120 name" for a dist frame, through the source map. */
async function where(frame) {
  const map = await sourceMapOf(frame.url);
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  const name = frame.functionName || "(anonymous)";
  if (!entry?.originalSource) return `${frame.url.slice(DIST.length)}:${frame.lineNumber + 1} ${name}`;
  const source = entry.originalSource.replace(/^.*?(src\/)/, "$1");
  return `${source}:${entry.originalLine + 1} ${name}`;
}

/** A stable name for any frame: genway frames through the source map, others by url and line. */
async function frameKey(frame) {
  if (frame.url.startsWith(DIST)) return `genway ${await where(frame)}`;
  const name = frame.functionName || "(anonymous)";
  if (!frame.url) return name;
  const url = frame.url.replace(/^.*\/node_modules\//, "").replace(/^file:\/\/.*\/bench\//, "bench/");
  return `${name} ${url}:${frame.lineNumber + 1}`;
}

/** The src/ file a line of a dist chunk came from. */
async function fileOfLine(url, line) {
  const entry = (await sourceMapOf(url))?.findEntry(line - 1, 200);
  return entry?.originalSource ? entry.originalSource.replace(/^.*?(src\/)/, "$1") : url.slice(DIST.length);
}

function category(frame) {
  const { url, functionName } = frame;
  if (url.startsWith(DIST)) return "genway (dist)";
  if (url.includes("/node_modules/zod/")) return "zod";
  if (url.includes("/node_modules/eventsource-parser/")) return "eventsource-parser";
  if (url.includes("/node_modules/")) return "other node_modules";
  if (url.includes("/bench/")) return "bench loop";
  if (url.startsWith("node:internal/deps/undici")) return "Node: undici (fetch)";
  if (url.startsWith("node:")) return "Node: other internals";
  if (functionName === "(garbage collector)") return "GC";
  if (functionName === "(idle)") return "idle (waiting on the socket)";
  if (functionName === "(program)") return "V8/native (program)";
  if (functionName === "(root)") return "V8/native (program)";
  return "V8 builtins / native";
}

/**
 * Self time per node (µs, from timeDeltas), and for each sample the innermost genway frame on its
 * stack ("genway-caused": a genway function plus the zod / Node work it calls).
 */
function analyse(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const caused = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const dt = timeDeltas[i + 1] ?? 0;
    const id = samples[i];
    self.set(id, (self.get(id) ?? 0) + dt);
    for (let at = id; at !== undefined; at = parent.get(at)) {
      if (byId.get(at).callFrame.url.startsWith(DIST)) {
        caused.set(at, (caused.get(at) ?? 0) + dt);
        break;
      }
    }
  }
  return { byId, self, caused };
}

async function report(title, profiles, divisor, unit, per) {
  const cats = new Map();
  const frames = new Map();
  const all = new Map();
  const topLevel = new Map();
  const causedFrames = new Map();
  let total = 0;
  let busy = 0;
  for (const profile of profiles) {
    const { byId, self, caused } = analyse(profile);
    for (const [id, us] of self) {
      const node = byId.get(id);
      const frame = node.callFrame;
      const cat = category(frame);
      const fk = await frameKey(frame);
      all.set(fk, (all.get(fk) ?? 0) + us);
      // A module's top-level code: its self time by the src/ file of each sampled line.
      if (frame.url.startsWith(DIST) && frame.lineNumber === 0 && frame.columnNumber === 0) {
        const ticks = node.positionTicks ?? [];
        const sum = ticks.reduce((n, t) => n + t.ticks, 0);
        for (const t of ticks) {
          const file = await fileOfLine(frame.url, t.line);
          topLevel.set(file, (topLevel.get(file) ?? 0) + (us * t.ticks) / sum);
        }
      }
      cats.set(cat, (cats.get(cat) ?? 0) + us);
      total += us;
      if (!cat.startsWith("idle")) busy += us;
      if (cat === "genway (dist)") {
        const key = await where(frame);
        frames.set(key, (frames.get(key) ?? 0) + us);
      }
    }
    for (const [id, us] of caused) {
      const key = await where(byId.get(id).callFrame);
      causedFrames.set(key, (causedFrames.get(key) ?? 0) + us);
    }
  }
  const fmt = (us) => (us / divisor).toFixed(unit === "µs" ? 1 : 2).padStart(8);
  const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  console.log(`\n## ${title}\n`);
  console.log(
    `samples: ${(total / 1000).toFixed(0)} ms in all, ${(busy / 1000).toFixed(0)} ms not idle; figures in ${unit} per ${per}; % of the non-idle samples\n`,
  );
  for (const [cat, us] of [...cats].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${cat.padEnd(32)} ${fmt(us)} ${unit}  ${cat.startsWith("idle") ? "" : pct(us)}`);
  }
  console.log(`\n  top self-time frames inside genway:`);
  for (const [key, us] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`  ${fmt(us)} ${unit} ${pct(us)}  ${key}`);
  }
  if (topLevel.size) {
    console.log(`\n  module top-level code (self), by the src/ file each sampled line came from:`);
    for (const [key, us] of [...topLevel].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`  ${fmt(us)} ${unit} ${pct(us)}  ${key}`);
    }
  }
  console.log(`\n  innermost genway frame on the stack (its self time + the zod / Node work it calls):`);
  for (const [key, us] of [...causedFrames].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`  ${fmt(us)} ${unit} ${pct(us)}  ${key}`);
  }
  return { all, busy };
}

/** The frames whose self time per call grew most from the baseline to genway. */
function diff(base, over, divisor, unit, title) {
  const keys = new Set([...base.all.keys(), ...over.all.keys()]);
  const rows = [...keys]
    .filter((k) => !k.startsWith("(idle)"))
    .map((k) => [k, ((over.all.get(k) ?? 0) - (base.all.get(k) ?? 0)) / divisor])
    .sort((a, b) => b[1] - a[1]);
  const total = (r) =>
    [...r.all].filter(([k]) => !k.startsWith("(idle)")).reduce((n, [, us]) => n + us, 0) / divisor;
  console.log(
    `\n## ${title}: non-idle CPU samples ${total(base).toFixed(1)} -> ${total(over).toFixed(1)} ${unit} per call; the frames that grew most (self time, any code)\n`,
  );
  for (const [k, d] of rows.slice(0, TOP)) console.log(`  ${d.toFixed(1).padStart(7)} ${unit}  ${k}`);
}

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });

// ---- 1. one non-stream chat call, 2. the chat stream --------------------------------------------
const per = (s) => ({ all: new Map([...s.all].map(([k, us]) => [k, us / s.calls])) });
/** Profiles each mode in two processes (interleaved), then reports each and returns the summaries. */
async function profileModes(modes, label, unitPer, perUnit) {
  const loops = {};
  const server = await startServer();
  try {
    for (const mode of [...modes, ...modes]) {
      const file = join(OUT, `chat-${mode}-${loops[mode] ? 2 : 1}.cpuprofile`);
      const { stdout } = await run(process.execPath, [here("./profile-chat.mjs"), server.url, mode, file]);
      (loops[mode] ??= []).push({ ...JSON.parse(stdout), file });
    }
  } finally {
    await server.close();
  }
  const summaries = {};
  for (const mode of modes) {
    const calls = loops[mode].reduce((s, l) => s + l.calls, 0);
    const wall = loops[mode].reduce((s, l) => s + l.wallMs, 0);
    const cpu = loops[mode].reduce((s, l) => s + l.cpuMs, 0);
    const units = calls * perUnit;
    console.log(
      `${mode}: ${calls} ${label} in 2 processes, ${((wall * 1000) / units).toFixed(0)} µs wall, ${((cpu * 1000) / units).toFixed(0)} µs CPU per ${unitPer}`,
    );
    const profiles = await Promise.all(loops[mode].map((l) => readFile(l.file, "utf8").then(JSON.parse)));
    summaries[mode] = await report(`${mode}: where the time goes`, profiles, units, "µs", unitPer);
    summaries[mode].calls = units;
  }
  return summaries;
}

if (wanted("chat")) {
  const summaries = await profileModes(["fetch", "fetch-init", "genway"], "calls", "call", 1);
  // Per-call, both sides normalised by their own number of calls.
  diff(
    per(summaries.fetch),
    per(summaries["fetch-init"]),
    1,
    "µs",
    "raw fetch with genway's init (accept, signal, redirect: manual)",
  );
  diff(
    per(summaries["fetch-init"]),
    per(summaries.genway),
    1,
    "µs",
    "genway over raw fetch with the same init",
  );
  diff(per(summaries.fetch), per(summaries.genway), 1, "µs", "genway over raw fetch");
}

if (wanted("stream")) {
  // Per 1000 events: a stream is 5,002 events (genway 5,003, its usage chunk: 0.02% apart, not told apart here).
  const summaries = await profileModes(["fetch-stream", "genway-stream"], "streams", "1000 events", 5.002);
  diff(
    per(summaries["fetch-stream"]),
    per(summaries["genway-stream"]),
    1,
    "µs",
    "genway's stream over fetch + eventsource-parser + JSON.parse (per 1000 events)",
  );
}

// ---- 3. cold import ---------------------------------------------------------------------------------
const importProfiles = [];
for (let i = 0; i < (wanted("import") ? IMPORTS : 0); i++) {
  const dir = join(OUT, `import-${i}`);
  await run(process.execPath, [
    "--cpu-prof",
    "--cpu-prof-interval=50",
    `--cpu-prof-dir=${dir}`,
    here("./import-one.mjs"),
    "genway",
  ]);
  const [file] = await readdir(dir);
  importProfiles.push(JSON.parse(await readFile(join(dir, file), "utf8")));
}
if (importProfiles.length) {
  await report(
    `cold import("genway"), ${IMPORTS} fresh processes (whole process, per process)`,
    importProfiles,
    IMPORTS * 1000,
    "ms",
    "process",
  );
}
