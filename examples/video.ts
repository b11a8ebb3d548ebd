/**
 * A video job end to end: submit a vidA text-to-video job, wait for it with progress output,
 * print the video URL. Runs against the built-in mock gateway unless GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/video.ts   (in your project)
 *   npm run build && npx tsx examples/video.ts   (in genway's repository)
 */
import Genway from "genway";
import { createMockGateway } from "genway/testing";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const gw = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});

const task = await gw.videos.create({
  model: "vidA-2.5",
  prompt: "A cat surfing at sunset, cinematic",
  duration: 5,
  resolution: "720p",
});
// Save this anywhere: gw.tasks.wait(JSON.parse(saved)) resumes the wait in another process.
console.log(`submitted: ${JSON.stringify(task)}`);

const video = await task.wait({
  interval: 1_000,
  onProgress: (snapshot) => console.log(`progress: ${snapshot.status} ${snapshot.progress ?? "?"}%`),
});
console.log(`video: ${video.result?.output}`);

// Any model id the gateway relays takes the unified body; only model and prompt are checked.
const veo = await gw.videos.create({
  model: "veo3",
  prompt: "A paper boat",
  aspect_ratio: "16:9",
  duration: 8,
});
console.log(`veo3 submitted: ${veo.id}`);

await server?.close();
// expect: submitted: {"kind":"video","id":"
// expect: progress: queued 0%
// expect: progress: running 50%
// expect: progress: succeeded 100%
// expect: video: http
// expect: veo3 submitted:
