/**
 * The app side: add video and music jobs to the "media" queue and follow their progress. Bad params
 * throw ValidationError here, before anything is queued or paid. Start a worker first:
 *   REDIS_URL=redis://127.0.0.1:6379 npx tsx node_modules/genway/examples/queue/worker.ts &
 *   REDIS_URL=redis://127.0.0.1:6379 npx tsx node_modules/genway/examples/queue/producer.ts
 */
import { QueueEvents } from "bullmq";
import { ValidationError } from "genway";
import { createGenerationQueue, type GenerationProgress } from "genway/queue";

const connection = { url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" };
const generation = createGenerationQueue({ connection, name: "media" });
const events = new QueueEvents("media", { connection });
events.on("progress", ({ jobId, data }) => {
  const { status, progress } = data as GenerationProgress;
  console.log(`progress: ${jobId} ${status} ${progress ?? "?"}%`);
});
await events.waitUntilReady();

// Retried with a growing pause (a wait that timed out resumes the same task); finished jobs are
// kept a day, at most a thousand (each holds its final snapshot in Redis).
const opts = {
  attempts: 3,
  backoff: { type: "exponential", delay: 5_000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
};
const jobs = await Promise.all([
  generation.add(
    "videos.create",
    { model: "vidA-2.5", prompt: "A cat surfing at sunset", duration: 5 },
    opts,
  ),
  generation.add("musicgen.submit.music", { gpt_description_prompt: "a happy song about the sea" }, opts),
  generation.add("vidgen.videos.textToVideo", { prompt: "A red fox in the snow", duration: 5 }, opts),
]);

try {
  await generation.add("musicgen.submit.lyrics", { prompt: "" });
} catch (error) {
  if (error instanceof ValidationError) console.log(`refused before queueing: ${error.message}`);
}

for (const job of jobs) {
  const snapshot = await job.waitUntilFinished(events);
  console.log(`finished: ${job.name} -> ${snapshot.status} (${snapshot.kind}/${snapshot.id})`);
}
await events.close();
await generation.close();
// expect: refused before queueing: Invalid musicgen.submit.lyrics request
// expect: finished: videos.create -> succeeded (video/
// expect: finished: musicgen.submit.music -> succeeded (music/
// expect: finished: vidgen.videos.textToVideo -> succeeded (vidgen.text2video/
