// The one piece of money a plain call runs: a billed chat answer's units counted in the client's
// ledger (src/core/http/ledger.ts), alone, per call. The sources are bundled by esbuild as tsup
// bundles them (no name-keeping helpers, which tsx adds per function and which would dwarf it).
//   npx node bench/ledger.mjs      (LEDGER_ROUNDS=15 LEDGER_CALLS=200000)
import { build } from "esbuild";

const ROUNDS = Number(process.env.LEDGER_ROUNDS ?? 15);
const CALLS = Number(process.env.LEDGER_CALLS ?? 200_000);

const { outputFiles } = await build({
  stdin: {
    contents: `export { Ledger } from "./src/core/http/ledger.ts";
export { meteredParams, unitsOf } from "./src/core/http/units.ts";
export { CREATE } from "./src/resources/chat/operations.ts";`,
    resolveDir: new URL("..", import.meta.url).pathname,
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
  logLevel: "silent",
});
const { Ledger, meteredParams, unitsOf, CREATE } = await import(
  `data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString("base64")}`
);

const params = { model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] };
// A chat completion's usage as the mock gateway and new-api send it.
const answer = {
  usage: {
    prompt_tokens: 12,
    completion_tokens: 34,
    total_tokens: 46,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
  },
};
const ledger = new Ledger();
const options = {};
const record = () => ledger.add(unitsOf(CREATE.meter, meteredParams(CREATE, params, options), answer));

for (let i = 0; i < CALLS; i++) record();
const perCall = [];
for (let round = 0; round < ROUNDS; round++) {
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) record();
  const { user, system } = process.cpuUsage(start);
  perCall.push(((user + system) * 1000) / CALLS);
}
perCall.sort((a, b) => a - b);
const at = (q) => perCall[Math.floor(q * (perCall.length - 1))].toFixed(0);
console.log(`ledger: ${at(0.5)} ns CPU per call (IQR ${at(0.25)}-${at(0.75)}, ${ROUNDS} rounds of ${CALLS})`);
