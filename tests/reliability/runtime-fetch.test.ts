/**
 * genway's clocks are the only clocks. Node's fetch (undici) has clocks of its own: 300 s for the
 * headers and 300 s between body chunks, which would cut a long call (a video or a thinking model
 * answering after 5 minutes) before genway's `timeout` (600 s), as a connection error that chat
 * calls retried. Here the runtime's clocks are shortened to 300 ms (Node's global dispatcher, an
 * undici Agent of the runtime's own class) so a test stands for the 5-minute case; and a fetch
 * wrapper that drops the abort signal must not outlive genway's clocks either.
 */
import type http from "node:http";
import { afterAll, beforeAll, describe, it, type onTestFinished } from "vitest";
import Genway, { APITimeoutError } from "../../src/index.js";
import { bundled } from "../support/bundle.js";
import { runNode } from "../support/child.js";
import { hello, httpServer } from "../support/index.js";

const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");
type Agent = { dispatch: unknown; close(): Promise<void> };
const globals = globalThis as unknown as Record<symbol, Agent>;

/**
 * A loopback server answering every request with `respond`, closed when the test that `finished`
 * belongs to ends; `seen` counts the requests it got.
 */
function server(
  finished: typeof onTestFinished,
  respond: (req: http.IncomingMessage, res: http.ServerResponse) => void,
) {
  return httpServer((req, res) => {
    req.resume();
    respond(req, res);
  }, finished);
}

const completion = JSON.stringify({
  id: "c",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: "late" }, finish_reason: "stop" }],
});

// Each test waits out a runtime clock on a server of its own, all of them side by side, under the
// one shortened dispatcher of this block (this worker's: each test worker has its own globals).
describe.concurrent("long calls on Node: the runtime's own clocks never cut a call before genway's", () => {
  let original: Agent;
  let short: Agent;
  beforeAll(async () => {
    await fetch("data:,load").catch(() => {}); // Node loads undici (and its global dispatcher) lazily
    original = globals[GLOBAL_DISPATCHER]!;
    // Node's own Agent class, with its headers and body clocks at 300 ms instead of 300 s.
    const RuntimeAgent = original.constructor as new (options: object) => Agent;
    short = new RuntimeAgent({ headersTimeout: 300, bodyTimeout: 300 });
    globals[GLOBAL_DISPATCHER] = short;
  });
  afterAll(async () => {
    globals[GLOBAL_DISPATCHER] = original;
    await short.close();
  });

  it("headers after the runtime's headers clock (310 s against 300 s) are waited for until genway's timeout", async ({
    onTestFinished,
    expect,
  }) => {
    const { url, seen } = await server(onTestFinished, (_req, res) =>
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(completion), 1500),
    );
    const gw = new Genway({ apiKey: "sk-long", baseURL: url, logLevel: "off", timeout: 10_000 });
    const answer = await gw.chat.completions.create(hello);
    expect(answer.choices[0]?.message.content).toBe("late");
    expect(seen).toHaveLength(1);
  });

  it("a gateway that never answers ends at genway's deadline: APITimeoutError of genway's clock, sent once", async ({
    onTestFinished,
    expect,
  }) => {
    const { url, seen } = await server(onTestFinished, () => {});
    const gw = new Genway({ apiKey: "sk-long", baseURL: url, logLevel: "off", timeout: 1500, maxRetries: 0 });
    const error = await gw.chat.completions.create(hello).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toMatchObject({ phase: "response", timeoutMs: 1500 });
    expect((error as Error).message).toContain("within 1500 ms");
    expect(seen).toHaveLength(1);
  });

  it("a body pausing longer than the runtime's body clock is read to its end under genway's idleTimeout", async ({
    onTestFinished,
    expect,
  }) => {
    const { url } = await server(onTestFinished, (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (content: string, finish: string | null) =>
        `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
      res.write(chunk("thinking", null));
      setTimeout(() => res.end(`${chunk(" done", "stop")}data: [DONE]\n\n`), 1500);
    });
    const gw = new Genway({ apiKey: "sk-long", baseURL: url, logLevel: "off", idleTimeout: 10_000 });
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    expect(await stream.finalContent()).toBe("thinking done");
  });

  it("fetchOptions.dispatcher of the caller's (a proxy's) gets genway's clocks too", async ({
    onTestFinished,
    expect,
  }) => {
    const { url } = await server(onTestFinished, (_req, res) =>
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(completion), 1500),
    );
    const gw = new Genway({
      apiKey: "sk-long",
      baseURL: url,
      logLevel: "off",
      fetchOptions: { dispatcher: short },
    });
    expect((await gw.chat.completions.create(hello)).choices[0]?.message.content).toBe("late");
  });

  it("a runtime clock that still fires (a fetch of the caller's) is an APITimeoutError, and a chat call is not retried", async ({
    onTestFinished,
    expect,
  }) => {
    const { url, seen } = await server(onTestFinished, () => {});
    const gw = new Genway({
      apiKey: "sk-long",
      baseURL: url,
      logLevel: "off",
      timeout: 10_000,
      maxRetries: 2,
      retryDelay: 5,
      // The caller's own fetch sets its own dispatcher: undici's 300 ms headers clock is theirs.
      fetch: (input, init) => fetch(input, { ...init, dispatcher: short } as RequestInit),
    });
    const error = await gw.chat.completions.create(hello).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toMatchObject({ phase: "response", retryable: false });
    expect((error as Error).message).toMatch(/runtime's own fetch timeout/);
    expect(seen).toHaveLength(1);
  });
});

describe("a fetch wrapper that drops the abort signal", () => {
  it("E10: installed on globalThis before genway is imported, it defeats neither the timeout nor the caller's signal", async ({
    expect,
  }) => {
    const [child] = await bundled("tests/reliability/fixtures/fetch-wrapper-child.ts");
    const { stdout, stderr } = await runNode([child!], 20_000);
    expect(stderr).toBe("");
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual({
      timeout: "APITimeoutError",
      signal: "APIUserAbortError",
    });
  });
});
