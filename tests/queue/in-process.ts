/**
 * What the in-process queue tests share: a redis-server and the mock gateway (tasks done at the
 * first poll) on loopback, started before the file's tests and stopped after them.
 */
import { afterAll, beforeAll } from "vitest";
import { createMockGateway, type MockGateway, type MockServer } from "../../mock/index.js";
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
