/**
 * The key never shows: every error path reachable today (auth, 4xx/5xx in each envelope, refused
 * connection, each clock, abort, validation, malformed bodies, error events in streams, a server
 * that echoes the key back in its body and headers, messages cut right through the key) at every
 * log level, in every face an error has: message, String(), stack, toJSON, util.inspect and the
 * `%o` format, its cause and headers, and every logger line. And the key goes nowhere but baseURL:
 * a redirect to another origin is refused before anything is sent there; a same-origin one is followed.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { format, inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "../../mock/envelopes.js";
import { createMockGateway, type MockGateway, type MockServer } from "../../mock/index.js";
import Genway, { GenwayError, isGenwayError, type Logger, type LogLevel } from "../../src/index.js";
import { quickRetries } from "../support/index.js";

const SECRET = randomBytes(16).toString("hex");
const KEY = `sk-gw-${SECRET}`;
const LEVELS: LogLevel[] = ["off", "error", "warn", "info", "debug"];
const hello = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "hi" }] };

/** Any 12 characters of the secret part: a key cut in half by a truncation is still a leak. */
function leaked(text: string, secret = SECRET): string | undefined {
  for (let i = 0; i + 12 <= secret.length; i++) {
    const piece = secret.slice(i, i + 12);
    if (text.includes(piece)) return piece;
  }
  return undefined;
}

/** Every way an error gets printed, serialized or logged. */
function faces(error: unknown): string[] {
  const e = error as Error & { cause?: unknown; headers?: Headers; body?: unknown; toJSON?: () => unknown };
  return [
    e.message,
    String(e),
    String(e.stack),
    JSON.stringify(e),
    inspect(e, { depth: Number.POSITIVE_INFINITY }),
    format("%o %O %s", e, e, e),
    inspect(e.cause, { depth: 6 }),
    inspect(e.headers),
    String((e as { requestId?: unknown }).requestId),
    JSON.stringify(e.body ?? null),
  ];
}

interface Sink {
  logger: Logger;
  lines: string[];
}

function sink(): Sink {
  const lines: string[] = [];
  const write = (message: string, ...args: unknown[]) =>
    lines.push([message, ...args.map((a) => inspect(a, { depth: 8 }))].join(" "));
  return { lines, logger: { error: write, warn: write, info: write, debug: write } };
}

// ---------------------------------------------------------------------------------------------
// Servers: the mock gateway (accepting KEY), an echo server that sends the key back everywhere, and
// an "evil" origin that records whatever reaches it.

let mock: MockGateway;
let gateway: MockServer;
let echo: { url: string; close(): Promise<void> };

beforeAll(async () => {
  mock = createMockGateway({ apiKey: KEY });
  gateway = await mock.listen();
  echo = await listen(echoHandler);
});

afterAll(async () => {
  await gateway.close();
  await echo.close();
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Puts the sent key exactly across `at`, where messages and bodies get cut. */
const across = (at: number, key: string) => `${"x".repeat(at - key.length / 2)}${key} tail`;

/** Sends back the key the client sent, in the body and the headers, in the shape `?mode=` asks for. */
function echoHandler(req: IncomingMessage, res: ServerResponse): void {
  const sent = String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
  const mode = new URL(req.url ?? "/", "http://x").searchParams.get("mode");
  const echoed = {
    "x-request-id": sent,
    "x-echo": `Bearer ${sent}`,
    "www-authenticate": `Bearer realm="${sent}"`,
    "retry-after-ms": "1",
  };
  const sse = (frames: string[]) => {
    res.writeHead(200, { "content-type": "text/event-stream", ...echoed });
    res.end(frames.join(""));
  };
  const chunk = `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: "hi" }, finish_reason: null }] })}\n\n`;
  switch (mode) {
    case "json-error":
      res.writeHead(401, { "content-type": "application/json", ...echoed });
      res.end(
        JSON.stringify({ error: { message: `Invalid key ${sent}`, type: "auth", code: 10001, param: sent } }),
      );
      return;
    case "long-message":
      res.writeHead(500, { "content-type": "application/json", ...echoed });
      res.end(JSON.stringify({ error: { message: across(1000, sent), type: "server_error", code: "" } }));
      return;
    case "html":
      res.writeHead(502, { "content-type": "text/html", ...echoed });
      res.end(`<html><head><title>${across(500, sent)}</title></head><body>${sent}</body></html>`);
      return;
    case "text":
      res.writeHead(503, { "content-type": "text/plain", ...echoed });
      res.end(across(500, sent));
      return;
    case "malformed":
      res.writeHead(200, { "content-type": "application/json", ...echoed });
      res.end(`{"echo": "${across(500, sent)}"`);
      return;
    case "stream-error":
      sse([
        chunk,
        `data: ${JSON.stringify({ error: { message: `upstream saw ${sent}`, type: "server_error", code: 10014 } })}\n\n`,
      ]);
      return;
    case "stream-bad-json":
      sse([chunk, `data: {${across(200, sent)}\n\n`]);
      return;
    case "vidgen":
      res.writeHead(429, { "content-type": "application/json", ...echoed });
      res.end(JSON.stringify({ code: 1302, message: `slow down ${sent}`, request_id: sent, data: null }));
      return;
    case "musicgen":
      res.writeHead(400, { "content-type": "application/json", ...echoed });
      res.end(JSON.stringify({ code: "invalid_request", message: across(1000, sent), data: null }));
      return;
    default:
      res.writeHead(404).end();
  }
}

// ---------------------------------------------------------------------------------------------
// The error paths. Each runs against a fresh client at the given log level and returns what it threw.

type Scenario = { name: string; run: (client: (o?: object) => Genway) => Promise<unknown> };

const stream = async (gw: Genway, options: object = {}, params: object = {}) => {
  const s = await gw.chat.completions.create({ ...hello, ...params, stream: true }, options);
  for await (const _ of s) {
    // read to the end or the error
  }
};

const ENVELOPES: Envelope[] = ["openai", "anthropic", "vidgen", "musicgen"];
const FAULTS = [
  { status: 400, code: 221306 },
  { status: 401, code: 10001 },
  { status: 403, code: 10002 },
  { status: 404 },
  { status: 429, code: 10012 },
  { status: 500, code: 10014 },
  { status: 502 },
  { status: 503, code: 10020 },
  { status: 504, code: 221301 },
];

const SCENARIOS: Scenario[] = [
  {
    name: "authentication error (a key the gateway refuses)",
    run: (client) =>
      client({ apiKey: `sk-gw-${SECRET.split("").reverse().join("")}` }).chat.completions.create(hello),
  },
  ...ENVELOPES.flatMap((envelope) =>
    FAULTS.map(
      (fault): Scenario => ({
        name: `${fault.status} ${fault.code ?? ""} in the ${envelope} envelope, key echoed in the message`,
        run: (client) => {
          // Twice: the retry logs a warning with the first error's message.
          mock.inject({
            ...fault,
            envelope,
            message: `echo ${KEY} / Bearer ${KEY}`,
            retryAfterMs: 1,
            times: 2,
          });
          return client({ maxRetries: 1 }).chat.completions.create(hello);
        },
      }),
    ),
  ),
  {
    name: "connection refused",
    run: async (client) => {
      const closed = await createMockGateway().listen();
      await closed.close();
      return client({ baseURL: closed.url, maxRetries: 1 }).chat.completions.create(hello);
    },
  },
  {
    name: "response timeout",
    run: (client) => {
      mock.inject({ delayMs: 2_000, passThrough: true });
      return client({ timeout: 80 }).chat.completions.create(hello);
    },
  },
  {
    name: "idle timeout mid-stream",
    run: (client) => {
      mock.inject({ stallAfter: 2 });
      return stream(client({ idleTimeout: 80 }));
    },
  },
  {
    name: "reset mid-stream",
    run: (client) => {
      mock.inject({ cutAfter: 2 });
      return stream(client());
    },
  },
  {
    name: "caller abort",
    run: (client) => {
      mock.inject({ delayMs: 2_000, passThrough: true });
      return client().chat.completions.create(hello, { signal: AbortSignal.timeout(50) });
    },
  },
  {
    name: "validation error quoting the caller's input",
    run: async (client) =>
      client().chat.completions.create({
        ...hello,
        temperature: 9,
        tools: [{ type: "function", function: { name: "lookup" } }],
        tool_choice: { type: "function", function: { name: KEY } },
      }),
  },
  {
    name: "malformed JSON body from the gateway",
    run: (client) => {
      mock.inject({ body: `{"key": "${KEY}", oops`, status: 200 });
      return client().chat.completions.create(hello);
    },
  },
  {
    name: "error event inside a 200 stream",
    run: (client) => stream(client(), {}, { messages: [{ role: "user", content: `[error:server] ${KEY}` }] }),
  },
  ...[
    "json-error",
    "long-message",
    "html",
    "text",
    "malformed",
    "stream-error",
    "stream-bad-json",
    "vidgen",
    "musicgen",
  ].flatMap((mode): Scenario[] => [
    {
      name: `echo server (${mode}): key in body and headers`,
      run: (client) => {
        const gw = client({ baseURL: echo.url, maxRetries: 1 });
        return mode.startsWith("stream")
          ? stream(gw, { query: { mode } })
          : gw.chat.completions.create(hello, { query: { mode } });
      },
    },
    {
      name: `echo server (${mode}), key given as a function`,
      run: (client) => {
        const gw = client({ baseURL: echo.url, apiKey: async () => KEY });
        return mode.startsWith("stream")
          ? stream(gw, { query: { mode } })
          : gw.chat.completions.create(hello, { query: { mode } });
      },
    },
  ]),
];

describe.each(LEVELS)("logLevel %s", (level) => {
  it.each(SCENARIOS)("$name: typed, and the key appears nowhere", async ({ run }) => {
    const { logger, lines } = sink();
    const client = (options: object = {}) =>
      new Genway({
        apiKey: KEY,
        baseURL: gateway.url,
        maxRetries: 0,
        logLevel: level,
        logger,
        ...quickRetries,
        ...options,
      });
    mock.faults.clear(); // a fault a non-retried scenario left armed must not leak into the next
    let error: unknown;
    try {
      await run(client);
    } catch (e) {
      error = e;
    }
    expect(isGenwayError(error), String(error)).toBe(true);
    const reversed = SECRET.split("").reverse().join("");
    for (const text of [...faces(error), ...lines]) {
      expect(leaked(text), text).toBeUndefined();
      expect(leaked(text, reversed), text).toBeUndefined();
    }
    if (level === "off") expect(lines).toEqual([]);
    logged[level] += lines.length;
  });
});

const logged: Record<LogLevel, number> = { off: 0, error: 0, warn: 0, info: 0, debug: 0 };

describe("the log levels above were really exercised", () => {
  it("debug logged every response and info every retry, all of it searched", () => {
    expect(logged.off).toBe(0);
    expect(logged.info).toBeGreaterThanOrEqual(20); // one retry line per retried scenario
    expect(logged.debug).toBeGreaterThan(logged.info);
  });
});

describe("the key is not reachable from what a client exposes", () => {
  it("inspect and JSON of gw.costs and gw.prices, plain and with money asked for", async () => {
    for (const options of [{}, { onCost: () => {} }, { budget: { limit: 1, unpriced: "allow" as const } }]) {
      const gw = new Genway({ apiKey: KEY, baseURL: gateway.url, logLevel: "off", ...options });
      await gw.chat.completions.create(hello);
      for (const face of [
        inspect(gw.costs, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
        inspect(gw.prices, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
        JSON.stringify(gw.costs),
        JSON.stringify(gw.prices),
        inspect(gw, { depth: Number.POSITIVE_INFINITY }),
      ]) {
        expect(leaked(face)).toBeUndefined();
      }
    }
  });
});

describe("the key is sent to baseURL only", () => {
  it("never in a query string", async () => {
    const before = mock.requests.length;
    const gw = new Genway({ apiKey: KEY, baseURL: gateway.url, logLevel: "off" });
    await gw.chat.completions.create(hello);
    await stream(gw);
    for (const request of mock.requests.slice(before)) expect(leaked(request.url)).toBeUndefined();
  });

  it.each([301, 302, 303, 307, 308])(
    "a %i redirect to another origin is refused; that origin receives nothing",
    async (status) => {
      const received: Array<{ url?: string; headers: object; body: string }> = [];
      const evil = await listen((req, res, body) => {
        received.push({ url: req.url, headers: req.headers, body });
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
      const evilPort = new URL(evil.url).port;
      const targets = [
        `${evil.url}/steal`,
        `//127.0.0.1:${evilPort}/steal`,
        `http://localhost:${new URL(gateway.url).port}/v1/chat/completions`,
      ];
      const redirector = await listen((req, res) => {
        const i = Number(new URL(req.url ?? "/", "http://x").searchParams.get("t"));
        res.writeHead(status, { location: targets[i]! }).end();
      });
      const gatewaySaw = mock.requests.length;
      try {
        for (let t = 0; t < targets.length; t++) {
          const { logger, lines } = sink();
          const gw = new Genway({
            apiKey: KEY,
            baseURL: redirector.url,
            maxRetries: 2,
            ...quickRetries,
            logLevel: "debug",
            logger,
          });
          let error: unknown;
          try {
            await gw.chat.completions.create(hello, { query: { t } });
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(GenwayError);
          expect((error as Error).message).toMatch(/redirect/);
          for (const text of [...faces(error), ...lines]) expect(leaked(text)).toBeUndefined();
        }
        expect(received).toEqual([]);
        // localhost is another origin than 127.0.0.1 even on the same port: the gateway saw nothing either.
        expect(mock.requests.length).toBe(gatewaySaw);
      } finally {
        await evil.close();
        await redirector.close();
      }
    },
  );

  it("a same-origin redirect is followed, with the key and the body", async () => {
    const hops: string[] = [];
    const front = await listen(async (req, res, body) => {
      hops.push(
        `${req.method} ${req.url} ${req.headers.authorization === `Bearer ${KEY}` ? "auth" : "no-auth"}`,
      );
      if (!req.url?.includes("hop=1")) {
        res.writeHead(307, { location: "/v1/chat/completions?hop=1" }).end();
        return;
      }
      const answer = await mock.handle(
        new Request(`${gateway.url}/v1/chat/completions`, {
          method: "POST",
          headers: req.headers as Record<string, string>,
          body,
        }),
      );
      res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
    });
    try {
      const gw = new Genway({ apiKey: KEY, baseURL: front.url, maxRetries: 0, logLevel: "off" });
      const completion = await gw.chat.completions.create(hello);
      expect(completion.choices[0]?.message.content).toContain("hi");
      expect(hops).toEqual(["POST /v1/chat/completions auth", "POST /v1/chat/completions?hop=1 auth"]);
    } finally {
      await front.close();
    }
  });
});
