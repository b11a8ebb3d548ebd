// How many chunks a download holds between the network and a slow disk: saveToFile (genway/node)
// over a BinaryResponse, against raw fetch's pipeline of the same shape (Readable.fromWeb + a
// counting step + a write stream, as bench/speech.mjs). The source counts the 64 KiB chunks it is
// asked for; the sink is a FIFO that a child process drains 16 KiB per millisecond and reports on.
// Prints the most chunks ever pulled ahead of what the drain had taken (the FIFO itself holds one).
//   node bench/speech-held.mjs   (Linux: mkfifo)
import { execFileSync, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BinaryResponse } from "genway";
import { saveToFile } from "genway/node";

const CHUNK = 65536;
const CHUNKS = 200;
const dir = mkdtempSync(join(tmpdir(), "genway-held-"));
const fifo = join(dir, "fifo");
const DRAIN = `const fs = require("node:fs"); const fd = fs.openSync(process.argv[1], "r");
const buffer = Buffer.alloc(16384); let n = 0;
const t = setInterval(() => { const r = fs.readSync(fd, buffer); if (r <= 0) clearInterval(t); n += r; process.stdout.write(n + "\\n"); }, 1);`;

/** Runs `write(body, path)` over a counting source into a slowly drained FIFO; the most chunks ahead. */
async function held(write) {
  execFileSync("mkfifo", [fifo]);
  const drain = spawn(process.execPath, ["-e", DRAIN, fifo]);
  let taken = 0;
  drain.stdout.on("data", (data) => {
    taken = Number(String(data).trim().split("\n").at(-1));
  });
  let pulled = 0;
  let ahead = 0;
  const body = new ReadableStream(
    {
      pull(controller) {
        if (pulled === CHUNKS) return controller.close();
        pulled++;
        ahead = Math.max(ahead, pulled - Math.floor(taken / CHUNK));
        controller.enqueue(new Uint8Array(CHUNK));
      },
    },
    { highWaterMark: 0 },
  );
  await write(body, fifo);
  drain.kill();
  rmSync(fifo);
  return ahead;
}

const controller = new AbortController();
const connection = (body) => ({
  response: new Response(body),
  requestId: undefined,
  controller,
  idleTimeout: Number.POSITIVE_INFINITY,
  abortReason: () => undefined,
  abort: () => controller.abort(),
  release() {},
});
try {
  const raw = await held((body, path) =>
    pipeline(
      Readable.fromWeb(body),
      async function* (source) {
        for await (const chunk of source) yield chunk;
      },
      createWriteStream(path),
    ),
  );
  const genway = await held(async (body, path) =>
    saveToFile(await BinaryResponse.open(connection(body)), path),
  );
  console.log(
    `chunks of 64 KiB pulled ahead of a slow disk: raw fetch pipeline ${raw}, genway saveToFile ${genway}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
