// Node (import), Bun and Deno: `import` the installed package and run the scenario.
import * as genway from "genway";
import { RESULT_PREFIX, scenario } from "../scenario.mjs";

const env = globalThis.Deno ? globalThis.Deno.env.toObject() : process.env;
const checks = await scenario(genway, { baseURL: env.GENWAY_BASE_URL, apiKey: env.GENWAY_API_KEY });
// Node, Bun and Deno match the `node` export condition: the Node build, one module graph (and so
// one copy of each class and of the model catalog) for every subpath.
const chat = await import("genway/chat");
const resolved = import.meta.resolve("genway");
checks.push({
  name: "node build, one graph",
  ok: resolved.endsWith("/dist/node-esm/index.js") && chat.APIError === genway.APIError,
  ms: 0,
  detail: resolved,
});
console.log(RESULT_PREFIX + JSON.stringify(checks));
