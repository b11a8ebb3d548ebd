// The measured client process: per-call wall and CPU time (non-stream chat, a task query) and stream
// throughput, for raw fetch, genway (built dist) and openai-node, against the server process whose
// URL is argv[2]. Rounds are short and interleaved (each round runs every contender in turn, the
// starting contender rotating from round to round), so drift and other load hit all alike. Prints one JSON object: { [figure]: { [contender]: number[] per round } }.
//   node bench/calls.mjs <url>   (BENCH_CALLS, BENCH_STREAMS, BENCH_ROUNDS, BENCH_WARMUP, BENCH_ONLY)
// BENCH_ONLY=stream (or chat, task, a comma list) measures only those figures.
import { createParser } from "eventsource-parser";
import { chatContenders, headers, key, params } from "./chat-contenders.mjs";
import { STREAM_CHUNKS, TASK_ID } from "./server.mjs";

const url = process.argv[2];
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 41);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const ONLY = process.env.BENCH_ONLY?.split(",");
const wanted = (figure) => !ONLY || ONLY.includes(figure);

const { genway, openai, chat } = chatContenders(url);

const task = {
  fetch: async () => {
    const response = await fetch(`${url}/v2/videos/generations/${encodeURIComponent(TASK_ID)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return JSON.parse(await response.text());
  },
  genway: () => genway.videos.retrieve(TASK_ID),
};

const stream = {
  fetch: async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers,
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

/** Runs fn n times in sequence; wall ms and CPU ms (user + system) of this process. */
async function time(fn, n) {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

// Sanity: every contender gets the answer it should, and streams count every chunk: the role chunk,
// the deltas and the finish chunk, and for genway, which asks for it as OpenAI's clients may, the usage chunk.
const events = {};
for (const [name, fn] of Object.entries(stream)) {
  const expected = STREAM_CHUNKS + (name === "genway" ? 3 : 2);
  events[name] = await fn();
  if (events[name] !== expected)
    throw new Error(`${name} stream saw ${events[name]} events, expected ${expected}`);
}
const snapshot = await task.genway();
if (snapshot.status !== "succeeded") throw new Error(`task query: ${JSON.stringify(snapshot)}`);

// Warm up every contender (JIT, keep-alive sockets).
if (wanted("chat")) for (const fn of Object.values(chat)) await time(fn, WARMUP);
if (wanted("task")) for (const fn of Object.values(task)) await time(fn, WARMUP);
if (wanted("stream")) for (const fn of Object.values(stream)) await time(fn, 3);

const results = {};
const push = (figure, name, value) => {
  results[figure] ??= {};
  (results[figure][name] ??= []).push(value);
};
const rotate = (object, round) => {
  const entries = Object.entries(object);
  return entries.map((_, i) => entries[(i + round) % entries.length]);
};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of wanted("chat") ? rotate(chat, round) : []) {
    const { wall, cpu } = await time(fn, CALLS);
    push("chatWallUs", name, (wall * 1000) / CALLS);
    push("chatCpuUs", name, (cpu * 1000) / CALLS);
  }
  for (const [name, fn] of wanted("task") ? rotate(task, round) : []) {
    const { wall, cpu } = await time(fn, CALLS);
    push("taskWallUs", name, (wall * 1000) / CALLS);
    push("taskCpuUs", name, (cpu * 1000) / CALLS);
  }
  for (const [name, fn] of wanted("stream") ? rotate(stream, round) : []) {
    const { wall, cpu } = await time(fn, STREAMS);
    push("streamEventsPerSec", name, (STREAMS * events[name]) / (wall / 1000));
    push("streamCpuUsPer1000", name, (cpu * 1e6) / (STREAMS * events[name]));
  }
}
process.stdout.write(
  `${JSON.stringify({ calls: CALLS, streams: STREAMS, rounds: ROUNDS, streamChunks: STREAM_CHUNKS, results })}\n`,
);
