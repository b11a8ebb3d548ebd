/**
 * One price truth per client, as an app sees it on the mock gateway with a plain client: every cost
 * has an awaited read that prices by the gateway's prices (`withResponse().cost`, submissions
 * included; `await stream.finalCost()`; `await gw.costs.summary()`), equal calls get equal costs
 * whatever call shape came before, a read made now never gives a figure those reads contradict,
 * and a client that reads no cost sends no pricing request.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type CostEstimate, defineTool, estimateCost, type GenwayOptions } from "../../src/index.js";
import { hello, loopback } from "../support/index.js";

const PRICE_ROUTES = ["/api/pricing", "/api/status"];
const veo3 = { model: "veo3", prompt: "waves at night" };
const story = { ...hello, messages: [{ role: "user" as const, content: "tell me a story" }] };

/**
 * A plain client on the mock (no budget, onCost, group, prices or middleware), and its fetch
 * counted. The mock has no channel for "no-channel-x" (new-api's 503), so a fallback list falls back.
 */
async function plainClient(options: GenwayOptions = {}) {
  const fetched: string[] = [];
  const harness = await loopback(
    {
      ...options,
      fetch: (input, init) => {
        fetched.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
        return fetch(input, init);
      },
    },
    { noChannel: ["no-channel-x"] },
  );
  const priceReads = () => fetched.filter((path) => PRICE_ROUTES.includes(path)).length;
  return { ...harness, priceReads };
}

const drain = async (stream: AsyncIterable<unknown>) => {
  for await (const _ of stream) {
    // read to its end
  }
};

describe("one price truth per plain client", () => {
  it("a plain client that reads no cost sends no pricing request, whatever it calls and whatever it reads now", async () => {
    const { gw, priceReads } = await plainClient();
    await gw.chat.completions.create(hello);
    const stream = await gw.chat.completions.create({ ...story, stream: true });
    await drain(stream);
    const task = await gw.videos.create(veo3);
    const done = await task.wait({ interval: 1 });
    await gw.images.generate({ model: "dall-e-3", prompt: "a fox" });
    await gw.chat.completions.create({ ...hello, model: ["gpt-4o-mini", "gpt-4o"] });
    // The reads that price by what the client has: nothing, so nothing is asked of the gateway.
    expect(stream.cost()).toBeNull();
    expect(stream.snapshot().costReason).toMatch(/`await stream\.finalCost\(\)`/);
    expect(done.cost).toBeNull();
    expect(done.costReason).toMatch(/`await gw\.prices\.load\(\)`/);
    expect(gw.costs.total).toBe(0);
    expect(gw.costs.toJSON()).toMatchObject({ calls: 0, unpriced: 5 });
    expect(priceReads()).toBe(0);
  });

  it("after a mix of calls, none of whose costs was read: finalCost(), a submission's withResponse().cost and gw.costs.summary() are the gateway's prices, equal to what withResponse() gives", async () => {
    const { gw, priceReads } = await plainClient();
    await gw.chat.completions.create(hello);
    await gw.chat.completions.create(story);
    await gw.videos.create({ model: "vidA-2.5", prompt: "a boat", duration: 10 });
    await gw.images.generate({ model: "dall-e-3", prompt: "a fox", n: 2 });
    const stream = await gw.chat.completions.create({ ...story, stream: true });
    const { usage } = await stream.finalCompletion();
    expect(priceReads()).toBe(0);

    const streamed = await stream.finalCost();
    const prices = await gw.prices.load();
    expect(streamed).toEqual(
      expect.objectContaining({ source: "gateway", currency: "CNY", model: "gpt-4o-mini" }),
    );
    expect(streamed).toEqual(
      expect.objectContaining(estimateCost({ model: "gpt-4o-mini", usage: usage! }, prices)),
    );
    const submitted = await gw.videos.create(veo3).withResponse();
    expect(submitted.cost).toMatchObject({ source: "gateway", currency: "CNY", model: "veo3", total: 7 });

    // The same calls on a client that reads every cost as it goes (withResponse()).
    const twin = await plainClient();
    const each: Array<CostEstimate | null> = [];
    for (const call of [
      () => twin.gw.chat.completions.create(hello),
      () => twin.gw.chat.completions.create(story),
      () => twin.gw.videos.create({ model: "vidA-2.5", prompt: "a boat", duration: 10 }),
      () => twin.gw.images.generate({ model: "dall-e-3", prompt: "a fox", n: 2 }),
    ]) {
      each.push((await call().withResponse()).cost);
    }
    const twinStream = await twin.gw.chat.completions.create({ ...story, stream: true });
    each.push(await twinStream.finalCost());
    each.push((await twin.gw.videos.create(veo3).withResponse()).cost);
    expect(each.every((cost) => cost?.source === "gateway")).toBe(true);
    const sum = each.reduce((total, cost) => total + cost!.total, 0);

    const summary = await gw.costs.summary();
    expect(summary).toMatchObject({ calls: 6, unpriced: 0, currency: "CNY" });
    expect(summary.reason).toBeUndefined();
    expect(summary.total).toBeCloseTo(sum, 7);
    expect(await twin.gw.costs.summary()).toEqual(summary);
    expect(summary.byModel.veo3).toEqual({ total: 7, calls: 1 });
    expect(summary.byModel["vidA-2.5"]).toEqual({ total: 11, calls: 1 });
  });

  it("equal calls get equal costs whatever call shape came before (withResponse, stream, task, runTools, fallback)", async () => {
    const lookup = defineTool({
      name: "lookup",
      parameters: z.object({ q: z.string() }),
      run: () => "found",
    });
    const shapes: Record<string, (gw: Awaited<ReturnType<typeof plainClient>>["gw"]) => Promise<unknown>> = {
      nothing: async () => {},
      withResponse: (gw) => gw.chat.completions.create(hello).withResponse(),
      stream: async (gw) => drain(await gw.chat.completions.create({ ...hello, stream: true })),
      task: async (gw) => (await gw.videos.create(veo3)).wait({ interval: 1 }),
      runTools: (gw) =>
        gw.chat.completions.runTools({ ...hello, max_tokens: 64, tools: [lookup] }).finalContent(),
      fallback: async (gw) => {
        const answer = await gw.chat.completions.create({ ...hello, model: ["no-channel-x", "gpt-4o-mini"] });
        expect(answer.model).toBe("gpt-4o-mini");
      },
    };
    const seen: Record<string, unknown> = {};
    for (const [name, shape] of Object.entries(shapes)) {
      const { gw } = await plainClient();
      await shape(gw);
      const stream = await gw.chat.completions.create({ ...story, stream: true });
      await stream.finalCompletion();
      // Read now: by what the client has. A figure here is the gateway's, never another table's.
      const now = stream.cost();
      const final = await stream.finalCost();
      if (now !== null) expect(now, name).toEqual(final);
      expect(stream.cost(), name).toEqual(final);
      const { cost: video } = await gw.videos.create(veo3).withResponse();
      seen[name] = { stream: final, video };
    }
    const [first, ...rest] = Object.values(seen);
    for (const costs of rest) expect(costs).toEqual(first);
    expect(first).toMatchObject({ stream: { source: "gateway" }, video: { source: "gateway", total: 7 } });
  });

  it("a task snapshot after the prices are loaded carries the gateway's price; before, null with the step that loads them", async () => {
    const { gw } = await plainClient();
    const task = await gw.videos.create(veo3);
    expect((await task.wait({ interval: 1 })).cost).toBeNull();
    await gw.prices.load();
    expect((await task.wait({ interval: 1 })).cost).toMatchObject({ source: "gateway", total: 7 });
  });
});
