/**
 * The edges of billing an adversarial review found: attempts that may have been billed, errors in a
 * 200 body, paid fallbacks, cache-write prices, listeners that reject, fields other than `model`,
 * tasks waited through createAndWait, streams aborted unread, and keys a middleware must not move.
 */
import { describe, expect, it } from "vitest";
import {
  APIConnectionError,
  BudgetExceededError,
  type CostEvent,
  GenwayError,
  ServiceUnavailableError,
} from "../../src/index.js";
import { hello, loopback, place, rejection } from "../support/index.js";

describe("billing edges", () => {
  it("a retried attempt that may have been billed stays spent, and is counted and reported unpriced", async () => {
    place("gpt-4o-mini", "coding-chat");
    const events: CostEvent[] = [];
    // One call's worst case (1,000 completion tokens: 0.014 CNY) fits; the retry needs a second one.
    const { gw, mock, sent } = await loopback({
      maxRetries: 1,
      budget: { limit: 0.03, currency: "CNY" },
      onCost: (e) => events.push(e),
    });
    mock.faults.inject({ match: "/v1/chat/completions", reset: "after-headers" });
    const { cost } = await gw.chat.completions.create({ ...hello, max_tokens: 1000 }).withResponse();
    expect(sent("/v1/chat/completions")).toHaveLength(2);
    expect(events.map((e) => e.cost === null)).toEqual([true, false]);
    expect(events[0]!.reason).toMatch(/may have billed it/);
    expect(gw.costs).toMatchObject({ calls: 1, unpriced: 1, total: cost!.total });
    // The cut attempt keeps its worst case: about 0.03 - 0.014 - 0.0002 = 0.0158 CNY is left, too
    // little for 1,200 tokens (0.0168), which would fit had the cut attempt been forgotten.
    expect(await rejection(gw.chat.completions.create({ ...hello, max_tokens: 1200 }))).toBeInstanceOf(
      BudgetExceededError,
    );
  });

  it("a retry that no longer fits the budget is not made", async () => {
    place("gpt-4o-mini", "coding-chat");
    const { gw, mock, sent } = await loopback({ maxRetries: 2, budget: { limit: 0.02, currency: "CNY" } });
    mock.faults.inject({ match: "/v1/chat/completions", reset: "after-headers" });
    expect(await rejection(gw.chat.completions.create({ ...hello, max_tokens: 1000 }))).toBeInstanceOf(
      BudgetExceededError,
    );
    expect(sent("/v1/chat/completions")).toHaveLength(1);
  });

  it("a call that failed after it was sent is counted unpriced and reported, as the budget keeps it", async () => {
    const events: CostEvent[] = [];
    const { gw, mock } = await loopback({ onCost: (e) => events.push(e) });
    mock.faults.inject({ match: "/v1/chat/completions", reset: "after-headers" });
    expect(await rejection(gw.chat.completions.create(hello))).toBeInstanceOf(APIConnectionError);
    expect(gw.costs.unpriced).toBe(1);
    expect(events).toHaveLength(1);
  });

  it("an error inside a 200 body does not fall back: it may have been billed", async () => {
    const { gw, mock, sent } = await loopback();
    mock.faults.inject({ match: "/v1/chat/completions", status: 200, code: 10020 });
    expect(await rejection(gw.chat.completions.create({ ...hello, model: ["a", "b"] }))).toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(sent("/v1/chat/completions").map((r) => r.body.model)).toEqual(["a"]);
  });

  it("a paid fallback goes only where a paid retry would: a bare 503 is not sent again to another model", async () => {
    const { gw, mock, sent } = await loopback();
    mock.faults.inject({ match: "/v2/videos/generations", status: 503 });
    const call = gw.videos.create(
      { model: "vidA-2.5", prompt: "a cat", duration: 5 },
      { fallback: ["vidA-2.5-pro"], paidFallback: true },
    );
    expect(await rejection(call)).toBeInstanceOf(ServiceUnavailableError);
    expect(sent("/v2/videos/generations")).toHaveLength(1);
  });

  it("music and vidgen fall back through their own model fields (mv, model_name) when opted in", async () => {
    const { gw, mock, sent } = await loopback();
    mock.faults.inject({ match: "/musicgen/submit/music", code: 10012 });
    await gw.musicgen.submit.music(
      { gpt_description_prompt: "a calm song", mv: "chirp-v3-5" },
      { fallback: ["chirp-v4"], paidFallback: true },
    );
    expect(sent("/musicgen/submit/music").map((r) => r.body.mv)).toEqual(["chirp-v3-5", "chirp-v4"]);
    mock.faults.inject({ match: "/vidgen/v1/videos/text2video", code: 10012 });
    await gw.vidgen.videos.textToVideo(
      { prompt: "a fox", model_name: "kling-v1" },
      { fallback: ["kling-v2-master"], paidFallback: true },
    );
    expect(sent("/vidgen/v1/videos/text2video").map((r) => r.body.model_name)).toEqual([
      "kling-v1",
      "kling-v2-master",
    ]);
  });

  it("a Messages worst case prices its prompt at the cache-write price, the dearest input a reply may report", async () => {
    place("claude-sonnet-4-5", "messages-chat");
    const { gw } = await loopback({ budget: { limit: 0.000001, currency: "CNY" } });
    const params = { model: "claude-sonnet-4-5", max_tokens: 100, messages: hello.messages };
    const error = await rejection(gw.messages.create(params));
    // The prompt's bound is the request body as sent, in UTF-8 bytes.
    const promptBound = new TextEncoder().encode(JSON.stringify(params)).length;
    // messages-chat default: cache write 6.25 CNY per 1M (prompt 5), completion 25.
    expect(error.estimate).toBeCloseTo((promptBound * 6.25 + 100 * 25) / 1e6, 8);
  });

  it("an async onCost that rejects is logged, never an unhandled rejection", async () => {
    const warnings: string[] = [];
    const { gw } = await loopback({
      onCost: async () => {
        throw new Error("db down");
      },
      logLevel: "warn",
      logger: { debug() {}, info() {}, warn: (line: string) => warnings.push(line), error() {} },
    });
    await gw.audio.speech
      .create({ model: "tts-1", input: "hi", voice: "alloy" })
      .then((a) => a.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(warnings.some((w) => /onCost failed \(db down\)/.test(w))).toBe(true);
  });

  it("createAndWait keeps the submission's cost on the succeeded snapshot; a bare id's wait says why it has none", async () => {
    const { gw } = await loopback();
    await gw.prices.load();
    const done = await gw.videos.createAndWait(
      { model: "vidA-2.5", prompt: "a cat", duration: 5 },
      { interval: 1 },
    );
    expect(done.cost?.total).toBeCloseTo(5.5, 8);
    const again = await gw.videos.wait(done.id, { interval: 1 });
    expect(again).toMatchObject({ cost: null, costReason: expect.stringMatching(/handle/) });
  });

  it("a stream aborted before it was read settles its bill and ends its call", async () => {
    const events: CostEvent[] = [];
    const { gw } = await loopback({ onCost: (e) => events.push(e) });
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    stream.abort();
    expect(events).toHaveLength(1);
    expect(gw.costs.unpriced).toBe(1);
  });

  it("with middleware, a key with $ patterns is sent as it is, and never to a host a middleware moved the call to", async () => {
    const key = "sk-a$'b$&c";
    const { gw, mock } = await loopback(
      { apiKey: key, middleware: [async (request, next) => next(request)] },
      { apiKey: key },
    );
    await gw.chat.completions.create(hello);
    expect(mock.requests.at(-1)!.headers.authorization).toBe(`Bearer ${key}`);

    const { gw: moved, mock: movedMock } = await loopback({
      middleware: [
        async (request, next) => next({ ...request, url: "http://elsewhere.test/v1/chat/completions" }),
      ],
    });
    const error = await rejection(moved.chat.completions.create(hello));
    expect(error).toBeInstanceOf(GenwayError);
    expect(error.message).toMatch(/only ever sent to baseURL/);
    expect(movedMock.requests).toHaveLength(0);
  });
});
