import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isGenwayError, ValidationError } from "../../src/core/errors/errors.js";
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
import { FAMILIES } from "../../src/resources/families.js";
import { loopback, rejection } from "../support/index.js";

// 1M prompt + 1M completion tokens, in the OpenAI chat shape.
const M = { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 };

/**
 * The spec's price table as docs/pricing.md states it for users, row by row: the family id, its
 * unit and each group's prices (`cc` 4/20/0.4/5: prompt, completion, cache hit, cache write). The
 * catalog (src/money/catalog.ts) must price every row and group as the page says: a new price is the
 * catalog and the page, and this test holds the two together.
 */
function pageRows(): Array<{ family: string; unit: string; group: string; prices: number[] }> {
  const page = readFileSync(join(import.meta.dirname, "../../docs/pricing.md"), "utf8");
  const table = page.slice(page.indexOf("## The price table"));
  const rows: Array<{ family: string; unit: string; group: string; prices: number[] }> = [];
  for (const line of table.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const family = /^`([\w-]+)`$/.exec(cells[1] ?? "")?.[1];
    if (!family) continue;
    for (const [, group, prices] of cells[4]!.matchAll(/`([\w-]+)` ([\d./]+)/g)) {
      rows.push({ family, unit: cells[3]!, group: group!, prices: prices!.split("/").map(Number) });
    }
  }
  return rows;
}

/** What a call of `unit` is estimated with here, and the amount of each line it gives at `prices`. */
function caseOf(unit: string, prices: number[]): [Partial<EstimateCostParams>, number[]] {
  const round = (amount: number) => Math.round(amount * 1e8) / 1e8;
  if (unit.startsWith("1M tokens")) {
    // One price for prompt and completion alike, or prompt / completion (cache prices unused by M).
    const [prompt, completion = prompt] = prices as [number, number?];
    return [{ usage: M }, [prompt, completion]];
  }
  const [price] = prices as [number];
  if (unit === "per request") return [{ requests: 3 }, [round(3 * price)]];
  if (unit === "per image") return [{ images: 2 }, [round(2 * price)]];
  if (unit === "per second") return [{ seconds: 10 }, [round(10 * price)]];
  if (unit === "per 10,000 characters") return [{ characters: 4096 }, [round(0.4096 * price)]];
  throw new Error(`docs/pricing.md: a unit this test cannot read: ${unit}`);
}

const ROWS = pageRows();

describe("price table: one case per family and group", () => {
  it.each(ROWS)("$family / $group", ({ family, group, unit, prices }) => {
    const [params, amounts] = caseOf(unit, prices);
    const r = estimateCost({ family, group, ...params });
    expect(r.lines.map((l) => l.amount)).toEqual(amounts);
    expect(r.total).toBe(Math.round(amounts.reduce((a, b) => a + b, 0) * 1e8) / 1e8);
    expect(r.currency).toBe("CNY");
    expect(r).toMatchObject({ family, group });
  });

  it("the page states every family and group of the catalog, and nothing else", () => {
    const catalog = FAMILY_IDS.flatMap((f) => Object.keys(PRICE_CATALOG[f].groups).map((g) => `${f}/${g}`));
    expect(ROWS.length).toBeGreaterThan(30);
    expect(ROWS.map(({ family, group }) => `${family}/${group}`).sort()).toEqual(catalog.sort());
  });

  it("every row of the catalog is the price row of one family of the manifest, and no family names another", () => {
    const claimed = Object.values(FAMILIES).flatMap((family) => family.prices);
    expect([...claimed].sort()).toEqual([...FAMILY_IDS].sort());
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

describe("review D10: estimateCost's arguments of the wrong type", () => {
  const validation = (call: () => unknown): ValidationError => {
    try {
      call();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return error as ValidationError;
    }
    throw new Error("expected a ValidationError, none was thrown");
  };

  it("review D10: an id, group, size or catalog map of the wrong type is a ValidationError naming the field, never a TypeError", () => {
    const cases: Array<[unknown, string]> = [
      [{ model: 5 }, "model"],
      [{ family: 5 }, "family"],
      [{ family: "coding-chat", group: 5, usage: M }, "group"],
      [{ model: "dall-e-3", size: 1792 }, "size"],
      [{ model: "dall-e-3", quality: true }, "quality"],
      [{ model: "veo3", metadata: 5 }, "metadata"],
      [{ model: "veo3", seconds: 10n }, "seconds"],
      [{ model: "veo3", duration: Symbol("8") }, "duration"],
      [{ model: "x", models: { x: 5 } }, "models.x"],
    ];
    for (const [params, path] of cases) {
      const error = validation(() => estimateCost(params as never));
      expect(
        error.issues.map((issue) => issue.path),
        path,
      ).toEqual([path]);
    }
  });

  it("review D10: gw.prices.estimate checks the same, before it loads any prices", async () => {
    const { gw, sent } = await loopback();
    const error = await rejection(gw.prices.estimate({ model: 5 } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map((issue: { path: string }) => issue.path)).toEqual(["model"]);
    expect(sent("/api/pricing")).toHaveLength(0);
  });

  it("review D10: prices that are neither gw.prices.load()'s nor a table are a ValidationError naming `prices`", () => {
    const params = { family: "coding-chat", usage: M };
    for (const prices of [null, 10n, 5, "gateway", [], { currency: "USD" }]) {
      const error = validation(() => estimateCost(params, prices as never));
      expect(error.issues).toEqual([expect.objectContaining({ path: "prices", rule: "invalid_type" })]);
      expect(error.message).toMatch(
        /^Invalid estimateCost request: prices: must be what gw\.prices\.load\(\) resolves to, or a price table/,
      );
    }
    const table = { currency: "USD", models: { x: { unit: "second" } } };
    expect(validation(() => estimateCost(params, table as never)).message).toMatch(
      /prices\.models\["x"\] must be/,
    );
  });
});
