// Per-call overhead (non-streaming chat) and stream throughput of genway against raw fetch,
// a bare fetch + eventsource-parser loop, and the openai package, in one run on one loopback server.
// Run: npm run bench   (builds first; uses the Node 24 from devDependencies)
import { createParser } from "eventsource-parser";
import OpenAI from "openai";
import Genway from "../dist/index.js";
import { STREAM_CHUNKS, startServer } from "./server.mjs";

const CALLS = Number(process.env.BENCH_CALLS ?? 1500);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const server = await startServer();
const params = { model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] };
const key = "sk-bench-key";
const genway = new Genway({ apiKey: key, baseURL: server.url, logLevel: "off" });
const openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1` });

const call = {
  fetch: async () => {
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(params),
    });
    return response.json();
  },
  genway: () => genway.chat.completions.create(params),
  openai: () => openai.chat.completions.create(params),
};

const stream = {
  "fetch+parser": async () => {
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ ...params, stream: true }),
    });
    let count = 0;
    const parser = createParser({
      onEvent: (event) => {
        if (event.data !== "[DONE]") {
          JSON.parse(event.data);
          count++;
        }
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
    return count;
  },
  genway: async () => {
    let count = 0;
    for await (const _ of await genway.chat.completions.create({ ...params, stream: true })) count++;
    return count;
  },
  openai: async () => {
    let count = 0;
    for await (const _ of await openai.chat.completions.create({ ...params, stream: true })) count++;
    return count;
  },
};

async function time(fn, n) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

// Warm up every contender (JIT, keep-alive sockets), then interleave rounds so drift hits all alike.
for (const fn of [...Object.values(call), ...Object.values(stream)]) await time(fn, 50);

const perCall = Object.fromEntries(Object.keys(call).map((k) => [k, []]));
const perStream = Object.fromEntries(Object.keys(stream).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of Object.entries(call)) perCall[name].push((await time(fn, CALLS)) / CALLS);
  for (const [name, fn] of Object.entries(stream))
    perStream[name].push((STREAMS * (STREAM_CHUNKS + 2)) / ((await time(fn, STREAMS)) / 1000));
}
await server.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const callMs = Object.fromEntries(Object.entries(perCall).map(([k, v]) => [k, median(v)]));
const eventsPerSec = Object.fromEntries(Object.entries(perStream).map(([k, v]) => [k, median(v)]));

console.log(
  `Node ${process.version}, ${CALLS} calls x ${ROUNDS} rounds, ${STREAMS} streams of ${STREAM_CHUNKS} chunks x ${ROUNDS} rounds (medians)\n`,
);
console.log("Non-streaming chat, time per call");
for (const [name, ms] of Object.entries(callMs)) {
  console.log(
    `  ${name.padEnd(14)} ${(ms * 1000).toFixed(0).padStart(6)} µs   ${(ms / callMs.fetch).toFixed(2)}x raw fetch`,
  );
}
console.log("\nChat stream throughput");
for (const [name, rate] of Object.entries(eventsPerSec)) {
  console.log(
    `  ${name.padEnd(14)} ${Math.round(rate).toString().padStart(8)} events/s   ${((100 * rate) / eventsPerSec["fetch+parser"]).toFixed(0)}% of fetch+eventsource-parser`,
  );
}
