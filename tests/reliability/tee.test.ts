/**
 * D14 (adversarial review 3): `tee()` branches are readable together AND one after the other (the
 * second whole after the first finished), each with its own assembly, over a bounded buffer: a
 * branch that falls more than MAX_TEE_LAG events behind is cut off with a typed error while the
 * other reads on (docs/chat.md, "Every stream").
 */
import { describe, expect, it } from "vitest";
import { Tee } from "../../src/core/streams/tee.js";
import { APIUserAbortError, GenwayError } from "../../src/index.js";
import { loopback, thrown } from "../support/index.js";

const hello = {
  model: "gpt-4o-mini",
  messages: [{ role: "user" as const, content: "hello" }],
  stream: true as const,
};
const ANSWER = 'Hello from the genway mock gateway! You said: "hello".';

describe("D14: tee() branches", () => {
  it("D14: the second branch is fully readable after the first finished: the same completion, its own snapshot", async () => {
    const { gw } = await loopback();
    const [a, b] = (await gw.chat.completions.create(hello)).tee();
    const first = await a.finalCompletion();
    expect(first.choices[0]?.message.content).toBe(ANSWER);
    const second = await b.finalCompletion();
    expect(second).toEqual(first);
    expect(b.snapshot().choices[0]?.message.content).toBe(ANSWER);
  });

  it("D14: branches iterated one after the other yield every event (chat and Messages), and together too", async () => {
    const { gw } = await loopback();
    const seen = async (s: AsyncIterable<unknown>) => {
      const events: unknown[] = [];
      for await (const event of s) events.push(event);
      return events;
    };
    const [a, b] = (await gw.chat.completions.create(hello)).tee();
    const first = await seen(a);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await seen(b)).toEqual(first);
    expect(first.length).toBeGreaterThan(5);
    const [c, d] = (
      await gw.messages.create({
        model: "claude-sonnet-4-6",
        max_tokens: 64,
        messages: hello.messages,
        stream: true,
      })
    ).tee();
    const types = (await seen(c)).map((event) => (event as { type: string }).type);
    expect(types.at(-1)).toBe("message_stop");
    expect(await d.finalText()).toBe(ANSWER);
    const [e, f] = (await gw.chat.completions.create(hello)).tee();
    const [x, y] = await Promise.all([seen(e), seen(f)]);
    expect(y).toEqual(x);
  });

  it("D14: aborting one branch ends only that branch; the other reads on", async () => {
    const { gw } = await loopback({}, { streamDelayMs: 5 });
    const stream = await gw.chat.completions.create(hello);
    const [a, b] = stream.tee();
    const error = await thrown(async () => {
      for await (const _ of a) a.abort();
    });
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(await b.finalContent()).toBe(ANSWER);
  });
});

describe("D14: the tee buffer is bounded", () => {
  /** A source of `n` numbered events, one per read, as the parent stream's iterator hands them out. */
  function numbers(n: number) {
    let next = 0;
    let closed = false;
    const source: AsyncIterator<number> = {
      next: async () => (next < n ? { done: false, value: next++ } : { done: true, value: undefined }),
      return: async () => {
        closed = true;
        return { done: true, value: undefined };
      },
    };
    return { source, closed: () => closed, read: () => next };
  }
  const drain = async (source: AsyncIterable<number[]>) => {
    const out: number[] = [];
    for await (const batch of source) out.push(...batch);
    return out;
  };
  const connection = {
    response: new Response(),
    url: "http://gateway.test/v1/chat/completions",
    requestId: undefined,
    controller: new AbortController(),
    idleTimeout: Number.POSITIVE_INFINITY,
    abortReason: () => undefined,
    abort: () => {},
    release: () => {},
  };

  it("D14: one branch read to the end, then the other: each gets every event, in order", async () => {
    const { source } = numbers(5);
    const tee = new Tee(
      source,
      () => undefined,
      async () => {},
      10,
    );
    expect(await drain(tee.branch(0, connection).source)).toEqual([0, 1, 2, 3, 4]);
    expect(await drain(tee.branch(1, connection).source)).toEqual([0, 1, 2, 3, 4]);
  });

  it("D14: a branch more than the bound behind is cut off with a GenwayError; the other reads everything", async () => {
    const { source } = numbers(10);
    const tee = new Tee(
      source,
      () => undefined,
      async () => {},
      3,
    );
    expect(await drain(tee.branch(0, connection).source)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const error = await thrown(() => drain(tee.branch(1, connection).source));
    expect(error).toBeInstanceOf(GenwayError);
    expect(error.message).toMatch(/fell more than 3 events behind/);
  });

  it("D14: at most the bound is held: a lagging branch keeps no more than max events buffered", async () => {
    const { source, read } = numbers(1000);
    const tee = new Tee(
      source,
      () => undefined,
      async () => {},
      100,
    );
    const slow = tee.branch(1, connection).source[Symbol.asyncIterator]();
    expect((await slow.next()).value).toEqual([0]);
    let got = 0;
    for await (const batch of tee.branch(0, connection).source) got += batch.length;
    expect(got).toBe(1000);
    expect(read()).toBe(1000);
    await expect(slow.next()).rejects.toThrow(/fell more than 100 events behind/);
  });

  it("D14: the source is closed once both branches are closed", async () => {
    const { source, closed } = numbers(10);
    const tee = new Tee(
      source,
      () => undefined,
      () => source.return!(),
      10,
    );
    const a = tee.branch(0, connection).source[Symbol.asyncIterator]();
    const b = tee.branch(1, connection).source[Symbol.asyncIterator]();
    await a.next();
    await a.return?.();
    expect(closed()).toBe(false);
    await b.return?.();
    expect(closed()).toBe(true);
  });
});
