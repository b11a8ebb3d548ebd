// A loop of chat calls under V8's CPU profiler (the sampler --cpu-prof uses, started through
// node:inspector so the profile holds the measured loop only, not startup or warm-up).
//   node bench/profile-chat.mjs <url> <mode> <out.cpuprofile>
// Non-stream modes (PROFILE_CALLS calls, default 5000): genway, fetch, fetch-init. fetch-init: raw
// fetch with the init genway passes (accept header, a fresh AbortController's signal, redirect:
// "manual"), which separates what undici does for those options from genway's own code.
// Stream modes (PROFILE_STREAMS streams of 5,002 events (5,003 with genway's usage chunk), default 60): genway-stream, fetch-stream
// (fetch + eventsource-parser + JSON.parse per event, as bench/calls.mjs).
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { createParser } from "eventsource-parser";
import { chatContenders, headers, params } from "./chat-contenders.mjs";

const [url, mode, out] = process.argv.slice(2);
const STREAM = mode.endsWith("-stream");
const CALLS = Number(STREAM ? (process.env.PROFILE_STREAMS ?? 60) : (process.env.PROFILE_CALLS ?? 5000));
const { genway: gw, chat } = chatContenders(url);
const modes = {
  fetch: chat.fetch,
  "fetch-init": async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: { accept: "application/json", ...headers },
      body: JSON.stringify(params),
      signal: new AbortController().signal,
      redirect: "manual",
    });
    return JSON.parse(await response.text());
  },
  genway: chat.genway,
  "fetch-stream": async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ ...params, stream: true }),
    });
    const parser = createParser({
      onEvent: (event) => {
        if (event.data !== "[DONE]") JSON.parse(event.data);
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
  },
  "genway-stream": async () => {
    for await (const _ of await gw.chat.completions.create({ ...params, stream: true })) {
      // Every event read, as a consumer would.
    }
  },
};
const call = modes[mode];

for (let i = 0; i < (STREAM ? 5 : 500); i++) await call();
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 50 });
await session.post("Profiler.start");
const cpu = process.cpuUsage();
const start = performance.now();
for (let i = 0; i < CALLS; i++) await call();
const wallMs = performance.now() - start;
const used = process.cpuUsage(cpu);
const { profile } = await session.post("Profiler.stop");
session.disconnect();
await writeFile(out, JSON.stringify(profile));
process.stdout.write(
  `${JSON.stringify({ calls: CALLS, wallMs, cpuMs: (used.user + used.system) / 1000 })}\n`,
);
