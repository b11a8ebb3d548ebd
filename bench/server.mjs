// One loopback server for every contender: a fixed chat completion and a fixed chat stream,
// served from prebuilt buffers so the server's own cost is the same for all of them.
import { createServer } from "node:http";

export const STREAM_CHUNKS = 5000;

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

// Sent in 64 KiB writes, as a busy upstream would.
const streamBody = Buffer.from(
  frame({ role: "assistant", content: "" }) +
    Array.from({ length: STREAM_CHUNKS }, (_, i) => frame({ content: ` token${i}` })).join("") +
    frame({}, "stop") +
    "data: [DONE]\n\n",
);

export async function startServer() {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (body.includes('"stream":true')) {
        res.writeHead(200, { "content-type": "text/event-stream", "x-request-id": "bench" });
        for (let i = 0; i < streamBody.length; i += 65536) res.write(streamBody.subarray(i, i + 65536));
        res.end();
      } else {
        res.writeHead(200, {
          "content-type": "application/json",
          "content-length": completion.length,
          "x-request-id": "bench",
        });
        res.end(completion);
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(r);
      }),
  };
}
