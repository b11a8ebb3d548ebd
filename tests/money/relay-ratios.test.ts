/**
 * Every cost read of a call whose price the relay scales by the request (a veo video's seconds and
 * resolution, a dall-e image's size and quality: src/money/ratios.ts), against the mock gateway,
 * which publishes its prices as a new-api admin sets them (mock/prices.ts: veo 0.875 CNY per second,
 * dall-e-3 1 CNY per standard image). What new-api bills is worked out here from its source, not
 * read from genway: price x seconds (8 by default) x 1.5 at 4K for veo 3.1; price x size ratio x hd
 * ratio x n for dall-e.
 */
import { describe, expect, it } from "vitest";
import { BudgetExceededError, estimateCost } from "../../src/index.js";
import { loopback, rejection } from "../support/index.js";

const boat = { model: "veo3.1-pro", prompt: "a boat" };
const cat = { model: "dall-e-3", prompt: "a cat" };

describe("a price the relay scales by the request", () => {
  it("review D3: a veo video costs its seconds x its resolution ratio, in withResponse().cost, estimates, totals and snapshots", async () => {
    const { gw } = await loopback();
    const asked: Array<[Record<string, unknown>, number]> = [
      [{}, 7], // 8 s, new-api's default
      [{ duration: 4 }, 3.5],
      [{ seconds: "6" }, 5.25],
      [{ metadata: { durationSeconds: 8, resolution: "4k" } }, 10.5],
      [{ duration: 4, size: "3840x2160" }, 5.25],
    ];
    for (const [fields, expected] of asked) {
      const { cost } = await gw.videos.create({ ...boat, ...fields }).withResponse();
      expect(cost?.total, JSON.stringify(fields)).toBe(expected);
    }
    const prices = await gw.prices.load();
    expect((await gw.prices.estimate({ model: "veo3" })).total).toBe(7);
    expect(
      estimateCost({ model: "veo3.1-pro", duration: 4, metadata: { resolution: "4k" } }, prices).total,
    ).toBe(5.25);
    expect(await gw.costs.summary()).toMatchObject({ total: 31.5, calls: 5, unpriced: 0 });
    const task = await gw.videos.create({ ...boat, duration: 4 });
    expect((await task.wait({ interval: 1 })).cost?.total).toBe(3.5);
  });

  it("review D3: a plain client's calls, counted before it has prices, are priced by what each asked", async () => {
    const { gw, sent } = await loopback();
    await gw.videos.create({ ...boat, duration: 4 });
    await gw.videos.create({ ...boat, duration: 4 });
    await gw.videos.create({ ...boat, metadata: { resolution: "4k" } });
    await gw.videos.create(boat);
    expect(sent("/api/pricing")).toHaveLength(0);
    expect(await gw.costs.summary()).toMatchObject({ total: 3.5 + 3.5 + 10.5 + 7, calls: 4, unpriced: 0 });
  });

  it("review D3: a budget reserves what the relay will bill: veo's 8 s when the request gives no length, its 4K ratio", async () => {
    const { gw, sent } = await loopback({ budget: { limit: 10 } });
    const error = await rejection(gw.videos.create({ ...boat, metadata: { resolution: "4k" } }));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error).toMatchObject({ estimate: 10.5 });
    expect(sent("/v2/videos/generations")).toHaveLength(0);
    await gw.videos.create(boat); // 7: fits
    expect(await rejection(gw.videos.create({ ...boat, duration: 4 }))).toMatchObject({ estimate: 3.5 });
    expect(sent("/v2/videos/generations")).toHaveLength(1);
  });

  it("review D4: a dall-e image costs its size and quality ratio, and a budget reserves it", async () => {
    const { gw, sent } = await loopback({ budget: { limit: 5 } });
    const asked: Array<[Record<string, unknown>, number]> = [
      [{ size: "1024x1024" }, 1],
      [{ size: "1792x1024" }, 2],
      [{ size: "1024x1024", quality: "hd" }, 2],
    ];
    for (const [fields, expected] of asked) {
      const { cost } = await gw.images.generate({ ...cat, ...fields }).withResponse();
      expect(cost?.total, JSON.stringify(fields)).toBe(expected);
    }
    // An hd wide image is 3: past the 0 left, refused with nothing sent.
    const error = await rejection(gw.images.generate({ ...cat, size: "1792x1024", quality: "hd" }));
    expect(error).toMatchObject({ estimate: 3, remaining: 0 });
    expect(sent("/v1/images/generations")).toHaveLength(3);
    expect(gw.costs.byModel["dall-e-3"]).toEqual({ total: 5, calls: 3 });
  });

  it("review R1: a metadata field set to undefined is not sent, so the cost, the estimate and the budget read duration and size as the relay does", async () => {
    // A spread of optional settings: JSON leaves both fields out, and new-api bills 16 s at 4K.
    const optional: { seconds?: number; resolution?: string } = {};
    const params = {
      ...boat,
      duration: 16,
      size: "3840x2160",
      metadata: { durationSeconds: optional.seconds, resolution: optional.resolution },
    };
    const billed = 0.875 * 16 * 1.5;
    const { gw, sent } = await loopback({ budget: { limit: 20 } });
    const error = await rejection(gw.videos.create(params));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error).toMatchObject({ estimate: billed });
    expect(sent("/v2/videos/generations")).toHaveLength(0);
    const plain = (await loopback()).gw;
    expect((await plain.videos.create(params).withResponse()).cost?.total).toBe(billed);
    expect(estimateCost(params, await plain.prices.load()).total).toBe(billed);
  });

  it("review R2: dall-e requests that leave n out are estimated at one image each", async () => {
    const { gw } = await loopback();
    const prices = await gw.prices.load();
    expect(estimateCost({ model: "dall-e-3", requests: 3 }, prices).total).toBe(3);
    expect(
      estimateCost({ model: "dall-e-3", requests: 3, size: "1792x1024", quality: "hd" }, prices).total,
    ).toBe(9);
    expect(estimateCost({ model: "dall-e-3", requests: 3, images: 2 }, prices).total).toBe(2);
  });
});
