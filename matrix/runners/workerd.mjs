// workerd through miniflare: bundle worker.mjs with esbuild (workerd/worker/browser conditions, as
// wrangler does), serve it in a real workerd process and ask it to run the scenario once.
import * as esbuild from "esbuild";
import { Miniflare } from "miniflare";
import { expectSplitBuild, RESULT_PREFIX } from "../scenario.mjs";

const { outputFiles, metafile } = await esbuild.build({
  entryPoints: ["runners/worker.mjs"],
  bundle: true,
  format: "esm",
  platform: "neutral",
  conditions: ["workerd", "worker", "browser"],
  mainFields: ["module", "main"],
  write: false,
  metafile: true,
});
expectSplitBuild(metafile);
const mf = new Miniflare({
  modules: true,
  script: outputFiles[0].text,
  compatibilityDate: "2025-09-01",
  bindings: { GENWAY_BASE_URL: process.env.GENWAY_BASE_URL, GENWAY_API_KEY: process.env.GENWAY_API_KEY },
});
try {
  const response = await mf.dispatchFetch("http://matrix.local/");
  console.log(RESULT_PREFIX + (await response.text()));
} finally {
  await mf.dispose();
}
