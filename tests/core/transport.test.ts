import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../mock/index.js";
import Genway, {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  GenwayError,
  InternalServerError,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
} from "../../src/index.js";
import { hello, loopback, thrown } from "../support/index.js";

describe("client construction", () => {
  it("demands a baseURL and a key, and never echoes a key with CR/LF", () => {
    expect(() => new Genway({ apiKey: "k" })).toThrow(/baseURL/);
    const error = (() => {
      try {
        new Genway({ apiKey: "sk-secret-line\r\nX-Evil: 1", baseURL: "http://127.0.0.1:1" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(GenwayError);
    expect(error?.message).toMatch(/line break/);
    expect(error?.message).not.toContain("sk-secret-line");
  });

  it("reads GENWAY_API_KEY and GENWAY_BASE_URL from the environment", async () => {
    const mock = createMockGateway();
    process.env.GENWAY_API_KEY = mock.apiKey;
    process.env.GENWAY_BASE_URL = "http://gateway.test";
    try {
      const gw = new Genway({ fetch: mock.fetch });
      const completion = await gw.chat.completions.create(hello);
      expect(completion.choices[0]?.message.content).toContain("hi");
      expect(mock.requests[0]?.url).toBe("http://gateway.test/v1/chat/completions");
    } finally {
      delete process.env.GENWAY_API_KEY;
      delete process.env.GENWAY_BASE_URL;
    }
  });

  it("keeps the key out of toJSON and inspect of the client", () => {
    const gw = new Genway({ apiKey: "sk-client-secret-999", baseURL: "http://x.test" });
    expect(JSON.stringify(gw)).not.toContain("sk-client-secret-999");
    expect(inspect(gw, { depth: 5 })).not.toContain("sk-client-secret-999");
  });
});

describe("what goes over the wire", () => {
  it("sends Bearer auth, default headers and query, per-request headers and query", async () => {
    const { mock, gw } = await loopback({
      defaultHeaders: { "x-team": "a" },
      defaultQuery: { region: "eu" },
    });
    await gw.chat.completions.create(hello, { headers: { "x-trace": "t1" }, query: { debug: 1 } });
    const request = mock.requests[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${mock.apiKey}`);
    expect(request.headers["x-api-key"]).toBeUndefined();
    expect(request.headers["x-team"]).toBe("a");
    expect(request.headers["x-trace"]).toBe("t1");
    expect(new URL(request.url).search).toBe("?region=eu&debug=1");
    expect(request.body).toEqual(hello);
  });

  it("adds x-api-key on /v1/messages only", async () => {
    const { mock, gw } = await loopback();
    await gw.transport
      .json({ method: "POST", path: "/v1/messages", body: {}, policy: "idempotent" })
      .catch(() => {});
    expect(mock.requests[0]?.headers["x-api-key"]).toBe(mock.apiKey);
    expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${mock.apiKey}`);
  });

  it("uses a custom fetch and an apiKey function resolved per request", async () => {
    const mock = createMockGateway();
    let calls = 0;
    const gw = new Genway({
      baseURL: "http://gw.test",
      apiKey: async () => mock.apiKey,
      fetch: (input, init) => {
        calls++;
        return mock.fetch(input, init);
      },
    });
    await gw.chat.completions.create(hello);
    expect(calls).toBe(1);
    expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${mock.apiKey}`);
  });

  it("calls fetch as a plain function, as a browser's and workerd's fetch demand (else 'Illegal invocation')", async () => {
    const mock = createMockGateway();
    // A browser's fetch checks its receiver: called as a method of another object, it throws.
    function strictFetch(this: unknown, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      if (this !== undefined && this !== globalThis) throw new TypeError("Illegal invocation");
      return mock.fetch(input, init);
    }
    const plain = new Genway({
      baseURL: "http://gw.test",
      apiKey: mock.apiKey,
      fetch: strictFetch,
      prices: "spec",
    });
    expect((await plain.chat.completions.create(hello)).choices[0]?.message.content).toBeTruthy();
    const stream = await plain.chat.completions.create({ ...hello, stream: true });
    expect((await stream.finalCompletion()).choices[0]?.message.content).toBeTruthy();
    // The other paths to fetch: an apiKey function and a middleware chain.
    const chained = new Genway({
      baseURL: "http://gw.test",
      apiKey: async () => mock.apiKey,
      fetch: strictFetch,
      middleware: [(request, next) => next(request)],
      prices: "spec",
    });
    expect((await chained.chat.completions.create(hello)).choices[0]?.message.content).toBeTruthy();
  });

  it("times out a fetch put on globalThis after genway loaded that ignores its signal (a test stub, a polyfill)", async () => {
    const platform = globalThis.fetch;
    const gw = () =>
      new Genway({
        baseURL: "http://gw.test",
        apiKey: "sk-test",
        maxRetries: 0,
        timeout: 200,
        idleTimeout: 200,
      });
    try {
      // Never answers, whatever its signal says: the response clock must still end the call.
      globalThis.fetch = (() => new Promise(() => {})) as typeof fetch;
      const silent = await thrown(() => gw().chat.completions.create(hello));
      expect(silent).toBeInstanceOf(APITimeoutError);
      expect(silent.phase).toBe("response");
      // Answers headers and half a body, then nothing: the idle clock must end the read.
      globalThis.fetch = (async () =>
        new Response(
          new ReadableStream({
            start: (controller) => controller.enqueue(new TextEncoder().encode('{"id":')),
          }),
          { headers: { "content-type": "application/json" } },
        )) as typeof fetch;
      const stalled = await thrown(() => gw().chat.completions.create(hello));
      expect(stalled).toBeInstanceOf(APITimeoutError);
      expect(stalled.phase).toBe("idle");
    } finally {
      globalThis.fetch = platform;
    }
  });

  it("withResponse() gives the raw response and the request id", async () => {
    const { gw } = await loopback();
    const { data, response, requestId } = await gw.chat.completions.create(hello).withResponse();
    expect(response.status).toBe(200);
    expect(requestId).toMatch(/^mock-req-/);
    expect(data.object).toBe("chat.completion");
  });

  it("rejects bad input before sending anything", async () => {
    const { mock, gw } = await loopback();
    const error = await thrown(() =>
      gw.chat.completions.create({
        ...hello,
        temperature: 2.5,
        stop: ["a", "b", "c", "d", "e"],
        presence_penalty: -3,
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "presence_penalty",
      "stop",
      "temperature",
    ]);
    expect(error.issues.find((i: { path: string }) => i.path === "temperature").rule).toBe("too_big");
    expect(mock.requests).toHaveLength(0);
  });

  it("bad per-call options are a ValidationError before anything is sent or spent: a signal that is none, a header fetch cannot send, a negative budget", async () => {
    const mock = createMockGateway();
    const gw = new Genway({
      baseURL: "http://gw.test",
      apiKey: mock.apiKey,
      fetch: mock.fetch,
      budget: { limit: 1, unpriced: "allow" },
    });
    const cases: Array<[object, string]> = [
      [{ signal: {} }, "signal"],
      [{ headers: { "x-note": "two\nlines" } }, "headers"],
      [{ headers: { "not a name": "x" } }, "headers"],
      [{ budget: { limit: -1 } }, "budget"],
    ];
    for (const [options, path] of cases) {
      const error = await thrown(() => gw.chat.completions.create(hello, options as never));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.issues[0].path).toBe(path);
    }
    expect(mock.requests).toEqual([]);
    expect(gw.costs.unpriced).toBe(0);
    expect(
      () => new Genway({ baseURL: "http://gw.test", apiKey: "k", defaultHeaders: { "x-a": "a\rb" } }),
    ).toThrow(ValidationError);
  });

  it("validation: 'off' sends what the caller wrote", async () => {
    const { mock, gw } = await loopback({ validation: "off" });
    const error = await thrown(() => gw.chat.completions.create({ ...hello, temperature: 3 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe(221306);
    expect(mock.requests[0]?.body).toMatchObject({ temperature: 3 });
  });

  it("passes unknown fields through untouched", async () => {
    const { mock, gw } = await loopback();
    await gw.chat.completions.create({ ...hello, reasoning_effort: "low", metadata: { a: 1 } } as never);
    expect(mock.requests[0]?.body).toMatchObject({ reasoning_effort: "low", metadata: { a: 1 } });
  });
});

describe("retries", () => {
  it("retries chat on 5xx, 429 and rate-limit codes, then succeeds", async () => {
    const { mock, gw } = await loopback({ maxRetries: 3 });
    mock
      .inject({ status: 503, retryAfterMs: 5 })
      .inject({ code: 10012, retryAfterMs: 5 })
      .inject({ status: 502, retryAfterMs: 5 });
    const completion = await gw.chat.completions.create(hello);
    expect(completion.choices[0]?.message.content).toContain("hi");
    expect(mock.requests).toHaveLength(4);
  });

  it("gives up after maxRetries with the last typed error", async () => {
    const { mock, gw } = await loopback({ maxRetries: 1 });
    mock.inject({ status: 500, times: 5, retryAfterMs: 1 });
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(mock.requests).toHaveLength(2);
  });

  it("does not retry 4xx other than 408/409/429", async () => {
    const { mock, gw } = await loopback({ maxRetries: 3 });
    mock.inject({ status: 400, code: 221306, message: "Parameter error" });
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(mock.requests).toHaveLength(1);
  });

  it("honours Retry-After (seconds) and retry-after-ms", async () => {
    const { mock, gw } = await loopback({ maxRetries: 2 });
    mock.inject({ status: 429, retryAfter: 0.3 });
    let started = Date.now();
    await gw.chat.completions.create(hello);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    mock.inject({ status: 429, retryAfterMs: 250 });
    started = Date.now();
    await gw.chat.completions.create(hello);
    expect(Date.now() - started).toBeGreaterThanOrEqual(230);
  });

  it("returns a RateLimitError with retryAfterMs at once when the server asks for longer than maxRetryAfter", async () => {
    const { mock, gw } = await loopback({ maxRetries: 3, maxRetryAfter: 1000 });
    mock.inject({ status: 429, retryAfter: 3600 });
    const started = Date.now();
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(mock.requests).toHaveLength(1);
  });

  it("retries chat after a connection reset, but never a paid submission that reached the server", async () => {
    const { mock, gw } = await loopback({ maxRetries: 2 });
    mock.inject({ reset: "before-headers" });
    await gw.chat.completions.create(hello);
    expect(mock.requests).toHaveLength(2);

    mock.requests.length = 0;
    mock.inject({ reset: "before-headers" });
    const paid = { method: "POST", path: "/v1/chat/completions", body: hello, policy: "paid" } as const;
    const error = await thrown(() => gw.transport.json(paid));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.notSent).toBe(false);
    expect(mock.requests).toHaveLength(1);
  });

  it("paid submissions retry 429/10011/10012 and 10020 with Retry-After, not 10014 or a bare 5xx", async () => {
    const { mock, gw } = await loopback({ maxRetries: 2 });
    const paid = { method: "POST", path: "/v1/chat/completions", body: hello, policy: "paid" } as const;
    mock.inject({ code: 10011, retryAfterMs: 1 });
    await gw.transport.json(paid);
    expect(mock.requests).toHaveLength(2);

    mock.requests.length = 0;
    mock.inject({ code: 10020, retryAfterMs: 1 });
    await gw.transport.json(paid);
    expect(mock.requests).toHaveLength(2);

    // Not proof that the gateway turned the request away: a retry could bill twice.
    const notSafe = [
      { fault: { code: 10014, retryAfterMs: 1 }, error: InternalServerError },
      { fault: { status: 500, retryAfterMs: 1 }, error: InternalServerError },
      { fault: { status: 502, retryAfterMs: 1 }, error: InternalServerError },
      { fault: { code: 10020 }, error: ServiceUnavailableError },
    ];
    for (const { fault, error: expected } of notSafe) {
      mock.requests.length = 0;
      mock.inject(fault);
      expect(await thrown(() => gw.transport.json(paid))).toBeInstanceOf(expected);
      expect(mock.requests).toHaveLength(1);
    }
  });

  it("a paid submission retries a refused connection (certainly not sent)", async () => {
    const { server } = await loopback();
    const url = server.url;
    await server.close();
    let calls = 0;
    const gw = new Genway({
      apiKey: "sk-x1234",
      baseURL: url,
      maxRetries: 1,
      logLevel: "off",
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    });
    const error = await thrown(() =>
      gw.transport.json({ method: "POST", path: "/v1/images/generations", body: {}, policy: "paid" }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.notSent).toBe(true);
    expect(calls).toBe(2);
  });

  it("never retries a body that cannot be replayed", async () => {
    const { mock, gw } = await loopback({ maxRetries: 3 });
    mock.inject({ status: 503, retryAfterMs: 1 });
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("{}"));
        controller.close();
      },
    });
    const error = await thrown(() =>
      gw.transport.json({ method: "POST", path: "/v1/chat/completions", body, policy: "idempotent" }),
    );
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(mock.requests).toHaveLength(1);
  });
});

describe("three clocks", () => {
  it("timeout: no headers in time -> APITimeoutError phase 'response'", async () => {
    const { mock, gw } = await loopback({ timeout: 150 });
    mock.inject({ delayMs: 2000, passThrough: true });
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.phase).toBe("response");
  });

  it("idleTimeout: a stream that stalls -> APITimeoutError phase 'idle', snapshot keeps what arrived", async () => {
    const { mock, gw } = await loopback({ idleTimeout: 150 });
    mock.inject({ stallAfter: 4 });
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    const error = await thrown(async () => {
      for await (const _ of stream) {
        // read until the stall
      }
    });
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.phase).toBe("idle");
    // Four frames arrived: the role chunk and three words.
    expect(stream.snapshot().choices[0]?.message.content).toBe("Hello from the");
  });

  it("signal: abort before headers -> APIUserAbortError", async () => {
    const { mock, gw } = await loopback();
    mock.inject({ delayMs: 2000, passThrough: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await thrown(() => gw.chat.completions.create(hello, { signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  it("signal: abort mid-stream -> APIUserAbortError, partial output survives", async () => {
    const { gw } = await loopback({}, { streamDelayMs: 20 });
    const controller = new AbortController();
    const stream = await gw.chat.completions.create(
      { ...hello, stream: true },
      { signal: controller.signal },
    );
    let seen = 0;
    const error = await thrown(async () => {
      for await (const _ of stream) if (++seen === 3) controller.abort();
    });
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(stream.snapshot().choices[0]?.message.content).toBe("Hello from");
  });

  it("idleTimeout also bounds an error body that stalls: the typed error comes from what arrived", async () => {
    const gw = new Genway({
      apiKey: "sk-stalled-error",
      baseURL: "http://gw.test",
      maxRetries: 0,
      logLevel: "off",
      idleTimeout: 100,
      fetch: async () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"error":{"message":"upstream failed"'));
            // ...and nothing more: the server hangs mid-body.
          },
        });
        return new Response(body, { status: 500, headers: { "content-type": "application/json" } });
      },
    });
    const started = Date.now();
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(500);
  });

  it("an already aborted signal sends nothing", async () => {
    const { mock, gw } = await loopback();
    const error = await thrown(() => gw.chat.completions.create(hello, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(mock.requests).toHaveLength(0);
  });
});

describe("the key never leaks", () => {
  it("is absent from errors (message, toJSON, inspect) and log lines", async () => {
    const secret = "sk-leaky-secret-0123456789";
    const lines: string[] = [];
    const sink = (...args: unknown[]) =>
      lines.push(args.map((a) => (typeof a === "string" ? a : inspect(a))).join(" "));
    const { mock, server } = await loopback();
    const gw = new Genway({
      apiKey: secret,
      baseURL: server.url,
      maxRetries: 1,
      logLevel: "debug",
      logger: { error: sink, warn: sink, info: sink, debug: sink },
    });
    mock.inject({
      status: 500,
      message: `upstream echoed Bearer ${secret} and ${secret}`,
      retryAfterMs: 1,
      times: 2,
    });
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(GenwayError);
    const outputs = [
      error.message,
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
      String(error.stack),
      ...lines,
    ];
    expect(lines.length).toBeGreaterThan(0);
    for (const text of outputs) expect(text).not.toContain(secret);
    expect(JSON.stringify(error)).toContain("[REDACTED]");

    const wrongKey = await thrown(() =>
      new Genway({
        apiKey: secret,
        baseURL: server.url,
        maxRetries: 0,
        logLevel: "off",
      }).chat.completions.create(hello),
    );
    expect(wrongKey).toBeInstanceOf(AuthenticationError);
    expect(wrongKey.code).toBe(10001);
    expect(JSON.stringify(wrongKey) + inspect(wrongKey)).not.toContain(secret);
  });

  it("refuses to follow a redirect to another origin", async () => {
    const mock = createMockGateway();
    const seen: string[] = [];
    const gw = new Genway({
      apiKey: mock.apiKey,
      baseURL: "http://gw.test",
      logLevel: "off",
      fetch: async (input) => {
        const url = input instanceof Request ? input.url : String(input);
        seen.push(url);
        return new Response(null, { status: 307, headers: { location: "http://evil.test/steal" } });
      },
    });
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(GenwayError);
    expect(error.message).toMatch(/redirect/);
    expect(seen).toEqual(["http://gw.test/v1/chat/completions"]);
  });
});

describe("extra_body", () => {
  it("merges fields the params types do not declare over the JSON body, after validation", async () => {
    const { gw, mock } = await loopback();
    await gw.chat.completions.create(hello, { extra_body: { reasoning_effort: "none", top_k: 3 } });
    const sent = mock.requests.at(-1)!;
    expect(sent.body).toEqual({ ...hello, reasoning_effort: "none", top_k: 3 });
  });

  it("appends them as fields of a multipart body", async () => {
    const { gw, mock } = await loopback();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    await gw.images
      .edit({ model: "flux-kontext-pro", prompt: "p", image: png }, { extra_body: { guidance: 2.5 } })
      .catch(() => undefined);
    const sent = mock.requests.at(-1)!;
    expect(sent.path).toBe("/v1/images/edits");
    expect((sent.body as FormData).get("guidance")).toBe("2.5");
  });
});

describe("logging of retries", () => {
  it("a retried, then successful call writes nothing at the default level; retries are info lines", async () => {
    const lines: Array<[string, string]> = [];
    const logger = {
      error: (m: string) => lines.push(["error", m]),
      warn: (m: string) => lines.push(["warn", m]),
      info: (m: string) => lines.push(["info", m]),
      debug: (m: string) => lines.push(["debug", m]),
    };
    const quiet = await loopback({ maxRetries: 1, logLevel: undefined, logger });
    quiet.mock.inject({ status: 503, code: 10020, retryAfterMs: 1 });
    await quiet.gw.chat.completions.create(hello);
    expect(lines).toEqual([]);

    const chatty = await loopback({ maxRetries: 1, logLevel: "info", logger });
    chatty.mock.inject({ status: 503, code: 10020, retryAfterMs: 1 });
    await chatty.gw.chat.completions.create(hello);
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toBe("info");
    expect(lines[0]![1]).toMatch(
      /^\[genway\] POST \/v1\/chat\/completions \(gpt-4o-mini\) failed .*; retry 1 in \d+ ms$/,
    );
  });
});
