/**
 * Memory while streaming a large speech response: how much the client process grows while 256 MiB
 * of audio goes to a file on disk, to /dev/null, and through `for await` (bytes dropped), next to a
 * bare `fetch` of the same body (the floor no client can go below).
 *
 *   npx tsx bench/speech-memory.ts            # 256 MiB
 *   npx tsx bench/speech-memory.ts --mb 1024
 *
 * Layout: the mock gateway (mock.listen(), speechBytes = 256 MiB, mp3) runs in its own process, and
 * every measurement runs in a fresh client process, warmed up on a 1 MiB response first, so no run
 * inherits another's heap. Growth = peak RSS (sampled every 5 ms, and the OS's max RSS) minus the
 * RSS just before the request. Each target runs twice: as V8 pleases, and with a full GC every
 * 10 ms, which shows the memory actually held. The difference is garbage waiting for collection:
 * Node allocates a fresh 64 KiB buffer for every socket read, and V8 collects such external
 * memory in batches. Aim: under 32 MB.
 */
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createMockGateway } from "../mock/index.js";
import Genway from "../src/index.js";
import { saveToFile } from "../src/node/index.js";

const MB = 1024 * 1024;
const KEY = "sk-genway-mock";
const args = process.argv.slice(2);
const mbIndex = args.indexOf("--mb");
const sizeMB = mbIndex >= 0 ? Number(args[mbIndex + 1]) : 256;
const self = fileURLToPath(import.meta.url);

type Target = "fetch" | "disk" | "devnull" | "iterate";
const TARGETS: Record<Target, string> = {
  fetch: "bare fetch, for await (the floor, no genway)",
  disk: "saveToFile to a file on disk",
  devnull: "saveToFile to /dev/null",
  iterate: "for await over the BinaryResponse, bytes dropped",
};
interface Result {
  bytes: number;
  seconds: number;
  growthMB: number;
}

const speechBody = { model: "tts-1", voice: "alloy", input: "A long read.", response_format: "mp3" } as const;

/** Streams one speech response from `baseURL` the way `target` says; returns the bytes seen. */
async function consume(target: Target, baseURL: string, dir: string): Promise<number> {
  if (target === "fetch") {
    const response = await fetch(`${baseURL}/v1/audio/speech`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify(speechBody),
    });
    let bytes = 0;
    for await (const chunk of response.body!) bytes += chunk.byteLength;
    return bytes;
  }
  const gw = new Genway({ apiKey: KEY, baseURL, maxRetries: 0 });
  const audio = await gw.audio.speech.create(speechBody);
  if (target === "iterate") {
    let bytes = 0;
    for await (const chunk of audio) bytes += chunk.length;
    return bytes;
  }
  const path = target === "disk" ? join(dir, "speech.mp3") : "/dev/null";
  return (await saveToFile(audio, path)).bytes;
}

/** Worker mode: one measurement in a fresh process. */
async function worker(target: Target, collectOften: boolean, big: string, small: string): Promise<Result> {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const dir = await mkdtemp(join(tmpdir(), "genway-bench-"));
  try {
    await consume(target, small, dir); // warm-up: JIT, sockets, file system
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    let ticks = 0;
    const sampler = setInterval(() => {
      if (collectOften && ++ticks % 2 === 0) gc();
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const started = performance.now();
    const bytes = await consume(target, big, dir);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
    return { bytes, seconds, growthMB: (peak - baseline) / MB };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function child<T>(childArgs: string[], onMessage: (message: T) => void): Promise<number | null> {
  const proc = fork(self, childArgs, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  proc.on("message", (message) => onMessage(message as T));
  return new Promise((resolve) => proc.once("exit", resolve));
}

async function main(): Promise<void> {
  // The mock in its own process: a 256 MiB speech gateway and a 1 MiB one for warm-ups.
  const serverProc = fork(self, ["--serve", "--mb", String(sizeMB)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const urls = await new Promise<{ big: string; small: string }>((resolve) =>
    serverProc.once("message", (message) => resolve(message as { big: string; small: string })),
  );
  try {
    console.log(`\nSpeech streaming memory: ${sizeMB} MiB of mp3 over loopback, Node ${process.version}\n`);
    console.log("| target | bytes | time | throughput | peak RSS growth | peak RSS growth, GC every 10 ms |");
    console.log("|---|---:|---:|---:|---:|---:|");
    let worstHeld = 0;
    for (const target of Object.keys(TARGETS) as Target[]) {
      const results: Result[] = [];
      for (const mode of ["natural", "collect"]) {
        await child<Result>(["--worker", target, mode, urls.big, urls.small], (result) =>
          results.push(result),
        );
      }
      const [natural, held] = results as [Result, Result];
      if (target !== "fetch") worstHeld = Math.max(worstHeld, held.growthMB);
      console.log(
        `| ${TARGETS[target]} | ${natural.bytes.toLocaleString("en-US")} | ${natural.seconds.toFixed(2)} s | ` +
          `${(natural.bytes / MB / natural.seconds).toFixed(0)} MiB/s | ${natural.growthMB.toFixed(1)} MB | ${held.growthMB.toFixed(1)} MB |`,
      );
    }
    console.log(
      `\nmemory held by genway while streaming: at most ${worstHeld.toFixed(1)} MB (aim: under 32 MB)`,
    );
    if (worstHeld >= 32) process.exitCode = 1;
  } finally {
    serverProc.disconnect();
  }
}

if (args[0] === "--serve") {
  const big = await createMockGateway({ speechBytes: sizeMB * MB }).listen();
  const small = await createMockGateway({ speechBytes: MB }).listen();
  process.send?.({ big: big.url, small: small.url });
  process.on("disconnect", () => process.exit(0));
} else if (args[0] === "--worker") {
  const [, target, mode, big, small] = args as [string, Target, string, string, string];
  process.send?.(await worker(target, mode === "collect", big, small));
  process.disconnect();
} else {
  await main();
}
