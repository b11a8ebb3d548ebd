import { afterEach, describe, expect, it } from "vitest";
import { isGenwayError } from "../../src/core/errors/errors.js";
import {
  BUILTIN_MODELS,
  type EstimateCostParams,
  estimateCost,
  FAMILY_IDS,
  findModelFamily,
  models,
  normalizeUsage,
  PRICE_CATALOG,
  PricingError,
  registerModel,
} from "../../src/money/index.js";

// 1M prompt + 1M completion tokens, in the OpenAI chat shape.
const M = { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 };

/** [family, group, params, expected total, expected line amounts] — every row x group of the spec table. */
const ROWS: [string, string, Partial<EstimateCostParams>, number, number[]][] = [
  ["messages-chat", "cc", { usage: M }, 24, [4, 20]],
  ["messages-chat", "cc-premium", { usage: M }, 60, [10, 50]],
  ["messages-chat", "official-tier", { usage: M }, 150, [25, 125]],
  ["messages-chat", "list-price-tier", { usage: M }, 240, [40, 200]],
  ["messages-chat", "default", { usage: M }, 30, [5, 25]],
  ["messages-chat", "origin", { usage: M }, 219, [36.5, 182.5]],
  ["thinking-multimodal", "tier-t3", { usage: M }, 18, [3, 15]],
  ["thinking-multimodal", "premium-tier", { usage: M }, 9, [1.5, 7.5]],
  ["thinking-multimodal", "origin", { usage: M }, 32.85, [5.475, 27.375]],
  ["chat-image", "default", { usage: M }, 0.144, [0.072, 0.072]],
  ["coding-chat", "AZ-premium", { usage: M }, 23.625, [2.625, 21]],
  ["coding-chat", "default", { usage: M }, 15.75, [1.75, 14]],
  ["coding-chat", "official-premium", { usage: M }, 63, [7, 56]],
  ["coding-chat", "origin", { usage: M }, 114.975, [12.775, 102.2]],
  ["coding-chat", "ssvip", { usage: M }, 47.25, [5.25, 42]],
  ["coding-chat", "svip", { usage: M }, 15.75, [1.75, 14]],
  ["open-chat-57b", "default", { usage: M }, 10.5, [3.5, 7]],
  ["open-chat-57b", "domestic-special", { usage: M }, 7.35, [2.45, 4.9]],
  ["open-chat-7b", "default", { usage: M }, 2, [1, 1]],
  ["open-chat-7b", "domestic-special", { usage: M }, 1.4, [0.7, 0.7]],
  ["chat-f", "default", { usage: M }, 21, [4.2, 16.8]],
  ["chat-f", "domestic-special", { usage: M }, 14.7, [2.94, 11.76]],
  ["chat-g", "default", { requests: 1000 }, 2, [2]],
  ["chat-g", "vvip", { requests: 1 }, 0.002, [0.002]],
  ["video-analysis-chat", "premium-tier", { usage: M }, 1, [0.2, 0.8]],
  ["image-h", "official-premium", { images: 2 }, 8, [8]],
  ["image-h", "origin", { images: 2 }, 14.6, [14.6]],
  ["image-h", "ssvip", { images: 2 }, 6, [6]],
  ["image-i", "default", { requests: 2 }, 0.3, [0.3]],
  ["nano-banana", "tier-t3", { requests: 1 }, 0.4, [0.4]],
  ["nano-banana", "premium-tier", { requests: 1 }, 0.2, [0.2]],
  ["nano-banana", "origin", { requests: 3 }, 2.19, [2.19]],
  ["vidA", "default", { seconds: 10 }, 11, [11]],
  ["vidA", "sd-global", { seconds: 5 }, 5.5, [5.5]],
  ["vidB", "backup-1", { requests: 1 }, 7, [7]],
  ["vidgen", "default", { requests: 10 }, 0.001, [0.001]],
  ["vidgen", "domestic-special-2", { requests: 10 }, 0.0008, [0.0008]],
  ["speech", "default", { characters: 4096 }, 1.4336, [1.4336]],
];

describe("price table: one case per family and group", () => {
  it.each(ROWS)("%s / %s", (family, group, params, total, amounts) => {
    const r = estimateCost({ family, group, ...params });
    expect(r.total).toBe(total);
    expect(r.currency).toBe("CNY");
    expect(r).toMatchObject({ family, group });
    expect(r.lines.map((l) => l.amount)).toEqual(amounts);
  });

  it("covers every family and group of the catalog, and nothing else", () => {
    const catalog = FAMILY_IDS.flatMap((f) => Object.keys(PRICE_CATALOG[f].groups).map((g) => `${f}/${g}`));
    expect(ROWS.map(([f, g]) => `${f}/${g}`).sort()).toEqual(catalog.sort());
    expect(FAMILY_IDS).toHaveLength(16);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(PRICE_CATALOG)).toBe(true);
    expect(Object.isFrozen(PRICE_CATALOG.vidB.groups)).toBe(true);
    expect(Object.isFrozen(BUILTIN_MODELS)).toBe(true);
  });
});

describe("token usage shapes and cache", () => {
  it("lines carry quantity, unit price and unit", () => {
    const r = estimateCost({ family: "messages-chat", group: "cc", usage: M });
    expect(r.lines).toEqual([
      { item: "prompt", quantity: 1_000_000, unitPrice: 4, unit: "1M tokens", amount: 4 },
      { item: "completion", quantity: 1_000_000, unitPrice: 20, unit: "1M tokens", amount: 20 },
    ]);
  });

  it("Anthropic: cache reads and writes are not in input_tokens, so nothing is subtracted", () => {
    const usage = {
      input_tokens: 1_000_000,
      output_tokens: 0,
      cache_read_input_tokens: 1_000_000,
      cache_creation_input_tokens: 1_000_000,
    };
    const r = estimateCost({ family: "messages-chat", group: "cc", usage });
    expect(r.total).toBe(9.4); // 4 + 0 + 0.4 + 5
    expect(r.lines.map((l) => [l.item, l.amount])).toEqual([
      ["prompt", 4],
      ["completion", 0],
      ["cacheHit", 0.4],
      ["cacheWrite", 5],
    ]);
  });

  it("Anthropic: small counts at the default group", () => {
    const usage = {
      input_tokens: 1000,
      output_tokens: 500,
      cache_read_input_tokens: 2000,
      cache_creation_input_tokens: 3000,
    };
    // 0.005 + 0.0125 + 0.001 + 0.01875
    expect(estimateCost({ family: "messages-chat", usage }).total).toBe(0.03725);
  });

  it("OpenAI chat: cached_tokens are taken out of prompt_tokens", () => {
    const usage = {
      prompt_tokens: 1_000_000,
      completion_tokens: 100_000,
      prompt_tokens_details: { cached_tokens: 400_000 },
    };
    const r = estimateCost({ family: "coding-chat", usage });
    expect(r.lines.map((l) => [l.item, l.quantity, l.amount])).toEqual([
      ["prompt", 600_000, 1.05],
      ["completion", 100_000, 1.4],
      ["cacheHit", 400_000, 0.07],
    ]);
    expect(r.total).toBe(2.52);
  });

  it("Responses: input_tokens_details.cached_tokens are taken out of input_tokens", () => {
    const usage = {
      input_tokens: 2_000_000,
      output_tokens: 500_000,
      input_tokens_details: { cached_tokens: 1_000_000 },
      output_tokens_details: { reasoning_tokens: 200_000 },
    };
    expect(estimateCost({ family: "coding-chat", usage }).total).toBe(8.925); // 1.75 + 7 + 0.175
  });

  it("native: thoughts are completion, cached content is taken out of the prompt", () => {
    const usage = {
      promptTokenCount: 1_000_000,
      candidatesTokenCount: 300_000,
      thoughtsTokenCount: 700_000,
      cachedContentTokenCount: 200_000,
      totalTokenCount: 2_000_000,
    };
    const r = estimateCost({ family: "thinking-multimodal", group: "tier-t3", usage });
    expect(r.total).toBe(17.46); // 800k x 3 + 1M x 15 + 200k x 0.3
    expect(normalizeUsage(usage)).toEqual({
      prompt: 800_000,
      completion: 1_000_000,
      cacheHit: 200_000,
      cacheWrite: 0,
    });
  });

  it("a family without a cache-hit price charges cached tokens at the prompt price", () => {
    const usage = {
      prompt_tokens: 1_000_000,
      completion_tokens: 0,
      prompt_tokens_details: { cached_tokens: 500_000 },
    };
    const r = estimateCost({ family: "chat-f", usage });
    expect(r.total).toBe(4.2);
    expect(r.lines[2]).toMatchObject({ item: "cacheHit", quantity: 500_000, unitPrice: 4.2, amount: 2.1 });
    expect(r.lines[2]?.note).toMatch(/prompt price/);
  });

  it("a family without a cache-write price charges cache writes at the prompt price", () => {
    const usage = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 1_000_000 };
    const r = estimateCost({ family: "coding-chat", usage });
    expect(r.total).toBe(1.75);
    expect(r.lines[2]).toMatchObject({ item: "cacheWrite", unitPrice: 1.75, amount: 1.75 });
  });

  it("accepts pre-split counts and null fields from SDK types", () => {
    expect(
      estimateCost({ family: "messages-chat", usage: { prompt: 0, completion: 0, cacheHit: 1_000_000 } })
        .total,
    ).toBe(0.5);
    const usage = { input_tokens: 1_000_000, output_tokens: 0, cache_read_input_tokens: null };
    expect(estimateCost({ family: "messages-chat", usage }).total).toBe(5);
  });

  it("rounds away floating noise to 1e-8 CNY", () => {
    expect(12.775 + 102.2).not.toBe(114.975);
    expect(estimateCost({ family: "coding-chat", group: "origin", usage: M }).total).toBe(114.975);
    const r = estimateCost({ family: "chat-image", usage: { prompt_tokens: 1234, completion_tokens: 0 } });
    expect(r.total).toBe(0.00008885); // 0.000088848
  });
});

describe("model ids", () => {
  it.each([
    [{ model: "tts-1-hd", characters: 20_000 }, "speech", 7],
    [{ model: "tts-1", characters: 10_000 }, "speech", 3.5],
    [{ model: "vidA-2.5", seconds: 10 }, "vidA", 11],
    [{ model: "vidA-1-0-pro-250528", duration: "5" }, "vidA", 5.5],
    [{ model: "VIDA-2.0-mini", duration: 10, group: "sd-global" }, "vidA", 11],
    [{ model: "vidB3", group: "backup-1" }, "vidB", 7],
    [{ model: "vidB3.1-pro", group: "backup-1", requests: 2 }, "vidB", 14],
    [{ model: "nano-banana", group: "premium-tier" }, "nano-banana", 0.2],
    [{ model: "nano-banana-hd", group: "tier-t3" }, "nano-banana", 0.4],
    [{ model: "vidgen-v1-6" }, "vidgen", 0.0001],
    [{ model: "vidgen-v2", requests: 5, group: "domestic-special-2" }, "vidgen", 0.0004],
    [{ model: "vidgen" }, "vidgen", 0.0001],
    [{ model: "kling-v1" }, "vidgen", 0.0001],
  ] as [EstimateCostParams, string, number][])("%o -> %s", (params, family, total) => {
    const r = estimateCost(params);
    expect(r).toMatchObject({ family, total, model: params.model });
  });

  it("an explicit family wins over the model id, which is kept in the result", () => {
    const r = estimateCost({ model: "gpt-4o-mini", family: "coding-chat", usage: M });
    expect(r).toMatchObject({ model: "gpt-4o-mini", family: "coding-chat", total: 15.75 });
  });

  it("matches groups case-insensitively and reports the catalog spelling", () => {
    expect(estimateCost({ family: "coding-chat", group: "az-premium", usage: M }).group).toBe("AZ-premium");
  });
});

describe("custom mappings", () => {
  const undo: (() => void)[] = [];
  afterEach(() => {
    for (const u of undo.splice(0)) u();
  });

  it("per-call models map: exact ids and prefixes", () => {
    const models = { "my-model": "coding-chat", "acme-*": "open-chat-7b" };
    expect(estimateCost({ model: "my-model", models, usage: M }).total).toBe(15.75);
    expect(estimateCost({ model: "acme-large", models, usage: M }).family).toBe("open-chat-7b");
  });

  it("per-call map beats registrations, which beat built-ins; longer prefixes win", () => {
    undo.push(registerModel("tts-1", "chat-g"));
    expect(findModelFamily("tts-1")).toBe("chat-g");
    expect(findModelFamily("tts-1", { "tts-*": "image-i" })).toBe("image-i");
    undo.push(registerModel("house-*", "chat-f"), registerModel("house-mini-*", "open-chat-7b"));
    expect(findModelFamily("house-mini-2")).toBe("open-chat-7b");
    expect(findModelFamily("house-max")).toBe("chat-f");
  });

  it("registerModel returns an undo function", () => {
    const off = registerModel("temp-model", "chat-g");
    expect(estimateCost({ model: "temp-model" }).total).toBe(0.002);
    off();
    expect(() => estimateCost({ model: "temp-model" })).toThrow(/Unknown model "temp-model"/);
  });
});

describe("the model catalog (models)", () => {
  it("places the spec's ids and placeholders, and leaves real ids it cannot know unplaced", () => {
    expect(models.family("vidA-2.5")).toBe("vidA");
    expect(models.family("vidB3-fast")).toBe("vidB");
    expect(models.family("imgA-pro")).toBe("imgA");
    expect(models.family("IMGB-seasonal")).toBe("imgB");
    expect(models.family("nano-banana-hd")).toBe("nano-banana");
    expect(models.family("kling-v2-master")).toBe("vidgen");
    for (const id of ["veo3", "dall-e-3", "flux-kontext-pro", "doubao-seedance-1-0-pro-250528"]) {
      expect(models.family(id)).toBeUndefined();
    }
  });

  it("register places a real id in a spec family, for pricing and rules alike, and undoes", () => {
    const off = models.register("doubao-seedance-*", "vidA");
    try {
      expect(models.family("doubao-seedance-1-0-pro-250528")).toBe("vidA");
      expect(estimateCost({ model: "doubao-seedance-1-0-pro-250528", seconds: 5 }).total).toBeCloseTo(5.5);
    } finally {
      off();
    }
    expect(models.family("doubao-seedance-1-0-pro-250528")).toBeUndefined();
  });

  it("accepts the rule-only image families, and says they have no price row", () => {
    const off = models.register("flux-*", "imgA");
    try {
      expect(models.family("flux-dev")).toBe("imgA");
      expect(() => estimateCost({ model: "flux-dev", images: 1 })).toThrow(
        /"flux-dev" is in the image family imgA, which has no row of its own/,
      );
    } finally {
      off();
    }
  });
});

describe("errors", () => {
  const fails = (params: EstimateCostParams, reason: string, message: RegExp) => {
    let caught: unknown;
    try {
      estimateCost(params);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PricingError);
    expect(isGenwayError(caught)).toBe(true);
    expect(caught).toMatchObject({ name: "PricingError", reason });
    expect((caught as Error).message).toMatch(message);
    return caught as PricingError;
  };

  it("unknown model id", () => {
    fails({ model: "gpt-4o-mini", usage: M }, "unknown_model", /Unknown model "gpt-4o-mini".*family/);
  });

  it("unknown family, listing the known ones", () => {
    const e = fails({ family: "gpt", usage: M }, "unknown_family", /Unknown price family "gpt".*coding-chat/);
    expect(e.available).toEqual(FAMILY_IDS);
  });

  it("a model mapped to an unknown family", () => {
    fails({ model: "x", models: { x: "nope" }, usage: M }, "unknown_family", /"nope"/);
    expect(() => registerModel("y", "nope")).toThrow(PricingError);
  });

  it("a group the family lacks, listing the groups it has (no silent fallback to default)", () => {
    const e = fails(
      { model: "vidB3" },
      "unknown_group",
      /"vidB" has no group "default". Its groups: backup-1/,
    );
    expect(e.available).toEqual(["backup-1"]);
    fails({ family: "coding-chat", group: "vip", usage: M }, "unknown_group", /AZ-premium, default.*svip/);
  });

  it("neither model nor family", () => {
    fails({ usage: M }, "missing_model", /model.*family/);
  });

  it("missing quantity for the unit", () => {
    fails({ model: "tts-1" }, "missing_quantity", /per 10,000 characters; pass `characters`/);
    fails({ family: "coding-chat" }, "missing_quantity", /pass `usage`/);
    fails({ family: "image-h", group: "ssvip" }, "missing_quantity", /per image; pass `images`/);
    fails({ model: "vidA-2.5" }, "missing_quantity", /per second; pass `seconds`/);
  });

  it("invalid quantities and usage", () => {
    fails({ model: "tts-1", characters: -1 }, "invalid_quantity", /characters must be/);
    fails({ model: "vidA-2.5", duration: "ten" }, "invalid_quantity", /seconds must be/);
    fails({ family: "chat-g", requests: Number.NaN }, "invalid_quantity", /requests must be/);
    fails(
      { family: "chat-f", usage: { tokens: 5 } as never },
      "invalid_quantity",
      /Unrecognised usage.*tokens/,
    );
    fails({ family: "chat-f", usage: null as never }, "invalid_quantity", /usage must be an object/);
    const usage = { prompt_tokens: 10, completion_tokens: 0, prompt_tokens_details: { cached_tokens: 20 } };
    fails({ family: "chat-f", usage }, "invalid_quantity", /exceeds the prompt/);
  });
});
