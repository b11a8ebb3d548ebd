// TypeScript 5.x in a CommonJS project (the scratch's typescript, pinned in matrix/run.mjs):
// runners/typescript/app.ts, which imports genway and four subpaths, typechecks with `module:
// commonjs` (TypeScript's node10 resolution, which reads typesVersions) and with `module: node16`
// (the exports map's require condition), and the CommonJS that tsc emits runs against the mock.
import { spawnSync } from "node:child_process";
import { RESULT_PREFIX } from "../scenario.mjs";

const tsc = ["node_modules/typescript/bin/tsc", "-p"];
const steps = [
  ["tsc 5.9 module commonjs", [...tsc, "runners/typescript/tsconfig.commonjs.json"]],
  ["tsc 5.9 module node16", [...tsc, "runners/typescript/tsconfig.node16.json"]],
  ["compiled app runs", ["runners/typescript/out/app.js"]],
];
const version = spawnSync(process.execPath, [tsc[0], "--version"], { encoding: "utf8" }).stdout.trim();
const checks = [];
for (const [name, args] of steps) {
  const started = Date.now();
  const run = spawnSync(process.execPath, args, { encoding: "utf8" });
  const output = `${run.stdout}${run.stderr}`.trim();
  checks.push({
    name,
    ok: run.status === 0,
    ms: Date.now() - started,
    detail: `${version}: ${output || "ok"}`,
  });
}
console.log(RESULT_PREFIX + JSON.stringify(checks));
