/**
 * A song end to end: submit a custom-lyrics song, wait for it with progress output, print its
 * clips. Runs against the built-in mock gateway unless GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/music.ts   (in your project)
 *   npm run build && npx tsx examples/music.ts   (in genway's repository)
 */
import Genway from "genway";
import { createMockGateway } from "genway/testing";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const gw = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});

const task = await gw.musicgen.submit.music({
  prompt: "[Verse]\nWalking down the streets\nBeneath the city lights",
  title: "City Lights",
  tags: "emotional punk",
  mv: "chirp-v4",
});
console.log(`submitted: ${task.kind} ${task.id}`);

const song = await task.wait({
  interval: 1_000,
  onProgress: (snapshot) => console.log(`progress: ${snapshot.status} ${snapshot.progress ?? "?"}%`),
});
for (const clip of song.result ?? []) {
  console.log(`clip: ${clip.title} (${clip.metadata.duration} s) ${clip.audio_url}`);
}

await server?.close();
// expect: submitted: music
// expect: progress: queued 0%
// expect: progress: running 50%
// expect: progress: succeeded 100%
// expect: clip: City Lights
