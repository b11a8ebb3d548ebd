/**
 * Connection failures, timeouts and aborts are APIErrors with no status, as in
 * openai-node and the Anthropic SDK, so `catch (e) { if (e instanceof APIError) }` sees every failed
 * call. Moving them under APIError changes no decision genway makes on them: what is retried, what
 * falls back to the next model, what the CLI prints.
 */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../mock/index.js";
import { describeError } from "../../src/cli/output.js";
import Genway, {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  GenwayError,
  isGenwayError,
} from "../../src/index.js";
import { hello, quickRetries, rejection } from "../support/index.js";

/** The URL of a loopback port nothing listens on any more: a connection there is refused. */
async function closedPort(): Promise<string> {
  const server = await createMockGateway().listen();
  await server.close();
  return server.url;
}

/** A client whose every attempt goes through `fetch`, counted. */
function counted(fetch: typeof globalThis.fetch, options: ConstructorParameters<typeof Genway>[0] = {}) {
  const attempts: string[] = [];
  const gw = new Genway({
    apiKey: "sk-tree",
    baseURL: "http://gateway.test",
    logLevel: "off",
    ...quickRetries,
    fetch: (input, init) => {
      attempts.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    },
    ...options,
  });
  return { gw, attempts };
}

/** A fetch that never answers, and rejects with the signal's reason when it aborts. */
const silent: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener("abort", () => reject(init.signal!.reason), { once: true });
  });

/** A fetch whose connection is reset after the request went out (no ECONNREFUSED: it may have arrived). */
const reset: typeof fetch = async () => {
  throw new TypeError("fetch failed", {
    cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
  });
};

describe("connection failures are APIErrors", () => {
  it("a refused connection is an APIError with status undefined, retryable, and still a GenwayError", async () => {
    const gw = new Genway({ apiKey: "sk-tree", baseURL: await closedPort(), maxRetries: 0, logLevel: "off" });
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(GenwayError);
    expect(isGenwayError(error)).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.code).toBeUndefined();
    expect(error.retryable).toBe(true);
    expect(error.notSent).toBe(true);
  });

  it("a response timeout is an APITimeoutError, under APIConnectionError and APIError", async () => {
    const { gw } = counted(silent, { timeout: 30, maxRetries: 0 });
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).toBeInstanceOf(APIError);
    expect(error.phase).toBe("response");
    expect(error.status).toBeUndefined();
  });

  it("an abort is an APIUserAbortError, an APIError with status undefined that is never retryable", async () => {
    const { gw, attempts } = counted(silent, { maxRetries: 2 });
    const controller = new AbortController();
    const call = gw.chat.completions.create(hello, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const error = await rejection(call);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(error).toBeInstanceOf(APIError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect(error.status).toBeUndefined();
    expect(error.retryable).toBe(false);
    expect(attempts).toHaveLength(1);
  });
});

describe("under APIError, the decisions on them are the same", () => {
  it("chat retries a refused connection maxRetries times, and so may a paid submission (never sent)", async () => {
    const url = await closedPort();
    const chat = counted(fetch, { baseURL: url, maxRetries: 2 });
    await rejection(chat.gw.chat.completions.create(hello));
    expect(chat.attempts).toHaveLength(3);
    const paid = counted(fetch, { baseURL: url, maxRetries: 2 });
    await rejection(paid.gw.images.generate({ model: "dall-e-3", prompt: "a fox" }));
    expect(paid.attempts).toHaveLength(3);
  });

  it("a paid submission is not sent again after a reset or a timeout (it may have been taken)", async () => {
    const afterReset = counted(reset, { maxRetries: 2 });
    expect(
      await rejection(afterReset.gw.images.generate({ model: "dall-e-3", prompt: "a fox" })),
    ).toBeInstanceOf(APIConnectionError);
    expect(afterReset.attempts).toHaveLength(1);
    const afterTimeout = counted(silent, { maxRetries: 2, timeout: 30 });
    expect(
      await rejection(afterTimeout.gw.images.generate({ model: "dall-e-3", prompt: "a fox" })),
    ).toBeInstanceOf(APITimeoutError);
    expect(afterTimeout.attempts).toHaveLength(1);
  });

  it("chat retries a reset and a response timeout, as before", async () => {
    const afterReset = counted(reset, { maxRetries: 1 });
    await rejection(afterReset.gw.chat.completions.create(hello));
    expect(afterReset.attempts).toHaveLength(2);
    const afterTimeout = counted(silent, { maxRetries: 1, timeout: 30 });
    await rejection(afterTimeout.gw.chat.completions.create(hello));
    expect(afterTimeout.attempts).toHaveLength(2);
  });

  it("a model fallback takes a refused connection, never a timeout (the first model may have billed)", async () => {
    const refused = counted(fetch, { baseURL: await closedPort(), maxRetries: 0 });
    await rejection(
      refused.gw.chat.completions.create({ ...hello, model: ["gpt-4o-mini", "claude-sonnet-4-5"] }),
    );
    expect(refused.attempts).toHaveLength(2);
    const timedOut = counted(silent, { maxRetries: 0, timeout: 30 });
    await rejection(
      timedOut.gw.chat.completions.create({ ...hello, model: ["gpt-4o-mini", "claude-sonnet-4-5"] }),
    );
    expect(timedOut.attempts).toHaveLength(1);
  });

  it("F14: a refused connection names its code, also when Node tried each address of the host", async () => {
    const refusedEach: typeof fetch = async () => {
      const each = (address: string) =>
        Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: "ECONNREFUSED" });
      throw new TypeError("fetch failed", {
        cause: new AggregateError([each("::1:80"), each("127.0.0.1:80")]),
      });
    };
    const error = await rejection(counted(refusedEach, { maxRetries: 0 }).gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toBe("Connection error: fetch failed (ECONNREFUSED); tried gateway.test:80");
    expect(error.retryable).toBe(true);
  });

  it("the CLI prints them as before: no HTTP status, no code, the class name", () => {
    expect(describeError(new APIConnectionError("Connection error: fetch failed (ECONNREFUSED)"))).toBe(
      "Connection error: fetch failed (ECONNREFUSED) [APIConnectionError]",
    );
    expect(describeError(new APITimeoutError("response", 30))).toBe(
      "No response arrived within 30 ms (response timeout). [APITimeoutError]",
    );
    expect(describeError(new APIUserAbortError())).toBe("Request was aborted. [APIUserAbortError]");
  });
});
