// Speech memory, one measurement in a fresh process: N MiB of audio from the server process,
// streamed to /dev/null, and the peak RSS growth while it streams.
//   node --expose-gc bench/speech.mjs <url> <fetch|genway> <MiB>
//   fetch:  raw fetch, response.body piped to /dev/null (stream.pipeline, the same sink as genway)
//   genway: gw.audio.speech.create() -> BinaryResponse, saveToFile(audio, "/dev/null") (genway/node)
// Warmed up on a 1 MiB response first. Growth = peak RSS (sampled every 5 ms, and the OS's max RSS)
// minus the RSS just before the request, after a GC. Prints one JSON line.
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import Genway from "genway";
import { saveToFile } from "genway/node";

const [url, target, mib] = process.argv.slice(2);
const key = "sk-bench-key";
const body = (n) => ({ model: "tts-1", voice: "alloy", input: String(n), response_format: "mp3" });
// Made as a user makes one: default options.
const gw = new Genway({ apiKey: key, baseURL: url });

async function consume(n) {
  if (target === "fetch") {
    const response = await fetch(`${url}/v1/audio/speech`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body(n)),
    });
    let bytes = 0;
    await pipeline(
      Readable.fromWeb(response.body),
      async function* (source) {
        for await (const chunk of source) {
          bytes += chunk.byteLength;
          yield chunk;
        }
      },
      createWriteStream("/dev/null"),
    );
    return bytes;
  }
  const audio = await gw.audio.speech.create(body(n));
  return (await saveToFile(audio, "/dev/null")).bytes;
}

await consume(1);
globalThis.gc?.();
await new Promise((resolve) => setTimeout(resolve, 50));
globalThis.gc?.();
const baseline = process.memoryUsage.rss();
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 5);
const start = performance.now();
const bytes = await consume(Number(mib));
const seconds = (performance.now() - start) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
if (bytes !== Number(mib) * 1024 * 1024) throw new Error(`${target}: ${bytes} bytes, expected ${mib} MiB`);
process.stdout.write(`${JSON.stringify({ bytes, seconds, growthMB: (peak - baseline) / 1048576 })}\n`);
