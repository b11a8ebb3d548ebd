// npm run bench: every figure of issue 15 from one run, measured the way users run.
//
// - The gateway is bench/server.mjs in its own process; each client measurement runs in a fresh
//   process of its own (bench/calls.mjs, bench/import-one.mjs, bench/speech.mjs) that does only
//   client work.
// - Per-call and stream figures: many short rounds, interleaved (raw fetch, genway, openai in turn,
//   the first one rotating); every figure is the median over rounds with its spread (the
//   interquartile range from 8 rounds on, min-max below that), and ratios are taken round by round
//   (genway's round i over raw's round i) before the median, so load that comes and goes hits both
//   sides of a ratio alike. CPU time (process.cpuUsage of the client process) is the figure least
//   moved by other load on the machine; wall time is what a user waits.
// - Cold import: median of 15 fresh processes per package, interleaved (zod/mini alone as a reference).
// - Speech: N MiB streamed to /dev/null, raw fetch and genway each in a fresh process, interleaved.
// - Bundles: esbuild, platform browser, minified, gzip 9 (bench/bundles.mjs).
//
// BENCH_QUICK=1 runs a short smoke version (same figures, fewer and smaller rounds).
// BENCH_JSON=<file> also writes the raw per-round numbers there.
// BENCH_ONLY=<comma list of chat, task, stream, counts, prices, import, speech, bundles> runs only those figures
// (e.g. BENCH_ONLY=stream for a targeted stream run).
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { measureBundles } from "./bundles.mjs";
import { startServer } from "./server.mjs";

const run = promisify(execFile);
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const QUICK = !!process.env.BENCH_QUICK && process.env.BENCH_QUICK !== "0";
const env = (name, full, quick) => Number(process.env[name] ?? (QUICK ? quick : full));
const IMPORTS = env("BENCH_IMPORTS", 15, 3);
const SPEECH_MIB = env("BENCH_SPEECH_MIB", 256, 16);
const SPEECH_ROUNDS = env("BENCH_SPEECH_ROUNDS", 5, 1);
const ONLY = process.env.BENCH_ONLY?.split(",");
const wanted = (figure) => !ONLY || ONLY.includes(figure);
const CALL_FIGURES = ["chat", "task", "stream"];
const callsEnv = {
  BENCH_CALLS: String(env("BENCH_CALLS", 100, 50)),
  BENCH_STREAMS: String(env("BENCH_STREAMS", 1, 1)),
  BENCH_ROUNDS: String(env("BENCH_ROUNDS", 41, 3)),
  BENCH_WARMUP: String(env("BENCH_WARMUP", 300, 50)),
  BENCH_ONLY: CALL_FIGURES.filter(wanted).join(","),
};
const node = (args, extraEnv = {}) =>
  run(process.execPath, args, { env: { ...process.env, ...extraEnv }, maxBuffer: 1 << 24 }).then((r) =>
    r.stdout.trim(),
  );
const log = (message) => process.stderr.write(`bench: ${message}\n`);

const load = [loadavg()[0]];
const started = Date.now();
const server = await startServer();
let calls = { results: {} };
let prices = { results: {} };
/** Per non-stream call: promises and timers created, heap bytes allocated (bench/counts.mjs). */
let counts = {};
// zod/mini alone: genway's one runtime dependency of weight, measured to show its share of genway's import.
const imports = { genway: [], openai: [], "@anthropic-ai/sdk": [], "zod/mini": [] };
const speech = { fetch: [], genway: [] };
try {
  log(`server process ${server.pid} at ${server.url}; per-call and stream rounds (${callsEnv.BENCH_ROUNDS})`);
  if (callsEnv.BENCH_ONLY) calls = JSON.parse(await node([here("./calls.mjs"), server.url], callsEnv));
  load.push(loadavg()[0]);

  log("per-call counts: promises, timers and heap bytes of one non-stream call");
  if (wanted("counts")) {
    counts = JSON.parse(
      await node(["--max-semi-space-size=256", "--expose-gc", here("./counts.mjs"), server.url], callsEnv),
    );
  }

  log("live prices: requests and time of a client's first and later calls");
  if (wanted("prices")) prices = JSON.parse(await node([here("./prices.mjs"), server.url], callsEnv));

  log(`cold import, ${IMPORTS} fresh processes per package`);
  for (let i = 0; i < (wanted("import") ? IMPORTS : 0); i++) {
    for (const specifier of Object.keys(imports)) {
      imports[specifier].push(JSON.parse(await node([here("./import-one.mjs"), specifier])));
    }
  }
  load.push(loadavg()[0]);

  log(`speech, ${SPEECH_MIB} MiB to /dev/null, ${SPEECH_ROUNDS} rounds`);
  for (let i = 0; i < (wanted("speech") ? SPEECH_ROUNDS : 0); i++) {
    for (const target of Object.keys(speech)) {
      speech[target].push(
        JSON.parse(await node(["--expose-gc", here("./speech.mjs"), server.url, target, String(SPEECH_MIB)])),
      );
    }
  }
  load.push(loadavg()[0]);
} finally {
  await server.close();
}
log("bundles");
const bundles = wanted("bundles") ? await measureBundles() : [];
const seconds = (Date.now() - started) / 1000;

// ---- report -------------------------------------------------------------------------------------

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => {
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) => {
  const s = sorted(xs);
  const at = (s.length - 1) * q;
  return s[Math.floor(at)] + (s[Math.ceil(at)] - s[Math.floor(at)]) * (at - Math.floor(at));
};
/** "median (spread)": the interquartile range from 8 values on, min-max below that. */
const stat = (xs, digits = 0, unit = "") => {
  if (xs.length === 1) return `${xs[0].toFixed(digits)}${unit}`;
  const [lo, hi] =
    xs.length >= 8 ? [quantile(xs, 0.25), quantile(xs, 0.75)] : [Math.min(...xs), Math.max(...xs)];
  return `${median(xs).toFixed(digits)}${unit} (${lo.toFixed(digits)}-${hi.toFixed(digits)})`;
};
const ratios = (a, b) => a.map((x, i) => x / b[i]);
const ratio = (a, b) => `${stat(ratios(a, b), 2, "x")}`;

const r = calls.results;
const wallOf = (name) => imports[name].map((x) => x.wall);
const cpuOf = (name) => imports[name].map((x) => x.cpu);
const rows = [];
const row = (figure, raw, genway, openai, genwayRatio, openaiRatio) =>
  rows.push([figure, raw, genway, openai, genwayRatio, openaiRatio]);

for (const [figure, key] of [
  ["non-stream chat, wall µs/call", "chatWallUs"],
  ["non-stream chat, CPU µs/call", "chatCpuUs"],
  ["task query (videos.retrieve), wall µs/call", "taskWallUs"],
  ["task query (videos.retrieve), CPU µs/call", "taskCpuUs"],
]) {
  if (!r[key]) continue;
  const { fetch, genway, openai } = r[key];
  row(
    figure,
    stat(fetch),
    stat(genway),
    openai ? stat(openai) : "-",
    ratio(genway, fetch),
    openai ? ratio(openai, fetch) : "-",
  );
}
if (r.streamEventsPerSec) {
  const { fetch, genway, openai } = r.streamEventsPerSec;
  const k = (xs) => xs.map((x) => x / 1000);
  row(
    "chat stream, 1000 events/s",
    stat(k(fetch)),
    stat(k(genway)),
    stat(k(openai)),
    ratio(genway, fetch),
    ratio(openai, fetch),
  );
}
if (r.streamCpuUsPer1000) {
  const { fetch, genway, openai } = r.streamCpuUsPer1000;
  row(
    "chat stream, CPU ms per 1000 events",
    stat(
      fetch.map((x) => x / 1000),
      1,
    ),
    stat(
      genway.map((x) => x / 1000),
      1,
    ),
    stat(
      openai.map((x) => x / 1000),
      1,
    ),
    ratio(genway, fetch),
    ratio(openai, fetch),
  );
}
if (prices.results.firstRequests) {
  // The "raw limit" column is a plain genway client here (no budget, onCost or group: no price load).
  const p = prices.results;
  row(
    "live prices: requests of a client's first call (raw column: a plain client; + /api/pricing and /api/status, sent in parallel: one round trip)",
    stat(p.firstRequests.plain),
    stat(p.firstRequests.priced),
    "-",
    "-",
    "-",
  );
  for (const [figure, key, digits, paired] of [
    ["live prices: requests per later call", "laterRequests", 2, false],
    ["live prices: first call, wall µs", "firstUs", 0, true],
    ["live prices: later calls, wall µs/call", "laterUs", 0, true],
  ]) {
    const { plain, priced } = p[key];
    row(figure, stat(plain, digits), stat(priced, digits), "-", paired ? ratio(priced, plain) : "-", "-");
  }
}
if (wanted("import")) {
  row(
    `cold import, wall ms (${IMPORTS} processes; anthropic ${stat(wallOf("@anthropic-ai/sdk"), 1)}; zod/mini alone ${stat(wallOf("zod/mini"), 1)})`,
    "-",
    stat(wallOf("genway"), 1),
    stat(wallOf("openai"), 1),
    `${ratio(wallOf("genway"), wallOf("openai"))} openai`,
    "-",
  );
  row(
    `cold import, CPU ms (anthropic ${stat(cpuOf("@anthropic-ai/sdk"), 1)}; zod/mini alone ${stat(cpuOf("zod/mini"), 1)})`,
    "-",
    stat(cpuOf("genway"), 1),
    stat(cpuOf("openai"), 1),
    `${ratio(cpuOf("genway"), cpuOf("openai"))} openai`,
    "-",
  );
}
if (wanted("speech")) {
  const growth = (t) => speech[t].map((s) => s.growthMB);
  const rate = (t) => speech[t].map((s) => s.bytes / 1048576 / s.seconds);
  row(
    `speech ${SPEECH_MIB} MiB to /dev/null, peak RSS growth MiB`,
    stat(growth("fetch"), 1),
    stat(growth("genway"), 1),
    "-",
    ratio(growth("genway"), growth("fetch")),
    "-",
  );
  row(
    `speech ${SPEECH_MIB} MiB to /dev/null, MiB/s`,
    stat(rate("fetch")),
    stat(rate("genway")),
    "-",
    ratio(rate("genway"), rate("fetch")),
    "-",
  );
}
for (const [figure, key, digits] of [
  ["non-stream chat, promises created per call", "promises", 0],
  ["non-stream chat, timers created per call", "timers", 1],
  ["non-stream chat, heap kB allocated per call", "bytes", 1],
]) {
  if (!counts.genway) break;
  const scale = key === "bytes" ? 1 / 1000 : 1;
  const cell = (name) => (counts[name][key] * scale).toFixed(digits);
  const per = (name) => `${(counts[name][key] / counts.fetch[key]).toFixed(2)}x`;
  row(figure, cell("fetch"), cell("genway"), cell("openai"), per("genway"), per("openai"));
}
for (const b of bundles) {
  // Whole (dynamic imports inlined), and as a code-splitting bundler loads it: initial + lazy.
  const size = `${(b.gzip / 1000).toFixed(1)} kB (initial ${(b.initial / 1000).toFixed(1)} + lazy ${(b.lazy / 1000).toFixed(1)}; min ${(b.min / 1000).toFixed(1)} kB)`;
  const isOther = !b.label.startsWith("genway");
  row(`bundle min+gzip: ${b.label}`, "-", isOther ? "-" : size, isOther ? size : "-", "-", "-");
}

const header = ["figure", "raw limit", "genway", "other SDK", "genway / raw", "openai / raw"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((x) => x[i].length)));
const line = (cells) =>
  `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
const cpu = cpus()[0]?.model ?? "unknown CPU";
console.log(
  `\ngenway bench ${QUICK ? "(QUICK: smoke only, not figures) " : ""}- ${new Date().toISOString().slice(0, 10)}, ` +
    `Node ${process.version}, ${availableParallelism()} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${process.platform}`,
);
const rounds =
  calls.calls === undefined
    ? ""
    : `per-call: ${calls.calls} calls x ${calls.rounds} interleaved rounds; streams: ${calls.streams} x ${calls.streamChunks + 2} events (genway ${calls.streamChunks + 3}: its usage chunk) x ${calls.rounds} rounds; `;
console.log(
  `${rounds}speech: ${SPEECH_ROUNDS} rounds; load average (1 min) during the run: ${load.map((x) => x.toFixed(1)).join(", ")}; ${seconds.toFixed(0)} s`,
);
console.log(
  "cells: median (spread: interquartile range over 8+ rounds or processes, else min-max); ratios are per round (or process pair), then the median\n",
);
console.log(line(header));
console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
for (const x of rows) console.log(line(x));

if (process.env.BENCH_JSON) {
  await writeFile(
    process.env.BENCH_JSON,
    JSON.stringify({ calls, prices, imports, speech, bundles, load }, null, 2),
  );
}
