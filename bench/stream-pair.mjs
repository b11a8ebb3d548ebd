// Two builds of genway in one process, alternating against bench/server.mjs over loopback: one
// chat stream each per round (PAIR_KIND=stream, the default), or PAIR_CALLS non-stream chat calls
// each (PAIR_KIND=call); the CPU per stream or per call of each and the median of the per-round
// ratios (A over B). The fairest before/after on a loaded machine (both meet the same load, round
// by round).
//   node bench/stream-pair.mjs <dist A> <dist B>     (e.g. dist and a main checkout's dist)
//   PAIR_KIND=stream|call PAIR_ROUNDS=40 PAIR_WARMUP=10 PAIR_CALLS=100
// Each client is made as a user makes one (`new Genway({ apiKey, baseURL })`); PAIR_OPTIONS_A and
// PAIR_OPTIONS_B (JSON) add client options to one side, e.g. the same dist twice with
// PAIR_OPTIONS_B='{"logLevel":"off"}' measures what an option costs.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { startServer } from "./server.mjs";

const [a, b] = process.argv.slice(2).map((dir) => pathToFileURL(resolve(dir, "index.js")).href);
if (!a || !b) throw new Error("usage: node bench/stream-pair.mjs <dist A> <dist B>");
const KIND = process.env.PAIR_KIND ?? "stream";
const ROUNDS = Number(process.env.PAIR_ROUNDS ?? 40);
const WARMUP = Number(process.env.PAIR_WARMUP ?? 10);
const CALLS = Number(process.env.PAIR_CALLS ?? 100);

const server = await startServer();
const clients = {};
for (const [name, url] of [
  ["A", a],
  ["B", b],
]) {
  const { default: Genway } = await import(url);
  const extra = JSON.parse(process.env[`PAIR_OPTIONS_${name}`] ?? "{}");
  clients[name] = new Genway({ apiKey: "sk-bench-key", baseURL: server.url, ...extra });
}
const params = { model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] };
async function stream(gw) {
  let events = 0;
  for await (const _ of await gw.chat.completions.create({ ...params, stream: true })) events++;
  return events;
}
async function calls(gw) {
  for (let i = 0; i < CALLS; i++) await gw.chat.completions.create(params);
}
const run = KIND === "call" ? calls : stream;
const per = KIND === "call" ? CALLS : 1;
for (const gw of Object.values(clients)) for (let i = 0; i < WARMUP; i++) await run(gw);
const cpu = { A: [], B: [] };
const ratios = [];
for (let round = 0; round < ROUNDS; round++) {
  const used = {};
  for (const name of round % 2 ? ["A", "B"] : ["B", "A"]) {
    const start = process.cpuUsage();
    await run(clients[name]);
    const { user, system } = process.cpuUsage(start);
    used[name] = (user + system) / per;
    cpu[name].push(used[name]);
  }
  ratios.push(used.A / used.B);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
console.log(
  `CPU µs per ${KIND}: A ${median(cpu.A).toFixed(1)}, B ${median(cpu.B).toFixed(1)}; A / B ${median(ratios).toFixed(3)} (${ROUNDS} rounds)`,
);
await server.close();
