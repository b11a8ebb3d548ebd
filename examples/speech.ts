/**
 * Speech: play-as-it-arrives iteration, saving to disk with flat memory, and passing the audio on as
 * a web stream (e.g. from a server route to a browser). Runs against the built-in mock gateway
 * unless GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/speech.ts   (in your project)
 *   npm run build && npx tsx examples/speech.ts   (in genway's repository)
 */
// expect: streaming audio/mpeg
// expect: first chunk after
// expect: saved flac
// expect: passed on
import { rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Genway from "genway";
import { saveToFile } from "genway/node";
import { createMockGateway } from "genway/testing";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const gw = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});

const text = "Streaming speech lets playback start while the rest of the audio is still on its way.";

// 1. The promise resolves with the headers; chunks follow as the gateway sends them.
const started = performance.now();
const audio = await gw.audio.speech.create({ model: "tts-1", voice: "nova", input: text });
console.log(`streaming ${audio.contentType}`);
let firstAt: number | undefined;
let bytes = 0;
for await (const chunk of audio) {
  firstAt ??= performance.now() - started; // a player would start here
  bytes += chunk.length;
}
console.log(`first chunk after ${firstAt?.toFixed(0)} ms, ${bytes} bytes in all`);

// 2. To disk, piped: memory stays flat whatever the length.
const path = join(tmpdir(), `genway-speech-${process.pid}.flac`);
const flac = await gw.audio.speech.create({
  model: "tts-1-hd",
  voice: "onyx",
  input: text,
  response_format: "flac",
  speed: 1.25,
});
const saved = await saveToFile(flac, path);
console.log(`saved flac: ${saved.bytes} bytes (${(await stat(path)).size} on disk)`);
await rm(path);

// 3. As a web ReadableStream, e.g. the body of your own Response.
const opus = await gw.audio.speech.create({
  model: "tts-1",
  voice: "alloy",
  input: text,
  response_format: "opus",
});
const response = new Response(opus.body, { headers: { "content-type": opus.contentType } });
console.log(
  `passed on ${(await response.arrayBuffer()).byteLength} bytes as ${response.headers.get("content-type")}`,
);

await server?.close();
