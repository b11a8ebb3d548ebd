/**
 * Middleware around each HTTP attempt, against the mock gateway on loopback: the order of the chain,
 * what a middleware sees (never the key), what it may change on the wire, how its errors surface,
 * and the call record it can wait on. Also the `onWait` hook a middleware may carry for task waits.
 */
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import Genway, {
  APIConnectionError,
  APIUserAbortError,
  type CallInfo,
  type CallOutcome,
  type Middleware,
  MiddlewareError,
  type MiddlewareRequest,
  models,
  RateLimitError,
  type TaskSnapshot,
} from "../../src/index.js";
import { hello, loopback, quickRetries, rejection } from "../support/index.js";

const KEY = "sk-middleware-test-key-42";

/** A loopback mock whose key is KEY, and a client with `middleware`. */
function withMiddleware(
  middleware: Middleware[],
  options: Omit<ConstructorParameters<typeof Genway>[0], "middleware"> = {},
) {
  return loopback({ apiKey: KEY, middleware, ...options }, { apiKey: KEY });
}

/** A loopback port nothing listens on any more: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a middleware can see of an attempt, as plain data a logger would write. */
function seen(request: MiddlewareRequest) {
  const { method, url, body, attempt, model, call } = request;
  return {
    method,
    url,
    headers: Object.fromEntries(request.headers),
    body: typeof body === "string" ? body : String(body),
    attempt,
    model,
    call: { operation: call.operation, model: call.model, stream: call.stream },
  };
}

describe("middleware: the chain", () => {
  it("runs the first middleware outermost, around the request, once per attempt", async () => {
    const log: string[] = [];
    const named =
      (name: string): Middleware =>
      async (request, next) => {
        log.push(`${name} >`);
        const response = await next(request);
        log.push(`${name} < ${response.status}`);
        return response;
      };
    const { gw } = await withMiddleware([named("outer"), named("inner")]);
    await gw.chat.completions.create(hello);
    expect(log).toEqual(["outer >", "inner >", "inner < 200", "outer < 200"]);
  });

  it("sees the method, URL, headers and body with the key redacted; the gateway still gets the key", async () => {
    const attempts: ReturnType<typeof seen>[] = [];
    const { gw, mock, url } = await withMiddleware([
      async (request, next) => {
        attempts.push(seen(request));
        return next(request);
      },
    ]);
    await gw.chat.completions.create(hello);
    await gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 8,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(attempts).toHaveLength(2);
    const [chat, messages] = attempts;
    expect(chat).toMatchObject({
      method: "POST",
      url: `${url}/v1/chat/completions`,
      attempt: 1,
      model: "gpt-4o-mini",
      call: { operation: "chat.completions.create", model: "gpt-4o-mini", stream: false },
    });
    expect(chat!.headers.authorization).toBe("Bearer [redacted]");
    expect(JSON.parse(chat!.body)).toEqual(hello);
    // The Messages relay authenticates with x-api-key: redacted there too.
    expect(messages!.headers["x-api-key"]).toBe("[redacted]");
    expect(JSON.stringify(attempts)).not.toContain(KEY);
    // The key is filled in after the chain: the gateway received it.
    expect(mock.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
    expect(mock.requests[1]!.headers["x-api-key"]).toBe(KEY);
  });

  it("numbers the attempts of one call across retries, with the same call object", async () => {
    const attempts: Array<{ attempt: number; call: CallInfo; operation: string }> = [];
    const { gw, mock } = await withMiddleware(
      [
        async (request, next) => {
          attempts.push({ attempt: request.attempt, call: request.call, operation: request.call.operation });
          return next(request);
        },
      ],
      { maxRetries: 2 },
    );
    mock.inject({ match: "/v1/chat/completions", status: 503, times: 2 });
    await gw.chat.completions.create(hello);
    expect(attempts.map((a) => [a.attempt, a.operation])).toEqual([
      [1, "chat.completions.create"],
      [2, "chat.completions.create"],
      [3, "chat.completions.create"],
    ]);
    expect(new Set(attempts.map((a) => a.call)).size).toBe(1);
    // A second call is a new call record, numbered from 1 again.
    await gw.chat.completions.create(hello);
    expect(attempts.at(-1)!.attempt).toBe(1);
    expect(attempts.at(-1)!.call).not.toBe(attempts[0]!.call);
  });

  it("continues the numbering across a fallback, with the attempt's model", async () => {
    const attempts: Array<[number, string | undefined]> = [];
    const { gw, mock } = await withMiddleware([
      async (request, next) => {
        attempts.push([request.attempt, request.model]);
        return next(request);
      },
    ]);
    mock.inject({ match: "/v1/chat/completions", status: 503 });
    await gw.chat.completions.create({ ...hello, model: ["gpt-4o", "gpt-4o-mini"] });
    expect(attempts).toEqual([
      [1, "gpt-4o"],
      [2, "gpt-4o-mini"],
    ]);
  });

  it("may change the request: a header it adds arrives at the gateway", async () => {
    const { gw, mock } = await withMiddleware([
      async (request, next) => {
        request.headers.set("x-trace-id", "trace-7");
        return next({ ...request, url: `${request.url}?via=middleware` });
      },
    ]);
    await gw.chat.completions.create(hello);
    expect(mock.requests[0]!.headers["x-trace-id"]).toBe("trace-7");
    expect(new URL(mock.requests[0]!.url).searchParams.get("via")).toBe("middleware");
  });

  it("may change the response the client reads", async () => {
    const { gw } = await withMiddleware([
      async (request, next) => {
        const response = await next(request);
        const body = await response.json();
        body.choices[0].message.content = "rewritten by middleware";
        const headers = new Headers(response.headers);
        headers.delete("content-length");
        return new Response(JSON.stringify(body), { status: response.status, headers });
      },
    ]);
    const completion = await gw.chat.completions.create(hello);
    expect(completion.choices[0]!.message.content).toBe("rewritten by middleware");
  });
});

describe("middleware: errors", () => {
  it("a thrown plain Error becomes a MiddlewareError: nothing sent, no retry", async () => {
    let calls = 0;
    const { gw, mock } = await withMiddleware(
      [
        async () => {
          calls++;
          throw new Error("policy says no");
        },
      ],
      { maxRetries: 2 },
    );
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(MiddlewareError);
    expect(error.message).toBe("Middleware 1 of 1 threw: policy says no");
    expect(error.cause).toBeInstanceOf(Error);
    expect(calls).toBe(1);
    expect(mock.requests).toHaveLength(0);
  });

  it("a genway error thrown by a middleware surfaces as it is, under the retry policy", async () => {
    const { gw, mock } = await withMiddleware([
      async () => {
        throw new RateLimitError("local limiter", { status: 429 });
      },
    ]);
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.message).toContain("local limiter");
    expect(mock.requests).toHaveLength(0);
  });

  it("a refused connection under middleware is still an APIConnectionError, retried", async () => {
    const attempts: number[] = [];
    const gw = new Genway({
      apiKey: KEY,
      baseURL: `http://127.0.0.1:${await closedPort()}`,
      maxRetries: 1,
      ...quickRetries,
      logLevel: "off",
      middleware: [
        async (request, next) => {
          attempts.push(request.attempt);
          return next(request);
        },
      ],
    });
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(MiddlewareError);
    expect(attempts).toEqual([1, 2]);
  });

  it("the caller's abort under middleware is an APIUserAbortError", async () => {
    const { gw, mock } = await withMiddleware([(request, next) => next(request)]);
    mock.inject({ match: "/v1/chat/completions", delayMs: 2_000, passThrough: true });
    const controller = new AbortController();
    const pending = gw.chat.completions.create(hello, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await rejection(pending)).toBeInstanceOf(APIUserAbortError);
  });
});

describe("middleware: the call record", () => {
  it("call.done resolves after a stream ends, with its usage and cost", async () => {
    const undo = models.register("gpt-4o-mini", "coding-chat");
    try {
      const calls: CallInfo[] = [];
      // By the spec's table, where the catalog places gpt-4o-mini: no price read to wait for.
      const { gw } = await withMiddleware(
        [
          async (request, next) => {
            calls.push(request.call);
            return next(request);
          },
        ],
        { prices: "spec" },
      );
      const stream = await gw.chat.completions.create({
        ...hello,
        stream: true,
        stream_options: { include_usage: true },
      });
      let outcome: CallOutcome | undefined;
      void calls[0]!.done.then((o) => (outcome = o));
      let usage: unknown;
      for await (const chunk of stream) {
        expect(outcome).toBeUndefined();
        if (chunk.usage) usage = chunk.usage;
      }
      const done = await calls[0]!.done;
      expect(calls[0]!.stream).toBe(true);
      expect(done).toMatchObject({ error: undefined, model: "gpt-4o-mini", attempts: 1, usage });
      expect(done.cost).toEqual(await stream.cost());
      expect(done.cost!.total).toBeGreaterThan(0);
      expect(done.requestId).toMatch(/^mock-req-/);
    } finally {
      undo();
    }
  });

  it("call.done resolves with the error of a failed call, and never rejects", async () => {
    let call: CallInfo | undefined;
    const { gw, mock } = await withMiddleware([
      async (request, next) => {
        call = request.call;
        return next(request);
      },
    ]);
    mock.inject({ match: "/v1/chat/completions", code: 10011 });
    const error = await rejection(gw.chat.completions.create(hello));
    const outcome = await call!.done;
    expect(outcome.error).toBe(error);
    expect(outcome).toMatchObject({ cost: null, costReason: "the call failed", attempts: 1 });
  });
});

describe("middleware: onWait around task waits", () => {
  it("runs the hooks first outermost around the wait, and shows them its progress", async () => {
    const log: string[] = [];
    const hooked = (name: string): Middleware => {
      const middleware: Middleware = (request, next) => next(request);
      middleware.onWait = async (wait, next) => {
        log.push(`${name} > ${wait.task.kind}`);
        wait.onProgress((snapshot) => log.push(`${name} ${snapshot.status}`));
        const snapshot = await next();
        log.push(`${name} < ${snapshot.status}`);
        return snapshot;
      };
      return middleware;
    };
    const { gw } = await withMiddleware([hooked("a"), (request, next) => next(request), hooked("b")]);
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "a cat surfing" });
    const own: string[] = [];
    const done: TaskSnapshot = await task.wait({ interval: 1, onProgress: (s) => own.push(s.status) });
    expect(done.status).toBe("succeeded");
    expect(log[0]).toBe("a > video");
    expect(log[1]).toBe("b > video");
    expect(log.slice(-2)).toEqual(["b < succeeded", "a < succeeded"]);
    // Each hook saw each change the wait's own onProgress saw, in order.
    const middle = log.slice(2, -2);
    expect(middle.filter((l) => l.startsWith("a ")).map((l) => l.slice(2))).toEqual(own);
    expect(middle.filter((l) => l.startsWith("b ")).map((l) => l.slice(2))).toEqual(own);
  });

  it("a hook that throws on its own yields a MiddlewareError naming it; nothing is polled", async () => {
    const middleware: Middleware = (request, next) => next(request);
    middleware.onWait = async () => {
      throw new Error("no waiting today");
    };
    const { gw, mock } = await withMiddleware([(request, next) => next(request), middleware]);
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "a cat surfing" });
    const error = await rejection(task.wait({ interval: 1 }));
    expect(error).toBeInstanceOf(MiddlewareError);
    // The task was paid for: the error ending its wait names it, to resume it.
    expect(error.message).toMatch(
      /^The onWait hook of middleware 2 threw: no waiting today \(task video\/\S+ keeps running: resume it with gw\.tasks\.wait/,
    );
    expect(error.task).toEqual({ kind: "video", id: task.id });
    expect(mock.requests.filter((r) => r.method === "GET")).toHaveLength(0);
  });
});
