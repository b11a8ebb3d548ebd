/**
 * The queue's crash run, at any size: mixed jobs (songs, lyrics, unified videos, vidgen) on worker
 * processes through kill -9 mid-submission (a held vidgen and a held music submission), jobs
 * resumed in `submitting` by hand, and kill -9 mid-wait; every job ends as it should, each paid
 * once, their music polls one batch per round. `npm test` runs it with 60 jobs
 * (tests/queue/queue.test.ts), `npm run test:soak` with 300 (tests/queue/crash.soak.ts).
 */
import { type Job, QueueEvents } from "bullmq";
import { expect } from "vitest";
import {
  createGenerationQueue,
  type GenerationJobData,
  type GenerationOperation,
  type GenerationOperations,
  type GenerationProgress,
} from "../../src/queue/index.js";
import type { Cluster } from "./cluster.js";
import type { SeenRequest } from "./support.js";

/** Paid submissions the gateway received, by the `#tag` each job carries in its params. */
const SUBMISSION = /^\/(v2\/videos\/generations|vidgen\/v1\/.+|musicgen\/submit\/.+)$/;
function submissionsByTag(requests: SeenRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of requests) {
    if (request.method !== "POST" || !SUBMISSION.test(request.path)) continue;
    const tag = /#(j-\d+|held-\w+|crafted-\w+)/.exec(JSON.stringify(request.body))?.[1];
    if (tag) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return counts;
}

/** The params of job `i`: 50% songs, 10% lyrics, 20% unified videos, 20% vidgen; a few fail on purpose. */
function jobOf(i: number): [GenerationOperation, GenerationOperations[GenerationOperation]] {
  const tag = `#j-${i}`;
  const fail = i % 97 === 13 ? " [fail]" : "";
  const slot = i % 10;
  if (slot < 5) return ["musicgen.submit.music", { gpt_description_prompt: `a song ${tag}${fail}` }];
  if (slot === 5) return ["musicgen.submit.lyrics", { prompt: `lyrics ${tag}` }];
  if (slot < 8) return ["videos.create", { model: "veo3", prompt: `a clip ${tag}${fail}` }];
  if (slot === 8) return ["vidgen.videos.textToVideo", { prompt: `a fox ${tag}` }];
  return ["vidgen.images.generate", { prompt: `an owl ${tag}` }];
}

/** Waits until `total` jobs of `queue` completed or failed; their counts. */
export async function settled(
  queue: ReturnType<typeof createGenerationQueue>,
  total: number,
  timeout = 90_000,
) {
  const until = Date.now() + timeout;
  for (;;) {
    const counts = await queue.queue.getJobCounts("completed", "failed");
    if ((counts.completed ?? 0) + (counts.failed ?? 0) >= total) return counts;
    if (Date.now() > until) throw new Error(`jobs did not settle: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `total` mixed jobs (4 of them the held and crafted ones) through the kills, on `cluster`'s processes. */
export async function crashRun(cluster: Cluster, total: number): Promise<void> {
  const name = `mixed-${total}`;
  const queue = createGenerationQueue({ connection: cluster.connection(), name });
  const events = new QueueEvents(name, { connection: cluster.connection() });
  const progress = new Map<string, GenerationProgress[]>();
  events.on("progress", ({ jobId, data }) => {
    progress.set(jobId, [...(progress.get(jobId) ?? []), data as unknown as GenerationProgress]);
  });
  await events.waitUntilReady();
  try {
    await Promise.all(["w1", "w2", "w3"].map((worker) => cluster.spawnWorker(worker, name)));
    const byName = (worker: string) =>
      cluster.workers.find((w) => w.name === worker && w.child.exitCode === null)!;

    // Mid-submission: the gateway takes each "[hold]" submission (the task exists) and holds its
    // answer; the worker sending it is killed then, and a fresh one takes its place.
    for (const [tag, operation, params] of [
      ["held-vidgen", "vidgen.videos.textToVideo", { prompt: "a held fox #held-vidgen [hold]" }],
      ["held-music", "musicgen.submit.music", { gpt_description_prompt: "a held song #held-music [hold]" }],
    ] as const) {
      const held = cluster.gateway.nextHeld();
      await queue.add(operation, params, { jobId: tag });
      await byName((await held).worker).kill();
      await cluster.spawnWorker(`${tag}-replacement`, name);
    }

    // Resumed in `submitting` by hand: a vidgen job whose request never reached the gateway (its
    // lookup finds nothing, so it is sent), a music job that cannot be looked up (refused).
    const crafted: Array<[string, GenerationJobData]> = [
      [
        "crafted-vidgen",
        {
          operation: "vidgen.images.generate",
          params: { prompt: "an owl #crafted-vidgen" },
          submitting: Date.now() - 5000,
        },
      ],
      [
        "crafted-music",
        {
          operation: "musicgen.submit.music",
          params: { gpt_description_prompt: "#crafted-music" },
          submitting: Date.now() - 5000,
        },
      ],
    ];
    for (const [jobId, data] of crafted) await queue.queue.add(data.operation, data, { jobId });

    for (let i = 0; i < total - 4; i++) {
      const [operation, params] = jobOf(i);
      await queue.add(operation, params, { jobId: `j-${i}` });
    }

    // Mid-wait: once every job was submitted (and its handle recorded), the worker that sent the
    // latest music poll is killed with its waits.
    for (;;) {
      const requests = await cluster.gateway.requests();
      if (submissionsByTag(requests).size >= total - 1) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const polls = (await cluster.gateway.requests()).filter((r) => r.path.startsWith("/musicgen/fetch"));
        await byName(polls.at(-1)!.worker!).kill();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const killed = new Set(
      cluster.workers.filter((w) => w.child.signalCode === "SIGKILL").map((w) => w.name),
    );
    expect(killed.size).toBe(3);

    const counts = await settled(queue, total);
    const jobs = (await queue.queue.getJobs(["completed", "failed"])) as Job<GenerationJobData>[];
    const state = async (job: Job) => [job.id, await job.getState()] as const;
    const states = new Map(await Promise.all(jobs.map(state)));
    const failedOnPurpose = Array.from({ length: total - 4 }, (_, i) => i).filter(
      (i) => i % 97 === 13 && (i % 10 < 5 || i % 10 === 6 || i % 10 === 7),
    );
    const expectedFailed = new Set([...failedOnPurpose.map((i) => `j-${i}`), "held-music", "crafted-music"]);
    // A job in the wrong state is named with its reason, so a failure says which job and why.
    const unexpected = jobs
      .filter((j) => (states.get(j.id) === "failed") !== expectedFailed.has(j.id!))
      .map((j) => `${j.id}: ${states.get(j.id)}${j.failedReason ? ` (${j.failedReason})` : ""}`);
    expect(unexpected).toEqual([]);
    expect(counts).toEqual({ completed: total - expectedFailed.size, failed: expectedFailed.size });
    for (const [id, status] of states)
      expect([id, status]).toEqual([id, expectedFailed.has(id!) ? "failed" : "completed"]);

    const job = (id: string) => jobs.find((j) => j.id === id)!;
    for (const id of ["held-music", "crafted-music"]) {
      expect(job(id).failedReason).toMatch(
        /^UncertainSubmissionError: job .+ never recorded the gateway's answer/,
      );
    }
    for (const i of failedOnPurpose) expect(job(`j-${i}`).failedReason).toMatch(/failed: .*\[fail\]/);

    // The return value is the task's final snapshot; the handle was recorded in the job's data.
    const video = job("j-6");
    expect(video.returnvalue).toMatchObject({ kind: "video", status: "succeeded", progress: 100 });
    expect(video.data.task).toEqual({ kind: "video", id: video.returnvalue.id });
    expect(job("j-0").returnvalue).toMatchObject({ kind: "music", status: "succeeded" });
    expect(job("j-8").returnvalue).toMatchObject({ kind: "vidgen.text2video", status: "succeeded" });
    // With its cost: the submission's, recorded with the handle, by the mock gateway's own prices
    // (vidgen: 0.0001 CNY per request; music as new-api bills it, suno_music; veo3 per request).
    expect(job("j-8").returnvalue.cost).toMatchObject({ total: 0.0001, currency: "CNY", family: "vidgen" });
    expect(job("j-0").returnvalue.cost).toMatchObject({
      total: 0.73,
      source: "gateway",
      model: "suno_music",
    });
    expect(video.returnvalue.cost).toMatchObject({ total: 7, source: "gateway", model: "veo3" });
    // The held vidgen submission was found again by its external id (the queue's random id and
    // the job id), not sent twice.
    expect(job("held-vidgen").returnvalue).toMatchObject({
      kind: "vidgen.text2video",
      status: "succeeded",
    });
    expect(job("held-vidgen").data.externalTaskId).toMatch(/^[0-9a-f]{16}-held-vidgen$/);
    expect(job("held-vidgen").returnvalue.raw.data.task_info).toEqual({
      external_task_id: job("held-vidgen").data.externalTaskId,
    });
    expect(job("held-vidgen").returnvalue).toMatchObject({
      cost: null,
      costReason: expect.stringMatching(/answer was lost/),
    });

    // Exactly one paid submission per job, the refused ones included; none for the unsent music one.
    const requests = await cluster.gateway.requests();
    const paid = submissionsByTag(requests);
    const tags = [
      ...Array.from({ length: total - 4 }, (_, i) => `j-${i}`),
      "held-vidgen",
      "held-music",
      "crafted-vidgen",
    ];
    expect(Object.fromEntries(tags.map((tag) => [tag, paid.get(tag)]))).toEqual(
      Object.fromEntries(tags.map((tag) => [tag, 1])),
    );
    expect(paid.get("crafted-music")).toBeUndefined();

    // The killed workers' jobs were taken over (stalled) and finished by the others (all completed above).
    const resumed = jobs.filter((j) => j.stalledCounter > 0);
    // The two held jobs, and (in a run long enough to catch them waiting) the mid-wait kill's jobs.
    expect(resumed.length).toBeGreaterThanOrEqual(total >= 300 ? 3 : 2);

    // Progress events carry the task's states.
    const reported = progress.get("j-6") ?? [];
    expect(reported[0]).toEqual({ task: video.data.task, status: "queued", progress: 0 });
    expect(reported).toContainEqual({ task: video.data.task, status: "running", progress: 40 });
    expect(reported.at(-1)).toEqual({ task: video.data.task, status: "succeeded", progress: 100 });

    expectPollRounds(requests);
  } finally {
    await cluster.stopWorkers();
    await events.close();
    await queue.queue.obliterate({ force: true });
    await queue.close();
  }
}

/**
 * One poll round per worker and kind: all the music tasks a worker waits on are read by one batch
 * request per 50 ids per round (requests sent together), and rounds are half a poll interval apart
 * at least (a read waits for its round up to half its interval).
 */
function expectPollRounds(requests: SeenRequest[]): void {
  const batches = requests.filter((r) => r.method === "POST" && r.path === "/musicgen/fetch");
  expect(batches.length).toBeGreaterThan(0);
  const groups = new Map<string, SeenRequest[]>();
  for (const r of batches) {
    const key = `${r.worker} ${r.body.action}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const list of groups.values()) list.sort((a, b) => a.sentAt - b.sentAt);
  for (const [group, list] of groups) {
    const rounds: SeenRequest[][] = [];
    for (const request of list) {
      const round = rounds.at(-1);
      if (round && request.sentAt - round[0]!.sentAt < 40) round.push(request);
      else rounds.push([request]);
    }
    for (const [index, round] of rounds.entries()) {
      const ids = new Set(round.flatMap((r) => r.body.ids as string[]));
      expect({ group, index, requests: round.length }).toEqual({
        group,
        index,
        requests: Math.ceil(ids.size / 50),
      });
      // A read waits for its round up to half its interval (50 ms here): rounds are at least that apart.
      const next = rounds[index + 1];
      if (next) expect(next[0]!.sentAt - round[0]!.sentAt).toBeGreaterThanOrEqual(40);
    }
  }
}
