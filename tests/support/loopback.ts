/**
 * The one loopback harness: the mock gateway on a real loopback port and a client pointed at it.
 * `loopback()` belongs to one test (closed when it finishes), `mockForFile()` to a whole file;
 * `startMock()` is the caller's to close.
 */
import { afterAll, beforeAll, onTestFinished } from "vitest";
import type { MockServer } from "../../mock/index.js";
import { createMockGateway, type MockGateway, type MockGatewayOptions } from "../../mock/index.js";
import Genway, { type GenwayOptions, ValidationError } from "../../src/index.js";

export interface Harness {
  mock: MockGateway;
  server: MockServer;
  gw: Genway;
  url: string;
  close(): Promise<void>;
  /** The requests the mock received on a path, in order. */
  sent(path: string): Array<{ body: any; headers: Record<string, string>; url: string }>;
}

/**
 * Retries back off from 5 ms instead of 0.5 s (the client option `retryDelay`), so that a retry test
 * waits on the retry, not on the clock. The delays still grow and keep their jitter; Retry-After
 * answers keep their own delay. Every client of the harnesses has it; a test that makes its own
 * client and retries spreads it in.
 */
export const quickRetries = { retryDelay: 5 } as const;

/** A mock on loopback and a client with retries off unless asked; the caller closes it. */
async function startMock(
  mockOptions: MockGatewayOptions = {},
  clientOptions: GenwayOptions = {},
): Promise<Harness> {
  const mock = createMockGateway(mockOptions);
  const server = await mock.listen();
  const gw = new Genway({
    apiKey: mock.apiKey,
    baseURL: server.url,
    maxRetries: 0,
    ...quickRetries,
    ...clientOptions,
  });
  return {
    mock,
    server,
    gw,
    url: server.url,
    close: () => server.close(),
    sent: (path) => mock.requests.filter((request) => request.path === path),
  };
}

/** A mock for the whole file: started before its first test, closed after its last. */
export function mockForFile(
  mockOptions: MockGatewayOptions = {},
  clientOptions: GenwayOptions = {},
): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    Object.assign(harness, await startMock(mockOptions, clientOptions));
  });
  afterAll(() => harness.close());
  return harness;
}

/**
 * A mock on loopback for the running test (closed when it ends), and a quiet client with retries off.
 * A test that runs concurrently with others passes its context's `onTestFinished`.
 */
export async function loopback(
  clientOptions: GenwayOptions = {},
  mockOptions: MockGatewayOptions = {},
  finished: typeof onTestFinished = onTestFinished,
): Promise<Harness> {
  const harness = await startMock(mockOptions, { logLevel: "off", ...clientOptions });
  finished(() => harness.close());
  return harness;
}

export const hello = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "hi" }] };

/** Runs `fn` and returns what it threw or rejected with (fails the test if it did not). */
export async function thrown(fn: () => unknown): Promise<any> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error, none was thrown");
}

/** The error a promise rejects with (fails the test if it resolves). */
export function rejection(promise: Promise<unknown>): Promise<any> {
  return thrown(() => promise);
}

/**
 * The ValidationError a call raises (thrown at once or as a rejection), after checking that nothing
 * reached the gateway.
 */
export async function invalid(h: Pick<Harness, "mock">, call: () => unknown): Promise<ValidationError> {
  const before = h.mock.requests.length;
  let caught: unknown;
  try {
    await call();
  } catch (error) {
    caught = error;
  }
  if (!(caught instanceof ValidationError))
    throw new Error(`expected a ValidationError, got ${String(caught)}`);
  if (h.mock.requests.length !== before) throw new Error("a request reached the gateway");
  return caught;
}

/** The raw body the mock answers to a JSON POST, for checking the wire framing byte for byte. */
export async function rawBody(
  mock: MockGateway,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; contentType: string | null; text: string }> {
  const response = await mock.handle(
    new Request(`http://mock.local${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${mock.apiKey}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
  );
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    text: await response.text(),
  };
}

/** The frames of a named-event SSE body (`event: x\ndata: {...}`), each data parsed. */
export function namedEvents(text: string): Array<{ event: string; data: any }> {
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((frame) => {
      const [event, data] = frame.split("\n");
      return { event: event!.replace(/^event: /, ""), data: JSON.parse(data!.replace(/^data: /, "")) };
    });
}

/** Collects an async iterable. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
