/**
 * Options that used to break silently (issue 19, defect 6): a timeout above 2^31-1 ms fired after
 * 1 ms (the platform timer overflows); NaN or negative counts and delays, an infinite
 * maxRetryAfter were accepted. Every client, request and wait option is checked where it is given.
 */
import { describe, expect, it } from "vitest";
import Genway, { ValidationError } from "../../src/index.js";
import { serving } from "../support/index.js";

const hello = { model: "gpt-4o", messages: [{ role: "user" as const, content: "hi" }] };
const BIG = 2 ** 31 + 5;
const later = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));
const okJson = () =>
  new Response(JSON.stringify({ id: "c", object: "chat.completion", choices: [] }), {
    headers: { "content-type": "application/json" },
  });
const base = { apiKey: "sk-options-test-0000", baseURL: "http://gateway.test" };

describe("client options", () => {
  it.each([
    ["timeout", Number.NaN],
    ["timeout", -1],
    ["timeout", "10" as unknown as number],
    ["idleTimeout", Number.NaN],
    ["idleTimeout", -5],
    ["maxRetries", Number.NaN],
    ["maxRetries", -1],
    ["maxRetries", 1.5],
    ["maxRetries", Number.POSITIVE_INFINITY],
    ["maxRetryAfter", Number.POSITIVE_INFINITY],
    ["maxRetryAfter", Number.NaN],
    ["maxRetryAfter", -1],
  ])("%s: %s is refused at construction, naming the option", (name, value) => {
    let error: unknown;
    try {
      new Genway({ ...base, [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([name]);
  });

  it("a timeout above 2^31-1 ms does not fire after 1 ms", async () => {
    const { gw } = serving(() => later(50, okJson()), { timeout: BIG });
    await expect(gw.chat.completions.create(hello)).resolves.toMatchObject({ id: "c" });
  });

  it("an idleTimeout above 2^31-1 ms does not fire after 1 ms", async () => {
    const { gw } = serving(
      () => {
        const encoder = new TextEncoder();
        let step = 0;
        return new Response(
          new ReadableStream<Uint8Array>({
            async pull(controller) {
              step++;
              if (step === 1)
                controller.enqueue(
                  encoder.encode('data: {"id":"c","choices":[{"index":0,"delta":{"content":"a"}}]}\n\n'),
                );
              else if (step === 2) {
                await later(60, null);
                controller.enqueue(
                  encoder.encode(
                    'data: {"id":"c","choices":[{"index":0,"delta":{"content":"b"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
                  ),
                );
              } else controller.close();
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        );
      },
      { idleTimeout: BIG },
    );
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    await expect(stream.finalContent()).resolves.toBe("ab");
  });

  it("Infinity stays allowed for timeout and idleTimeout (no clock)", () => {
    expect(
      () => new Genway({ ...base, timeout: Number.POSITIVE_INFINITY, idleTimeout: Number.POSITIVE_INFINITY }),
    ).not.toThrow();
  });
});

describe("request options", () => {
  it.each([
    ["maxRetries", Number.NaN],
    ["maxRetries", -2],
    ["timeout", Number.NaN],
    ["idleTimeout", -1],
  ])("%s: %s rejects the call, nothing sent", async (name, value) => {
    const { gw, calls } = serving(okJson);
    const error = await gw.chat.completions.create(hello, { [name]: value }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([name]);
    expect(calls).toHaveLength(0);
  });

  it("a per-call timeout above 2^31-1 ms does not fire after 1 ms", async () => {
    const { gw } = serving(() => later(50, okJson()));
    await expect(gw.chat.completions.create(hello, { timeout: BIG })).resolves.toMatchObject({ id: "c" });
  });
});

describe("wait options", () => {
  const record = (status: string) =>
    new Response(JSON.stringify({ code: "success", data: { task_id: "a", status, data: [] } }), {
      headers: { "content-type": "application/json" },
    });

  it.each([
    ["interval", Number.NaN],
    ["interval", -1],
    ["maxInterval", Number.NaN],
    ["timeout", Number.NaN],
    ["timeout", -1],
  ])("%s: %s rejects the wait, nothing sent", async (name, value) => {
    const { gw, calls } = serving(() => record("SUCCESS"));
    const error = await gw.musicgen.wait("a", { [name]: value }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([name]);
    expect(calls).toHaveLength(0);
  });

  it("a wait timeout above 2^31-1 ms does not fire at once", async () => {
    const { gw } = serving((_, __, n) => record(n < 3 ? "IN_PROGRESS" : "SUCCESS"));
    const snapshot = await gw.musicgen.wait("a", { timeout: BIG, interval: 5 });
    expect(snapshot.status).toBe("succeeded");
  });
});
