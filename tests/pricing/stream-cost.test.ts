/**
 * A stream's final usage gives a cost: the usage each format's stream assembles feeds estimateCost
 * (a Messages stream's own stream.cost() is in tests/money/cost.test.ts).
 */
import { describe, expect, it } from "vitest";
import { estimateCost } from "../../src/index.js";
import { hello, loopback } from "../support/index.js";

describe("a stream's final usage gives a cost", () => {
  it("chat completions: the usage chunk genway asks for", async () => {
    const { gw } = await loopback();
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    const { usage } = await stream.finalCompletion();
    expect(usage?.prompt_tokens).toBeGreaterThan(0);
    const cost = estimateCost({ family: "coding-chat", group: "default", usage: usage! });
    // coding-chat default: 1.75 CNY per 1M prompt tokens, 14 per 1M completion tokens.
    const expected = (usage!.prompt_tokens * 1.75 + usage!.completion_tokens * 14) / 1_000_000;
    expect(cost.total).toBeCloseTo(expected, 8);
    expect(cost.currency).toBe("CNY");
  });
});
