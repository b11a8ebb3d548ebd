/**
 * What the in-process queue tests share: a redis-server and the mock gateway (tasks done at the
 * first poll) on loopback, started before the file's tests and stopped after them; queues with
 * workers of this process on them.
 */
import { type Job, QueueEvents } from "bullmq";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { createMockGateway, type MockGateway, type MockServer } from "../../mock/index.js";
import Genway, { type GenwayOptions } from "../../src/index.js";
import {
  createGenerationQueue,
  createGenerationWorker,
  type GenerationJobData,
  type GenerationWorker,
  type GenerationWorkerOptions,
} from "../../src/queue/index.js";
import { type RedisServer, startRedis } from "./support.js";

export interface Loopback {
  readonly redis: RedisServer;
  readonly mock: MockGateway;
  readonly server: MockServer;
  connection(): { host: string; port: number; maxRetriesPerRequest: null };
}

export function useRedisAndMock(): Loopback {
  let redis: RedisServer | undefined;
  let server: MockServer | undefined;
  const mock = createMockGateway({ taskSteps: 1 });
  beforeAll(async () => {
    [redis, server] = await Promise.all([startRedis(), mock.listen()]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });
  return {
    get redis() {
      return redis!;
    },
    mock,
    get server() {
      return server!;
    },
    connection: () => ({ host: "127.0.0.1", port: redis!.port, maxRetriesPerRequest: null }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Queues on `loopback`'s Redis, workers of this process on them, and what the mock was paid. */
function inProcessQueues(loopback: Loopback) {
  let queues = 0;
  const connection = () => loopback.connection();
  const { mock } = loopback;
  /** A queue and a way to start its workers (in this process), all closed when `run` ends. */
  async function withQueue(
    run: (parts: {
      name: string;
      queue: ReturnType<typeof createGenerationQueue>;
      events: QueueEvents;
      worker: (options?: Partial<GenerationWorkerOptions>, client?: GenwayOptions) => GenerationWorker;
    }) => Promise<void>,
    name = `paid-once-${++queues}`,
  ): Promise<void> {
    const started: GenerationWorker[] = [];
    const queue = createGenerationQueue({ connection: connection(), name });
    const events = new QueueEvents(name, { connection: connection() });
    await events.waitUntilReady();
    const worker = (options: Partial<GenerationWorkerOptions> = {}, client: GenwayOptions = {}) => {
      const generation = createGenerationWorker({
        connection: connection(),
        name,
        client: new Genway({ apiKey: mock.apiKey, baseURL: loopback.server.url, logLevel: "off", ...client }),
        wait: { interval: 10 },
        lockDuration: 2000,
        stalledInterval: 500,
        ...options,
      });
      started.push(generation);
      return generation;
    };
    try {
      await run({ name, queue, events, worker });
    } finally {
      await Promise.all(started.map((w) => w.close(true)));
      await events.close();
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  }

  /** Waits until every one of `ids` completed or failed. */
  async function settled(
    queue: ReturnType<typeof createGenerationQueue>,
    ids: string[],
    timeout = 20_000,
  ): Promise<Array<{ job: Job<GenerationJobData>; state: string }>> {
    const until = Date.now() + timeout;
    for (;;) {
      const states = await Promise.all(ids.map((id) => queue.queue.getJobState(id)));
      if (states.every((s) => s === "completed" || s === "failed")) {
        // Read once they are final: a job read before its end lacks its failedReason.
        const jobs = (await Promise.all(ids.map((id) => queue.queue.getJob(id)))) as Job<GenerationJobData>[];
        return jobs.map((job, i) => ({ job, state: states[i]! }));
      }
      if (Date.now() > until) throw new Error(`jobs did not settle: ${JSON.stringify(states)}`);
      await sleep(50);
    }
  }

  /** Paid POSTs the mock received whose body carries `tag`. */
  const submitted = (tag: string) =>
    mock.requests.filter((r) => r.method === "POST" && JSON.stringify(r.body ?? "").includes(tag)).length;

  return { withQueue, settled, submitted };
}

/**
 * A file's Redis and mock (useRedisAndMock) and its queues (inProcessQueues); after each test the
 * real clock is back and the mock's faults are cleared.
 */
export function useInProcessQueues() {
  const loopback = useRedisAndMock();
  afterEach(() => {
    vi.useRealTimers();
    loopback.mock.faults.clear();
  });
  return { loopback, mock: loopback.mock, ...inProcessQueues(loopback) };
}
