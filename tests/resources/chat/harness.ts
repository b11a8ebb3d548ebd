/** Shared set-up for the chat-format tests: the mock gateway on a loopback port, and upstream replays. */
import { readFileSync } from "node:fs";
import Genway, { type GenwayOptions, ValidationError } from "../../../src/index.js";
import { createMockGateway, type MockGatewayOptions } from "../../../src/testing/index.js";

export interface Harness {
  mock: ReturnType<typeof createMockGateway>;
  gw: Genway;
  url: string;
  close(): Promise<void>;
  /** The requests the mock received on a path, in order. */
  sent(path: string): Array<{ body: any; headers: Record<string, string>; url: string }>;
}

export async function startMock(
  options: MockGatewayOptions = {},
  client: GenwayOptions = {},
): Promise<Harness> {
  const mock = createMockGateway(options);
  const server = await mock.listen();
  const gw = new Genway({ apiKey: mock.apiKey, baseURL: server.url, maxRetries: 0, ...client });
  return {
    mock,
    gw,
    url: server.url,
    close: () => server.close(),
    sent: (path) => mock.requests.filter((request) => request.path === path),
  };
}

/** A client whose every request is answered with `body` (a recorded upstream stream, JSON or error). */
export function replay(body: string, contentType = "text/event-stream", status = 200): Genway {
  return new Genway({
    apiKey: "sk-replay",
    baseURL: "http://replay.invalid",
    maxRetries: 0,
    fetch: async () => new Response(body, { status, headers: { "content-type": contentType } }),
  });
}

/** A capture of the upstream folder (shared/upstream), read from the family's fixtures/ copy. */
export function capture(family: "chat" | "messages" | "responses" | "native", name: string): string {
  return fixture(new URL(`../${family}/`, import.meta.url), name);
}

/** An upstream capture from a test folder's fixtures/ (see shared/upstream/README.md for provenance). */
export function fixture(folder: URL, name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, folder), "utf8");
}

/** Collects an async iterable. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

/**
 * The ValidationError a call raises (thrown at once or as a rejection), after checking that nothing
 * reached the gateway.
 */
export async function invalid(h: Harness, call: () => unknown): Promise<ValidationError> {
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
  mock: Harness["mock"],
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
