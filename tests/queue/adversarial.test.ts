/**
 * The queue probes of the third adversarial review (D1, D15, D16, D27, D28), kept as tests: paid
 * jobs under failures after the gateway took the submission, a key vault failing before anything
 * was sent, duplicate job ids, jobs without params, a Redis outage, and workers on family clients.
 * A real redis-server, the mock gateway on loopback and an in-process worker of the source.
 */
import { createServer, type Server } from "node:http";
import { QueueEvents } from "bullmq";
import { describe, expect, it, vi } from "vitest";
import { VideosClient } from "../../src/entries/videos.js";
import Genway, { type GenwayOptions, type Middleware, ValidationError } from "../../src/index.js";
import {
  createGenerationQueue,
  createGenerationWorker,
  type GenerationQueue,
  type GenerationWorker,
} from "../../src/queue/index.js";
import { useRedisAndMock } from "./in-process.js";
import { startRedis } from "./support.js";

const loopback = useRedisAndMock();
const { mock } = loopback;
let queues = 0;

const connection = () => loopback.connection();

/** A queue, its events and a worker whose client is made from `options`; closed when `run` ends. */
async function withWorker(
  options: GenwayOptions & { client?: (options: GenwayOptions) => GenerationClientLike },
  run: (queue: GenerationQueue, events: QueueEvents, worker: GenerationWorker) => Promise<void>,
  workerOptions: { settleMs?: number } = {},
): Promise<void> {
  const name = `adversarial-${++queues}`;
  const { client: make = (o) => new Genway(o), ...clientOptions } = options;
  const client = make({
    apiKey: mock.apiKey,
    baseURL: loopback.server.url,
    logLevel: "off",
    ...clientOptions,
  });
  const worker = createGenerationWorker({
    connection: connection(),
    name,
    client,
    wait: { interval: 10 },
    ...workerOptions,
  });
  const queue = createGenerationQueue({ connection: connection(), name });
  const events = new QueueEvents(name, { connection: connection() });
  await events.waitUntilReady();
  try {
    await run(queue, events, worker);
  } finally {
    await worker.close(true);
    await events.close();
    await queue.queue.obliterate({ force: true });
    await queue.close();
  }
}
type GenerationClientLike = Parameters<typeof createGenerationWorker>[0]["client"];

/** Paid POSTs the mock received whose body carries `tag`. */
const submitted = (tag: string) =>
  mock.requests.filter((r) => r.method === "POST" && JSON.stringify(r.body ?? "").includes(tag)).length;

/** The error a job failed with (its failedReason), or its return value. */
const finished = (
  job: { waitUntilFinished: (e: QueueEvents, ttl: number) => Promise<unknown> },
  events: QueueEvents,
) =>
  job.waitUntilFinished(events, 15_000).then(
    (value) => ({ value }),
    (error: Error) => ({ error: error.message }),
  );

/** BullMQ job options: `attempts` attempts, 10 ms apart. */
const retried = (attempts: number) => ({ attempts, backoff: { type: "fixed" as const, delay: 10 } });

/** Adds a 5 s vidA job with `prompt`, tried up to `attempts` times. */
const addVideo = (queue: GenerationQueue, prompt: string, attempts: number) =>
  queue.add("videos.create", { model: "vidA-2.5", prompt, duration: 5 }, retried(attempts));

/** An audit middleware that fails once the gateway answered the paid submission. */
const auditAfterAnswer: Middleware = async (request, next) => {
  const response = await next(request);
  if (request.method === "POST" && !request.url.includes("/query")) throw new Error("audit log unavailable");
  return response;
};

describe("D1: a failure after the gateway took the submission is never paid again", () => {
  it("D1: a middleware throwing after next() fails a video job with UncertainSubmissionError after one paid POST, whatever attempts is", async () => {
    await withWorker({ middleware: [auditAfterAnswer] }, async (queue, events) => {
      const job = await addVideo(queue, "a boat #d1-video", 5);
      const outcome = await finished(job, events);
      expect(outcome).toEqual({
        error: expect.stringMatching(/^UncertainSubmissionError: job .+ never recorded the gateway's answer/),
      });
      expect(submitted("#d1-video")).toBe(1);
      expect((await queue.queue.getJob(job.id!))!.attemptsMade).toBe(1);
    });
  }, 30_000);

  it("D1: a vidgen job whose middleware throws after next() finds its task by external id instead of paying again", async () => {
    await withWorker(
      { middleware: [auditAfterAnswer] },
      async (queue, events) => {
        const job = await queue.add("vidgen.videos.textToVideo", { prompt: "a fox #d1-vidgen" }, retried(5));
        const outcome = await finished(job, events);
        expect(outcome).toEqual({
          value: expect.objectContaining({ status: "succeeded", kind: "vidgen.text2video" }),
        });
        expect(submitted("#d1-vidgen")).toBe(1);
      },
      { settleMs: 200 },
    );
  }, 30_000);

  it("D1: a submission answered 307 (refused, the gateway may have it) is sent once, whatever attempts is", async () => {
    let posts = 0;
    const redirecting: Server = createServer((req, res) => {
      req.resume();
      if (req.method === "POST") posts++;
      res.writeHead(307, { location: "/v2/videos/generations-2" });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    const { port } = redirecting.address() as { port: number };
    try {
      await withWorker(
        { client: (o) => new Genway({ ...o, baseURL: `http://127.0.0.1:${port}` }) },
        async (queue, events) => {
          const job = await addVideo(queue, "x", 5);
          expect(await finished(job, events)).toEqual({
            error: expect.stringMatching(/^UncertainSubmissionError/),
          });
          expect(posts).toBe(1);
        },
      );
    } finally {
      redirecting.close();
    }
  }, 30_000);
});

describe("D16: a key vault that fails before anything is sent", () => {
  it("D16: the job is retried (nothing was sent) and paid once", async () => {
    let failures = 2;
    await withWorker(
      {
        maxRetries: 0,
        // The spec's table: the key's two failures then belong to the submission alone, not to a
        // load of the gateway's prices (which falls back without failing anything).
        prices: "spec",
        apiKey: async () => {
          if (failures-- > 0) throw new Error("vault timeout");
          return mock.apiKey;
        },
      },
      async (queue, events) => {
        const job = await addVideo(queue, "a ship #d16", 3);
        expect(await finished(job, events)).toEqual({
          value: expect.objectContaining({ status: "succeeded" }),
        });
        expect(submitted("#d16")).toBe(1);
        expect((await queue.queue.getJob(job.id!))!.attemptsMade).toBe(3);
      },
    );
  }, 30_000);
});

describe("D15: a jobId the queue already holds", () => {
  it("D15: other params are refused with ValidationError; the same params resolve to the job as stored", async () => {
    const queue = createGenerationQueue({ connection: connection(), name: `adversarial-${++queues}` });
    try {
      const first = await queue.add(
        "videos.create",
        { model: "vidA-2.5", prompt: "a cat", duration: 5 },
        { jobId: "order-42" },
      );
      const other = await queue
        .add("videos.create", { model: "vidA-2.5", prompt: "a dog", duration: 10 }, { jobId: "order-42" })
        .catch((error: unknown) => error);
      expect(other).toBeInstanceOf(ValidationError);
      expect((other as ValidationError).issues).toEqual([
        expect.objectContaining({ path: "opts.jobId", rule: "duplicate" }),
      ]);
      const again = await queue.add(
        "videos.create",
        { duration: 5, prompt: "a cat", model: "vidA-2.5" },
        { jobId: "order-42" },
      );
      expect(again.data.params).toEqual({ model: "vidA-2.5", prompt: "a cat", duration: 5 });
      expect(again.timestamp).toBe(first.timestamp);
      expect(await queue.queue.count()).toBe(1);
    } finally {
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  });
});

describe("D27: jobs without params", () => {
  it("D27: add(op, null | undefined | an array) is a ValidationError, and nothing is queued", async () => {
    const queue = createGenerationQueue({ connection: connection(), name: `adversarial-${++queues}` });
    try {
      for (const params of [null, undefined, ["a"], "a cat"]) {
        const error = await queue.add("videos.create", params as never).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).issues[0]).toMatchObject({ path: "(root)", rule: "invalid_type" });
      }
      expect(await queue.queue.count()).toBe(0);
    } finally {
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it("D27: a raw job without params fails at once, unrecoverable, and sends nothing", async () => {
    await withWorker({}, async (queue, events) => {
      const before = mock.requests.length;
      const job = await queue.queue.add("videos.create", { operation: "videos.create" } as never, {
        attempts: 3,
      });
      expect(await finished(job as never, events)).toEqual({
        error: expect.stringMatching(/has no params object; nothing was sent/),
      });
      expect((await queue.queue.getJob(job.id!))!.attemptsMade).toBe(1);
      expect(mock.requests.length).toBe(before);
    });
  }, 30_000);
});

describe("workers on family clients", () => {
  it("a VideosClient runs video jobs; a job of a family it lacks fails before anything is sent", async () => {
    await withWorker({ client: (o) => new VideosClient(o) }, async (queue, events) => {
      const video = await queue.add("videos.create", {
        model: "vidA-2.5",
        prompt: "a kite #family",
        duration: 5,
      });
      expect(await finished(video, events)).toEqual({
        value: expect.objectContaining({ status: "succeeded" }),
      });
      const song = await queue.add(
        "musicgen.submit.music",
        { gpt_description_prompt: "a song #family-music" },
        { attempts: 3 },
      );
      expect(await finished(song, events)).toEqual({
        error: expect.stringMatching(
          /runs musicgen\.submit\.music, but this worker's client has no musicgen/,
        ),
      });
      expect(submitted("#family-music")).toBe(0);
      expect((await queue.queue.getJob(song.id!))!.attemptsMade).toBe(1);
    });
  }, 30_000);
});

describe("D28: a Redis outage", () => {
  it("D28: goes to the client's logger, one line per message, and prints no stacks", async () => {
    const outage = await startRedis();
    const lines: string[] = [];
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    const client = new Genway({
      apiKey: "k",
      baseURL: "http://127.0.0.1:9",
      logLevel: "warn",
      logger: { error() {}, warn: (line: string) => lines.push(line), info() {}, debug() {} },
    });
    const generation = createGenerationWorker({
      connection: { host: "127.0.0.1", port: outage.port, maxRetriesPerRequest: null },
      name: "d28",
      client,
    });
    try {
      await generation.worker.waitUntilReady();
      await outage.stop();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(printed).not.toHaveBeenCalled();
      expect(lines.length).toBeGreaterThan(0);
      expect(new Set(lines).size).toBe(lines.length);
      expect(lines.some((line) => line.includes("ECONNREFUSED"))).toBe(true);
      for (const line of lines)
        expect(line).toMatch(/^\[genway\] queue d28: [^\n]+ \(BullMQ reconnects by itself\)$/);
    } finally {
      printed.mockRestore();
      // Redis is gone: close without waiting for it.
      await Promise.race([generation.close(true), new Promise((resolve) => setTimeout(resolve, 1000))]).catch(
        () => {},
      );
    }
  }, 30_000);
});

describe("review D11: a worker's wait options", () => {
  it("review D11: a misspelt one is refused as the worker is made, with the closest name: found by a job's wait, it would fail a paid job", () => {
    const client = new Genway({ apiKey: mock.apiKey, baseURL: loopback.server.url, logLevel: "off" });
    const before = mock.requests.length;
    for (const [wait, message] of [
      [{ intervl: 10 }, "intervl: is not an option; did you mean `interval`?"],
      [{ timout: 60_000 }, "timout: is not an option; did you mean `timeout`?"],
      [{ signal: new AbortController().signal }, "signal: is not an option"],
    ] as const) {
      const made = () =>
        createGenerationWorker({ connection: connection(), name: "d11", client, wait: wait as never });
      expect(made).toThrow(ValidationError);
      expect(made).toThrow(`Invalid createGenerationWorker wait options: ${message}`);
    }
    expect(mock.requests.length).toBe(before);
  });
});
