/**
 * The processes of a queue test file: a redis-server, the mock gateway in its own process and
 * worker processes, the gateway and worker programs bundled from this run's sources
 * (tests/support/bundle.ts). `useCluster()` starts Redis and the gateway before the file's tests
 * and stops everything after them.
 */
import { afterAll, beforeAll } from "vitest";
import { bundled } from "../support/bundle.js";
import {
  type GatewayProcess,
  type RedisServer,
  startGateway,
  startRedis,
  startWorker,
  type WorkerProcess,
} from "./support.js";

export interface Cluster {
  readonly redis: RedisServer;
  readonly gateway: GatewayProcess;
  /** Every worker started and not yet stopped (killed ones included). */
  readonly workers: WorkerProcess[];
  connection(): { host: string; port: number; maxRetriesPerRequest: null };
  /** A worker process on `queue` (concurrency 100 unless `env` says; see fixtures/worker.ts). */
  spawnWorker(name: string, queue: string, env?: Record<string, string | number>): Promise<WorkerProcess>;
  stopWorkers(): Promise<void>;
}

export function useCluster(gatewayEnv: Record<string, string> = { TASK_STEPS: "6" }): Cluster {
  let redis: RedisServer | undefined;
  let gateway: GatewayProcess | undefined;
  let programs: { gateway: string; worker: string } | undefined;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    const [gatewayProgram, worker] = await bundled(
      "tests/queue/fixtures/gateway.ts",
      "tests/queue/fixtures/worker.ts",
    );
    programs = { gateway: gatewayProgram!, worker: worker! };
    [redis, gateway] = await Promise.all([startRedis(), startGateway(gatewayEnv, programs.gateway)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await gateway?.stop();
    await redis?.stop();
  });

  return {
    get redis() {
      return redis!;
    },
    get gateway() {
      return gateway!;
    },
    workers,
    connection: () => ({ host: "127.0.0.1", port: redis!.port, maxRetriesPerRequest: null }),
    async spawnWorker(name, queue, env = {}) {
      const worker = await startWorker(
        name,
        {
          REDIS_PORT: redis!.port,
          GATEWAY_URL: gateway!.url,
          GATEWAY_KEY: gateway!.apiKey,
          QUEUE: queue,
          CONCURRENCY: 100,
          ...env,
        },
        programs!.worker,
      );
      workers.push(worker);
      return worker;
    },
    async stopWorkers() {
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    },
  };
}
