/**
 * A money error's hint names only what can be done where it was raised (an
 * estimateCost param there, models.register() or the gateway's prices on a client's call), and
 * suggests families of the call's kind (video families for a video id).
 */
import { describe, expect, it } from "vitest";
import { BudgetExceededError, estimateCost, PricingError } from "../../src/index.js";
import { loopback, rejection, thrown } from "../support/index.js";

const CHAT_FAMILIES = /"coding-chat"|"messages-chat"/;

describe("money hints fit their call site and the call's kind", () => {
  it("estimateCost of a video id: pass `family` (a video family), a `models` map or the gateway's prices", async () => {
    const error = await thrown(() => estimateCost({ model: "veo3", seconds: 8 }));
    expect(error).toBeInstanceOf(PricingError);
    expect(error.message).toMatch(
      /Pass `family` \(a video family: "vidA" \(per second\), "vidB" \(per request\)/,
    );
    expect(error.message).not.toMatch(CHAT_FAMILIES);
    expect(error.message).toMatch(/`models: \{ "veo3": "<family>" \}`/);
    expect(error.message).toMatch(/estimateCost\(params, await gw\.prices\.load\(\)\)/);
  });

  it("estimateCost suggests image families for an image call and chat families for a usage", async () => {
    const image = await thrown(() => estimateCost({ model: "dall-e-3", images: 1 }));
    expect(image.message).toMatch(
      /an image family: "image-h" \(per image\), "image-i" \(per request\), "nano-banana"/,
    );
    expect(image.message).not.toMatch(/vidA/);
    const chat = await thrown(() =>
      estimateCost({ model: "gpt-4o-mini", usage: { prompt_tokens: 1, completion_tokens: 1 } }),
    );
    expect(chat.message).toMatch(/a chat family: "messages-chat", "thinking-multimodal"/);
    expect(chat.message).not.toMatch(/vidA|image-h/);
  });

  it("a client's call names no estimateCost param: models.register() with video families, or the gateway's prices", async () => {
    const { gw } = await loopback({ prices: "spec", budget: { limit: 100 } });
    const error = await rejection(gw.videos.create({ model: "veo3", prompt: "waves" }));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error.message).toMatch(
      /models\.register\("veo3", "<family>"\) \(a video family: "vidA" \(per second\), "vidB"/,
    );
    expect(error.message).not.toMatch(/Pass `family`|`models: \{|coding-chat/);
  });

  it("a plain client's cost reason names the read that loads the gateway's prices, never models.register; once they are loaded, it says they have no entry", async () => {
    const { gw } = await loopback();
    const stream = await gw.chat.completions.create({
      model: "acme-chat",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    });
    await stream.finalCompletion();
    expect(stream.snapshot().costReason).toMatch(
      /`await stream\.finalCost\(\)` loads them and prices this stream/,
    );
    expect(stream.snapshot().costReason).not.toMatch(/models\.register/);

    await gw.prices.load();
    const { costReason } = await gw.chat.completions
      .create({ model: "acme-chat", messages: [{ role: "user", content: "hi" }] })
      .withResponse();
    expect(costReason).toMatch(
      /the gateway's prices \(\/api\/pricing\) have no entry for "acme-chat", and the spec's table places it in no family/,
    );
    expect(costReason).not.toMatch(/gw\.prices\.load/);
  });

  it("an id placed in image family A (no price row) is told to register, not to pass `family`, on a client", async () => {
    const { gw } = await loopback({ prices: "spec", budget: { limit: 100 } });
    const error = await rejection(gw.images.generate({ model: "imgA-pro", prompt: "a fox" }));
    expect(error.message).toMatch(
      /image family imgA, which has no row.*Place it with models\.register\("imgA-pro"/,
    );
    expect(error.message).not.toMatch(/Pass `family`/);
  });
});
