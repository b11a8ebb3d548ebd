// What a cold `import("genway")` spends on its module graph: the modules Node loads for it, in the
// split build (dist/<entry>.js, what browsers and bundlers resolve) and in the Node build
// (dist/node-esm/<entry>.js, what `genway` resolves to on Node, Bun and Deno), and the same code as
// one file (esbuild's bundle of the split build's entry, zod left out as the package leaves it),
// each imported in fresh processes, interleaved. The difference is what loading the entry's chunks
// one by one costs (resolving, reading, compiling and linking each), apart from the code.
//   npm run build && node bench/import-graph.mjs          (IMPORT_GRAPH_RUNS=15, IMPORT_GRAPH_ENTRY=index)
import { execFile } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.IMPORT_GRAPH_RUNS ?? 15);
const ENTRY = process.env.IMPORT_GRAPH_ENTRY ?? "index";
const OUT = `${ROOT}.tmp/import-graph`;

// Run in a child: the modules one import loads (a module hook sees each), or its CPU and wall ms.
const COUNT = `
import { registerHooks } from "node:module";
let modules = 0;
registerHooks({ load(url, context, next) { if (url.startsWith("file:")) modules++; return next(url, context); } });
await import(process.argv[1]);
process.stdout.write(String(modules));`;
const TIME = `
const cpu = process.cpuUsage();
const start = performance.now();
await import(process.argv[1]);
const wall = performance.now() - start;
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ wall, cpu: (used.user + used.system) / 1000 }));`;
const child = async (code, file) =>
  (await run(process.execPath, ["--input-type=module", "-e", code, file], { cwd: ROOT })).stdout;

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const chunked = `${ROOT}dist/${ENTRY}.js`;
const single = `${OUT}/${ENTRY}.js`;
await build({
  entryPoints: [chunked],
  bundle: true,
  format: "esm",
  platform: "neutral",
  external: ["zod", "zod/*"],
  outfile: single,
  logLevel: "error",
});

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows = {
  "the split build (its chunks)": chunked,
  "the Node build (node condition)": `${ROOT}dist/node-esm/${ENTRY}.js`,
  "the same code in one file": single,
};
const times = Object.fromEntries(Object.keys(rows).map((name) => [name, { wall: [], cpu: [] }]));
for (let i = 0; i < RUNS; i++) {
  for (const [name, file] of Object.entries(rows)) {
    const { wall, cpu } = JSON.parse(await child(TIME, file));
    times[name].wall.push(wall);
    times[name].cpu.push(cpu);
  }
}
console.log(
  `cold import of dist/${ENTRY}.js, ${RUNS} fresh processes each (medians), Node ${process.version}`,
);
for (const [name, file] of Object.entries(rows)) {
  const modules = await child(COUNT, file);
  const { wall, cpu } = times[name];
  console.log(
    `  ${name.padEnd(34)} ${modules.padStart(3)} modules  ${median(cpu).toFixed(1)} ms CPU  ${median(wall).toFixed(1)} ms wall`,
  );
}
await rm(OUT, { recursive: true, force: true });
