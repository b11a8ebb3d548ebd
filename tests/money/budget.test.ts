/** A budgeted client refuses, with nothing sent, a call whose worst case would exceed what is left, also under concurrency. */
import { describe, expect, it } from "vitest";
import { BudgetExceededError, ValidationError } from "../../src/index.js";
import { hello, loopback, place, rejection } from "../support/index.js";

describe("budget guard", () => {
  it("refuses a chat call whose worst case (request bytes + max_tokens) exceeds the limit; nothing is sent", async () => {
    place("gpt-4o-mini", "coding-chat");
    // coding-chat default: 14 CNY per 1M completion tokens: 1,000 tokens cost at most 0.014 CNY.
    const { gw, sent } = await loopback({ budget: { limit: 0.01, currency: "CNY" } });
    const error = await rejection(gw.chat.completions.create({ ...hello, max_tokens: 1000 }));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error.message).toMatch(/chat\.completions\.create \(gpt-4o-mini\) may cost up to 0\.014\d* CNY/);
    expect(error.estimate).toBeGreaterThan(0.014);
    expect(error.remaining).toBe(0.01);
    expect(sent("/v1/chat/completions")).toHaveLength(0);
    // A call that fits is sent, and its actual cost replaces the reservation.
    const { cost } = await gw.chat.completions.create({ ...hello, max_tokens: 100 }).withResponse();
    expect(sent("/v1/chat/completions")).toHaveLength(1);
    expect(gw.costs.total).toBe(cost!.total);
  });

  it("the worst case counts every choice: n x max_completion_tokens", async () => {
    place("gpt-4o-mini", "coding-chat");
    const { gw } = await loopback({ budget: { limit: 0.01, currency: "CNY" } });
    await gw.chat.completions.create({ ...hello, max_completion_tokens: 300 });
    const error = await rejection(gw.chat.completions.create({ ...hello, max_completion_tokens: 300, n: 3 }));
    expect(error).toBeInstanceOf(BudgetExceededError);
  });

  it("a chat call without an output limit has no worst case: refused under a budget, with the field to set", async () => {
    place("gpt-4o-mini", "coding-chat");
    const { gw, sent } = await loopback({ budget: { limit: 100, currency: "CNY" } });
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error.estimate).toBeNull();
    expect(error.message).toMatch(/sets no max_completion_tokens or max_tokens/);
    expect(sent("/v1/chat/completions")).toHaveLength(0);
  });

  it("an unpriced call is refused unless the budget allows unpriced calls", async () => {
    // Music by the spec's table alone: it has no music row.
    const { gw, sent } = await loopback({ budget: { limit: 100, currency: "CNY" }, prices: "spec" });
    const error = await rejection(gw.musicgen.submit.music({ gpt_description_prompt: "a calm song" }));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error.message).toMatch(/no row for music generation/);
    expect(sent("/musicgen/submit/music")).toHaveLength(0);

    const { gw: open, sent: openSent } = await loopback({
      budget: { limit: 100, currency: "CNY", unpriced: "allow" },
      prices: "spec",
    });
    await open.musicgen.submit.music({ gpt_description_prompt: "a calm song" });
    expect(openSent("/musicgen/submit/music")).toHaveLength(1);
  });

  it("paid media: images n, video seconds and speech characters are the worst case", async () => {
    place("dall-e-3", "image-h");
    const { gw, sent } = await loopback({ group: "ssvip", budget: { limit: 10, currency: "CNY" } });
    // image-h ssvip: 3 CNY per image; 4 images would be 12.
    expect(await rejection(gw.images.generate({ model: "dall-e-3", prompt: "a fox", n: 4 }))).toBeInstanceOf(
      BudgetExceededError,
    );
    await gw.images.generate({ model: "dall-e-3", prompt: "a fox", n: 3 });
    expect(sent("/v1/images/generations")).toHaveLength(1);
    expect(gw.costs.total).toBe(9);
    // One more image (3 CNY) no longer fits in the 1 CNY left.
    expect(await rejection(gw.images.generate({ model: "dall-e-3", prompt: "a fox" }))).toMatchObject({
      name: "BudgetExceededError",
      remaining: 1,
    });

    const { gw: video, sent: videoSent } = await loopback({ budget: { limit: 10, currency: "CNY" } });
    // vidA: 1.1 CNY per second; no duration means vidA's longest, 10 s = 11 CNY.
    expect(await rejection(video.videos.create({ model: "vidA-2.5", prompt: "a cat" }))).toBeInstanceOf(
      BudgetExceededError,
    );
    await video.videos.create({ model: "vidA-2.5", prompt: "a cat", duration: 5 });
    expect(videoSent("/v2/videos/generations")).toHaveLength(1);

    const { gw: speech } = await loopback({ budget: { limit: 0.001, currency: "CNY" } });
    // speech: 3.5 CNY per 10,000 characters: 4,000 characters are 1.4 CNY.
    expect(
      await rejection(
        speech.audio.speech.create({ model: "tts-1", input: "x".repeat(4000), voice: "alloy" }),
      ),
    ).toBeInstanceOf(BudgetExceededError);
  });

  it("concurrent calls reserve atomically: of two parallel calls that fit the budget one at a time, one is refused", async () => {
    place("dall-e-3", "image-h");
    const { gw, sent } = await loopback({ group: "ssvip", budget: { limit: 5, currency: "CNY" } });
    const results = await Promise.allSettled([
      gw.images.generate({ model: "dall-e-3", prompt: "one" }),
      gw.images.generate({ model: "dall-e-3", prompt: "two" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(
      BudgetExceededError,
    );
    expect(sent("/v1/images/generations")).toHaveLength(1);
    expect(gw.costs.total).toBe(3);
  });

  it("a call the gateway refused with an HTTP error frees its reservation", async () => {
    place("dall-e-3", "image-h");
    const { gw, mock } = await loopback({ group: "ssvip", budget: { limit: 3, currency: "CNY" } });
    mock.faults.inject({ match: "/v1/images/generations", status: 400, message: "bad prompt" });
    await rejection(gw.images.generate({ model: "dall-e-3", prompt: "a fox" }));
    await gw.images.generate({ model: "dall-e-3", prompt: "a fox" });
    expect(gw.costs.total).toBe(3);
  });

  it("a call cut off after it was sent keeps its worst case reserved (it may have been billed)", async () => {
    place("dall-e-3", "image-h");
    const { gw, mock } = await loopback({ group: "ssvip", budget: { limit: 5, currency: "CNY" } });
    mock.faults.inject({ match: "/v1/images/generations", reset: "after-headers" });
    await rejection(gw.images.generate({ model: "dall-e-3", prompt: "a fox" }));
    expect(await rejection(gw.images.generate({ model: "dall-e-3", prompt: "a fox" }))).toBeInstanceOf(
      BudgetExceededError,
    );
  });

  it("a per-request budget limits that call alone, on top of the client's", async () => {
    place("gpt-4o-mini", "coding-chat");
    const { gw, sent } = await loopback();
    const error = await rejection(
      gw.chat.completions.create(
        { ...hello, max_tokens: 1000 },
        { budget: { limit: 0.001, currency: "CNY" } },
      ),
    );
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(sent("/v1/chat/completions")).toHaveLength(0);
  });

  it("validation comes first: an invalid request is a ValidationError, not a budget refusal", async () => {
    const { gw } = await loopback({ budget: { limit: 0, currency: "CNY" } });
    expect(
      await rejection(gw.chat.completions.create({ ...hello, temperature: 3, max_tokens: 1 })),
    ).toBeInstanceOf(ValidationError);
  });

  it("a budget with an empty currency, or a negative limit, is refused when the client is made", async () => {
    const { Genway, GenwayError } = await import("../../src/index.js");
    const make = (budget: unknown) => () =>
      new Genway({ apiKey: "k", baseURL: "http://x.test", budget: budget as never });
    expect(make({ limit: 5, currency: "" })).toThrow(GenwayError);
    expect(make({ limit: -1, currency: "CNY" })).toThrow(/finite number >= 0/);
    expect(make({ limit: 5, currency: "USD" })).not.toThrow();
  });
});
