/**
 * The SSE grammar alone, without fetch, sockets or JSON: genway's SSEParser (src/core/streams/sse-parser.ts)
 * against eventsource-parser (the reader genway used before, and bench/calls.mjs's raw baseline) on
 * the same decoded text, cut the way the network cuts it. Interleaved rounds, CPU time; the median
 * per shape, and the median of the per-round ratios.
 *
 *   npx tsx bench/sse-reader.ts            (SSE_ROUNDS=21, SSE_EVENTS=50000)
 *
 * Shapes: the bench server's chat stream in 64 KiB chunks (LF, one `data:` line per event), the same
 * in 1,500-byte chunks (one TCP segment each: lines cut everywhere), Messages framing (`event:` +
 * `data:`), native's CRLF framing, and new-api's Messages framing (events ending in three newlines).
 */
import { createParser } from "eventsource-parser";
import { type SSEMessage, SSEParser } from "../src/core/streams/sse-parser.js";

const ROUNDS = Number(process.env.SSE_ROUNDS ?? 21);
const EVENTS = Number(process.env.SSE_EVENTS ?? 50_000);

const chunk = (i: number) =>
  JSON.stringify({
    id: "chatcmpl-bench",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt-4o-mini",
    system_fingerprint: "fp_bench",
    choices: [{ index: 0, delta: { content: ` token${i}` }, logprobs: null, finish_reason: null }],
  });
const delta = (i: number) =>
  JSON.stringify({
    type: "content_block_delta",
    index: 0,
    delta: { type: "text_delta", text: ` token${i}` },
  });

const range = Array.from({ length: EVENTS }, (_, i) => i);
const shapes: Record<string, { text: string; cut: number }> = {
  "chat, LF, 64 KiB chunks": { text: range.map((i) => `data: ${chunk(i)}\n\n`).join(""), cut: 65_536 },
  "chat, LF, 1,500-byte chunks": { text: range.map((i) => `data: ${chunk(i)}\n\n`).join(""), cut: 1500 },
  "messages, event + data": {
    text: range.map((i) => `event: content_block_delta\ndata: ${delta(i)}\n\n`).join(""),
    cut: 65_536,
  },
  "native, CRLF": { text: range.map((i) => `data: ${chunk(i)}\r\n\r\n`).join(""), cut: 65_536 },
  "new-api messages, three newlines": {
    text: range.map((i) => `event: content_block_delta\ndata: ${delta(i)}\n\n\n`).join(""),
    cut: 65_536,
  },
};

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

const readers: Record<string, (chunks: string[]) => number> = {
  genway(chunks) {
    const parser = new SSEParser();
    let count = 0;
    for (const piece of chunks) {
      const batch: SSEMessage[] = [];
      parser.feed(piece, batch);
      count += batch.length;
    }
    const last: SSEMessage[] = [];
    parser.end(last);
    return count + last.length;
  },
  "eventsource-parser": (chunks) => {
    let count = 0;
    let batch: unknown[] = [];
    // As genway used it: events collected into a batch per chunk.
    const parser = createParser({ onEvent: (event) => batch.push(event), maxBufferSize: 8 * 1024 * 1024 });
    for (const piece of chunks) {
      parser.feed(piece);
      count += batch.length;
      batch = [];
    }
    parser.feed("\n\n");
    return count + batch.length;
  },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `SSE grammar alone: ${EVENTS} events per shape, ${ROUNDS} interleaved rounds, median events per CPU microsecond`,
);
console.log("| shape | genway SSEParser | eventsource-parser | genway / eventsource-parser |");
console.log("|---|--:|--:|--:|");
for (const [name, { text, cut }] of Object.entries(shapes)) {
  const chunks = pieces(text, cut);
  const rates: Record<string, number[]> = { genway: [], "eventsource-parser": [] };
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS + 3; round++) {
    const order = round % 2 === 0 ? Object.keys(readers) : Object.keys(readers).reverse();
    const seen: Record<string, number> = {};
    for (const reader of order) {
      // CPU time, not wall time: the figure least moved by other load on the machine.
      const start = process.cpuUsage();
      const count = readers[reader]!(chunks);
      const used = process.cpuUsage(start);
      if (count !== EVENTS) throw new Error(`${reader} saw ${count} events in "${name}", expected ${EVENTS}`);
      seen[reader] = EVENTS / (used.user + used.system);
    }
    if (round < 3) continue; // warm-up
    for (const reader of order) rates[reader]!.push(seen[reader]!);
    ratios.push(seen.genway! / seen["eventsource-parser"]!);
  }
  console.log(
    `| ${name} | ${median(rates.genway!).toFixed(2)} | ${median(rates["eventsource-parser"]!).toFixed(2)} | ${median(ratios).toFixed(2)}x |`,
  );
}
