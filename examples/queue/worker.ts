/**
 * A generation worker: takes jobs from the "media" queue, submits each once, waits on its task and
 * stores the final snapshot as the job's result. Run as many as you like, on as many machines:
 *   REDIS_URL=redis://127.0.0.1:6379 npx tsx node_modules/genway/examples/queue/worker.ts
 * Against the built-in mock gateway unless GENWAY_BASE_URL (and GENWAY_API_KEY) are set.
 */
import Genway from "genway";
import { createGenerationWorker } from "genway/queue";
import { createMockGateway } from "genway/testing";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const client = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});

const generation = createGenerationWorker({
  connection: { url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379", maxRetriesPerRequest: null },
  name: "media",
  client,
  concurrency: 100, // most of them are waiting: polls are cheap, and music polls share one request
  maxSubmitting: 8, // paid submissions in flight at once: what one gateway outage can leave uncertain
  wait: { interval: 1_000, maxInterval: 1_000 },
});
generation.worker.on("completed", (job) =>
  console.log(`done: ${job.id} ${job.returnvalue.kind}/${job.returnvalue.id}`),
);
generation.worker.on("failed", (job, error) => console.log(`failed: ${job?.id} ${error.message}`));
console.log("worker ready");

// A deploy: every job waiting on its task goes back to the queue at once (another worker resumes
// it from its recorded handle), submissions in flight record their handles first.
process.once("SIGTERM", async () => {
  await generation.shutdown();
  await server?.close();
  process.exit(0);
});
