// Two builds of genway in one process, alternating one chat stream each against bench/server.mjs
// over loopback: the CPU per stream of each and the median of the per-round ratios (A over B). The
// fairest before/after on a loaded machine (both meet the same load, round by round).
//   node bench/stream-pair.mjs <dist A> <dist B>     (e.g. dist and a main checkout's dist)
//   PAIR_ROUNDS=40 PAIR_WARMUP=10
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { startServer } from "./server.mjs";

const [a, b] = process.argv.slice(2).map((dir) => pathToFileURL(resolve(dir, "index.js")).href);
if (!a || !b) throw new Error("usage: node bench/stream-pair.mjs <dist A> <dist B>");
const ROUNDS = Number(process.env.PAIR_ROUNDS ?? 40);
const WARMUP = Number(process.env.PAIR_WARMUP ?? 10);

const server = await startServer();
const clients = {};
for (const [name, url] of [
  ["A", a],
  ["B", b],
]) {
  const { default: Genway } = await import(url);
  clients[name] = new Genway({ apiKey: "sk-bench-key", baseURL: server.url, logLevel: "off" });
}
const params = { model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }], stream: true };
async function stream(gw) {
  let events = 0;
  for await (const _ of await gw.chat.completions.create(params)) events++;
  return events;
}
for (const gw of Object.values(clients)) for (let i = 0; i < WARMUP; i++) await stream(gw);
const cpu = { A: [], B: [] };
const ratios = [];
for (let round = 0; round < ROUNDS; round++) {
  const used = {};
  for (const name of round % 2 ? ["A", "B"] : ["B", "A"]) {
    const start = process.cpuUsage();
    await stream(clients[name]);
    const { user, system } = process.cpuUsage(start);
    used[name] = user + system;
    cpu[name].push(used[name]);
  }
  ratios.push(used.A / used.B);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
console.log(
  `CPU µs per stream: A ${median(cpu.A)}, B ${median(cpu.B)}; A / B ${median(ratios).toFixed(3)} (${ROUNDS} rounds)`,
);
await server.close();
