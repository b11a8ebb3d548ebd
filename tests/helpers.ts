/** Shared test setup: a mock gateway on a real loopback port and a client pointed at it. */
import { afterEach } from "vitest";
import Genway, { type GenwayOptions } from "../src/index.js";
import { createMockGateway, type MockGateway, type MockServer } from "../src/testing/index.js";
import type { MockGatewayOptions } from "../src/testing/state.js";

const servers: MockServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

export interface Harness {
  mock: MockGateway;
  server: MockServer;
  gw: Genway;
}

/** A mock on loopback (closed after each test) and a client with retries off unless asked. */
export async function loopback(
  clientOptions: GenwayOptions = {},
  mockOptions: MockGatewayOptions = {},
): Promise<Harness> {
  const mock = createMockGateway(mockOptions);
  const server = await mock.listen();
  servers.push(server);
  const gw = new Genway({
    apiKey: mock.apiKey,
    baseURL: server.url,
    maxRetries: 0,
    logLevel: "off",
    ...clientOptions,
  });
  return { mock, server, gw };
}

export const hello = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "hi" }] };

/** Runs `fn` and returns what it threw (fails the test if it did not throw). */
export async function thrown(fn: () => unknown): Promise<any> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error, none was thrown");
}
