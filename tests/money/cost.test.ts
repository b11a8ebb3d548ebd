/** Every billed call carries its cost: withResponse().cost, stream.cost(), task snapshots, gw.costs and onCost. */
import { describe, expect, it } from "vitest";
import { type CostEvent, GenwayError } from "../../src/index.js";
import { hello, loopback, place, rejection } from "../support/index.js";

describe("cost on results", () => {
  it("chat: withResponse().cost prices the answer's usage in the client's group, by the gateway's prices", async () => {
    const events: CostEvent[] = [];
    const { gw } = await loopback({ group: "svip", onCost: (e) => events.push(e) });
    const { data, cost, costReason, model } = await gw.chat.completions.create(hello).withResponse();
    const usage = data.usage!;
    // The mock's gpt-4o-mini in svip: 1.75 CNY per 1M prompt tokens, 14 per 1M completion tokens.
    const expected = (usage.prompt_tokens * 1.75 + usage.completion_tokens * 14) / 1e6;
    expect(cost?.total).toBeCloseTo(expected, 8);
    expect(cost).toMatchObject({
      currency: "CNY",
      source: "gateway",
      group: "svip",
      model: "gpt-4o-mini",
    });
    expect(costReason).toBeUndefined();
    expect(model).toBe("gpt-4o-mini");
    expect(events).toEqual([
      {
        operation: "chat.completions.create",
        model: "gpt-4o-mini",
        cost,
        reason: undefined,
        requestId: expect.any(String),
      },
    ]);
  });

  it("a model neither the gateway's prices nor the catalog know costs null with the reason, never zero, and is counted as unpriced", async () => {
    const { gw } = await loopback();
    const { cost, costReason } = await gw.chat.completions
      .create({ ...hello, model: "acme-chat" })
      .withResponse();
    expect(cost).toBeNull();
    expect(costReason).toMatch(
      /Unknown model "acme-chat": the gateway's prices \(\/api\/pricing\) have no entry/,
    );
    expect(gw.costs.total).toBe(0);
    expect(gw.costs.unpriced).toBe(1);
    expect(gw.costs.calls).toBe(0);

    // By the spec's table alone, a real id is unknown too: the table names no chat ids.
    const { gw: spec } = await loopback({ prices: "spec" });
    const bySpec = await spec.chat.completions.create({ ...hello, model: "gpt-4o" }).withResponse();
    expect(bySpec.cost).toBeNull();
    expect(bySpec.costReason).toMatch(/Unknown model "gpt-4o"/);
  });

  it("review D7: past 8 distinct reasons, gw.costs.reason counts the rest on a line of their own, naming no model for them", async () => {
    const { gw } = await loopback();
    for (let i = 1; i <= 11; i++) await gw.chat.completions.create({ ...hello, model: `model-${i}` });
    const { reason, unpriced } = await gw.costs.summary();
    expect(unpriced).toBe(11);
    const parts = reason!.split("; ");
    expect(parts).toHaveLength(9);
    // Each reason told apart counts its own model's call, once.
    for (let i = 1; i <= 8; i++)
      expect(parts[i - 1]).toMatch(new RegExp(`^1 call: Unknown model "model-${i}"`));
    expect(parts[8]).toBe("3 calls: other reasons (only the first 8 are told apart)");
    expect(reason).not.toMatch(/model-(9|10|11)/);
  });

  it("a query is not billed: null with that reason, and nothing is counted", async () => {
    const { gw } = await loopback();
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "a cat", duration: 5 });
    const { cost, costReason } = await gw.videos.retrieve(task.id).withResponse();
    expect(cost).toBeNull();
    expect(costReason).toBe("not a billed operation");
    // gw.costs counts from the client's first call: the submission only.
    expect(gw.costs.unpriced).toBe(1);
    expect(await gw.costs.summary()).toMatchObject({ calls: 1, unpriced: 0, total: 5.5 });
  });

  it("images, speech, video, vidgen and music are priced by their units", async () => {
    const { gw } = await loopback({ group: "ssvip" });
    const image = await gw.images.generate({ model: "dall-e-3", prompt: "a fox", n: 2 }).withResponse();
    // The mock's dall-e-3 (the image-h row) in ssvip: 3 CNY per image, two images answered.
    expect(image.data.data).toHaveLength(2);
    expect(image.cost?.total).toBe(6);

    const { gw: plain } = await loopback();
    const speech = await plain.audio.speech
      .create({ model: "tts-1", input: "你好, world", voice: "alloy" })
      .withResponse();
    await speech.data.arrayBuffer();
    // speech default: 3.5 CNY per 10,000 characters; 9 characters (not UTF-16 units or bytes),
    // which the gateway prices as the input's tokens (one per character here).
    expect(speech.cost?.lines[0]).toMatchObject({
      item: "prompt",
      quantity: 9,
      note: expect.stringMatching(/character/),
    });
    expect(speech.cost?.total).toBeCloseTo((9 / 10_000) * 3.5, 8);

    const video = await plain.videos
      .create({ model: "vidA-2.5", prompt: "a cat", duration: 10 })
      .withResponse();
    // vidA default: 1.1 CNY per second.
    expect(video.cost?.total).toBe(11);

    const kling = await plain.vidgen.videos
      .textToVideo({ model_name: "kling-v2-master", prompt: "a cat" })
      .withResponse();
    expect(kling.cost).toMatchObject({ source: "gateway", total: 0.0001 });
    // A model_name the gateway does not price is the vidgen family's, by the spec's table.
    const other = await plain.vidgen.videos
      .textToVideo({ model_name: "vidgen-v9", prompt: "a cat" })
      .withResponse();
    expect(other.cost).toMatchObject({ source: "spec", family: "vidgen", total: 0.0001 });

    // Music: new-api bills a submission as "suno_" + its action (the mock: 0.73 CNY).
    const music = await plain.musicgen.submit.music({ gpt_description_prompt: "a calm song" }).withResponse();
    expect(music.cost).toMatchObject({ source: "gateway", model: "suno_music", total: 0.73 });

    expect(plain.costs.byFamily).toEqual({ vidgen: { total: 0.0001, calls: 1 } });
    expect(plain.costs.byModel["vidA-2.5"]).toEqual({ total: 11, calls: 1 });
    expect(plain.costs.unpriced).toBe(0);
    expect(plain.costs.total).toBeCloseTo(11 + 0.00315 + 0.0001 * 2 + 0.73, 8);

    // By the spec's table, music has no row: null with the reason.
    const { gw: spec } = await loopback({ prices: "spec" });
    const unpriced = await spec.musicgen.submit
      .music({ gpt_description_prompt: "a calm song" })
      .withResponse();
    expect(unpriced.cost).toBeNull();
    expect(unpriced.costReason).toMatch(/the spec's price table has no row for music generation/);
  });

  it("a family without the client's group is null with the groups it has", async () => {
    place("dall-e-3", "image-h");
    const { gw } = await loopback({ prices: "spec" });
    const { cost, costReason } = await gw.images
      .generate({ model: "dall-e-3", prompt: "a fox" })
      .withResponse();
    expect(cost).toBeNull();
    expect(costReason).toMatch(/has no group "default".*ssvip/);
  });

  it("by the spec's table, a group no family has refuses every billed call, with nothing sent", async () => {
    // The table is read by the pricing code, which loads when the client is made (a group asks for
    // money) but after its constructor returns: the first billed call, not the constructor, throws.
    const { gw, sent } = await loopback({ group: "svpi", prices: "spec" });
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(GenwayError);
    expect(error.message).toMatch(/Unknown price group "svpi"/);
    expect(sent("/v1/chat/completions")).toHaveLength(0);
    await expect(gw.prices.load()).rejects.toThrow(/Unknown price group "svpi"/);
  });

  it("a stream's cost() is priced from its usage at the end, and gw.costs counts it once", async () => {
    place("claude-sonnet-4-5", "messages-chat");
    const { gw } = await loopback({ group: "cc" });
    const stream = await gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: hello.messages,
      stream: true,
    });
    const { usage } = await stream.finalMessage();
    const cost = stream.cost();
    expect(cost?.total).toBeCloseTo((usage.input_tokens * 4 + usage.output_tokens * 20) / 1e6, 8);
    expect(gw.costs.calls).toBe(1);
    expect(gw.costs.total).toBe(cost?.total);
    // snapshot() carries it too, and the final message stays the wire's shape.
    expect(stream.snapshot().cost).toEqual(cost);
    expect(await stream.finalMessage()).not.toHaveProperty("cost");
  });

  it("a plain client's stream: cost() is null, naming `await stream.finalCost()`, which prices it by the gateway's prices", async () => {
    const { gw } = await loopback();
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    const { usage } = await stream.finalCompletion();
    expect(stream.cost()).toBeNull();
    expect(stream.snapshot()).toMatchObject({
      cost: null,
      costReason: expect.stringMatching(/not loaded the gateway's prices.*`await stream\.finalCost\(\)`/),
    });
    expect(stream.snapshot().costReason).not.toMatch(/models\.register/);
    const cost = await stream.finalCost();
    expect(cost).toMatchObject({ source: "gateway", currency: "CNY", model: "gpt-4o-mini" });
    expect(cost?.total).toBeCloseTo((usage!.prompt_tokens * 1.75 + usage!.completion_tokens * 14) / 1e6, 8);
    // Once the client has the gateway's prices, the synchronous read gives the same figure.
    expect(stream.cost()).toEqual(cost);
    expect(gw.costs.toJSON()).toMatchObject({ calls: 1, unpriced: 0, total: cost?.total });
  });

  it("a video task's succeeded snapshot carries its submission's cost; one rebuilt from its handle says why not", async () => {
    const { gw } = await loopback();
    const task = await gw.videos.create({ model: "vidA-2.5", prompt: "a cat", duration: 5 });
    // A snapshot prices by what the client has: nothing yet, and its reason says what does.
    const before = await task.wait({ interval: 1 });
    expect(before).toMatchObject({ status: "succeeded", cost: null });
    expect(before.costReason).toMatch(/`await gw\.prices\.load\(\)`/);
    await gw.prices.load();
    const done = await task.wait({ interval: 1 });
    expect(done.status).toBe("succeeded");
    expect(done.cost?.total).toBeCloseTo(5.5, 8);
    expect((await gw.tasks.wait(task, { interval: 1 })).cost?.total).toBeCloseTo(5.5, 8);
    for (const resumed of [
      await gw.tasks.wait(JSON.stringify(task), { interval: 1 }),
      await gw.tasks.get(task.toJSON()).wait({ interval: 1 }),
      await gw.tasks.retrieve(task.toJSON()),
    ]) {
      expect(resumed.cost).toBeNull();
      expect(resumed.costReason).toMatch(/rebuilt from its \{ kind, id \} handle/);
    }
    // Billed once, at submission: waiting adds nothing.
    expect(gw.costs.calls).toBe(1);
  });
});
