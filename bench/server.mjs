// The loopback gateway the benchmarks call, run in its OWN process (as a user's gateway would be), so
// the measured process does only client work. Every answer comes from prebuilt buffers, so the
// server costs every contender the same:
//   POST /v1/chat/completions         a fixed chat completion, or (body has "stream":true) a fixed
//                                     stream of STREAM_CHUNKS chunks sent in 64 KiB writes, ending
//                                     with a usage chunk when the request asks for one
//                                     (stream_options.include_usage, as OpenAI and new-api do)
//   GET  /v2/videos/generations/{id}  a fixed, succeeded unified-video task record
//   POST /v1/audio/speech             {"input": "<N>"} -> N MiB of audio/mpeg, 64 KiB writes with
//                                     backpressure (any other input: 1 MiB)
//   GET  /api/pricing, /api/status    a relay's prices (new-api's shapes) for the live-price figure
// Start it with startServer() (forks this file); run directly it listens and reports its URL over IPC.
import { fork } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";

export const STREAM_CHUNKS = 5000;
export const TASK_ID = "task_bench_0001";

const completion = Buffer.from(
  JSON.stringify({
    id: "chatcmpl-bench",
    object: "chat.completion",
    created: 1,
    model: "gpt-4o-mini",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: "Hello there, how can I help?" },
        finish_reason: "stop",
      },
    ],
    usage: { prompt_tokens: 8, completion_tokens: 8, total_tokens: 16 },
  }),
);

const frame = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 1, model: "gpt-4o-mini", system_fingerprint: "fp_bench", choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;

const deltas =
  frame({ role: "assistant", content: "" }) +
  Array.from({ length: STREAM_CHUNKS }, (_, i) => frame({ content: ` token${i}` })).join("") +
  frame({}, "stop");
const usageChunk = `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 1, model: "gpt-4o-mini", choices: [], usage: { prompt_tokens: 8, completion_tokens: STREAM_CHUNKS * 2, total_tokens: 8 + STREAM_CHUNKS * 2 } })}\n\n`;
const streamBody = Buffer.from(`${deltas}data: [DONE]\n\n`);
const streamWithUsage = Buffer.from(`${deltas}${usageChunk}data: [DONE]\n\n`);

// As the mock gateway (mock/routes/videos.ts) answers a finished unified-video task.
const task = Buffer.from(
  JSON.stringify({
    task_id: TASK_ID,
    status: "SUCCESS",
    fail_reason: "",
    submit_time: 1760000000,
    start_time: 1760000001,
    finish_time: 1760000042,
    progress: "100%",
    data: {
      output: `https://cdn.example.com/${TASK_ID}.mp4`,
      outputs: [`https://cdn.example.com/${TASK_ID}.mp4`],
    },
  }),
);

// As new-api answers (controller/pricing.go, controller/misc.go): the bench model at 1.75 / 14 CNY per 1M.
const pricing = Buffer.from(
  JSON.stringify({
    success: true,
    data: [
      {
        model_name: "gpt-4o-mini",
        quota_type: 0,
        model_ratio: 1.75 / 14.6,
        model_price: 0,
        owner_by: "openai",
        completion_ratio: 8,
        enable_groups: ["default"],
        supported_endpoint_types: ["openai"],
      },
    ],
    group_ratio: { default: 1 },
    usable_group: { default: "default" },
  }),
);
const status = Buffer.from(
  JSON.stringify({
    success: true,
    message: "",
    data: { quota_per_unit: 500000, quota_display_type: "CNY", usd_exchange_rate: 7.3 },
  }),
);

const MiB = 1024 * 1024;
const audioChunk = Buffer.alloc(64 * 1024, 0x55);

function json(res, body) {
  res.writeHead(200, {
    "content-type": "application/json",
    "content-length": body.length,
    "x-request-id": "bench",
  });
  res.end(body);
}

async function speech(res, bytes) {
  res.writeHead(200, { "content-type": "audio/mpeg", "content-length": bytes, "x-request-id": "bench" });
  for (let sent = 0; sent < bytes; ) {
    const n = Math.min(audioChunk.length, bytes - sent);
    sent += n;
    if (!res.write(n === audioChunk.length ? audioChunk : audioChunk.subarray(0, n))) {
      await new Promise((resolve) => res.once("drain", resolve));
    }
  }
  res.end();
}

function listen() {
  const server = createServer((req, res) => {
    if (req.method === "GET") {
      if (req.url.startsWith("/v2/videos/generations/")) return json(res, task);
      if (req.url === "/api/pricing") return json(res, pricing);
      if (req.url === "/api/status") return json(res, status);
      res.writeHead(404).end();
      return;
    }
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => {
      const body = Buffer.concat(parts).toString();
      if (req.url.endsWith("/audio/speech")) {
        const mib = Number(JSON.parse(body).input);
        return void speech(res, (Number.isFinite(mib) && mib > 0 ? mib : 1) * MiB);
      }
      if (body.includes('"stream":true')) {
        const sent = body.includes('"include_usage":true') ? streamWithUsage : streamBody;
        res.writeHead(200, { "content-type": "text/event-stream", "x-request-id": "bench" });
        for (let i = 0; i < sent.length; i += 65536) res.write(sent.subarray(i, i + 65536));
        res.end();
        return;
      }
      json(res, completion);
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${server.address().port}`)),
  );
}

/** Forks this file as the server process; resolves with its URL and a close(). */
export async function startServer() {
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const url = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return {
    url,
    pid: child.pid,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill();
      }),
  };
}

if (process.argv[2] === "--serve") {
  process.send(await listen());
  process.on("disconnect", () => process.exit(0));
}
