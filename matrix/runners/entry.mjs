// Node (import), Bun and Deno: `import` the installed package and run the scenario.
import * as genway from "genway";
import { RESULT_PREFIX, scenario } from "../scenario.mjs";

const env = globalThis.Deno ? globalThis.Deno.env.toObject() : process.env;
const checks = await scenario(genway, { baseURL: env.GENWAY_BASE_URL, apiKey: env.GENWAY_API_KEY });
console.log(RESULT_PREFIX + JSON.stringify(checks));
