// Vercel's edge-runtime: the Web-API-only VM edge functions run in. Bundle edge-entry.mjs to one
// script (as edge bundlers do), evaluate it and wait for the scenario's result.

import { EdgeRuntime } from "edge-runtime";
import * as esbuild from "esbuild";
import { expectSplitBuild, RESULT_PREFIX } from "../scenario.mjs";

const { outputFiles, metafile } = await esbuild.build({
  entryPoints: ["runners/edge-entry.mjs"],
  bundle: true,
  format: "iife",
  platform: "neutral",
  conditions: ["edge-light", "worker", "browser"],
  mainFields: ["module", "main"],
  write: false,
  metafile: true,
});
expectSplitBuild(metafile);
const runtime = new EdgeRuntime({
  extend: (context) =>
    Object.assign(context, {
      matrixConfig: { baseURL: process.env.GENWAY_BASE_URL, apiKey: process.env.GENWAY_API_KEY },
    }),
});
runtime.evaluate(outputFiles[0].text);
const checks = await runtime.evaluate("globalThis.matrixResult");
console.log(RESULT_PREFIX + JSON.stringify(checks));
