/**
 * Rates: what one unit of a model or family costs, and the lines a call's quantities make at a rate.
 * Every price source speaks this shape (the spec's table, the gateway's /api/pricing, a table of
 * yours), so one piece of code turns quantities into lines for all of them.
 *
 * Never a silent zero: a missing quantity or an unreadable usage object throws PricingError.
 * Amounts and the total are rounded to 1e-8 so that 4 + 20 is 24 and not 24.000000000000004; the
 * total is rounded once, from unrounded line amounts.
 */
import type { CostItem, CostLine } from "../core/http/cost.js";
import { count, normalizeUsage, type TokenUsage } from "../core/http/usage.js";
import { PricingError, type TokenPrices } from "./catalog.js";

/** Billed per 1M tokens: prompt / completion and, where known, cache hits and cache writes. */
export interface TokenRate extends TokenPrices {
  readonly unit: "token";
}

/** Billed per request, per image, per second of video or per 10,000 characters. */
export interface FlatRate {
  readonly unit: "request" | "image" | "second" | "character";
  /** Units the price is for: 1, or 10,000 characters. */
  readonly per: 1 | 10_000;
  readonly price: number;
}

/** What one unit costs, in the currency of the prices it came from. */
export type Rate = TokenRate | FlatRate;

/** @inline */
type Count = number | null | undefined;

/**
 * The quantities a call bills: token usage for token rates, a count for the others; and the fields
 * of the request the relay scales a per-request price by (a video's seconds and resolution, an
 * image's size and quality), named and written as the request sends them.
 */
export interface Quantities {
  /** Token usage in any wire format's shape (token-billed families). */
  usage?: TokenUsage | undefined;
  /** Per-request rates. Defaults to 1: one call is the natural unit of a per-request price. */
  requests?: Count;
  /** Per-image rates: the images asked for (`n`) or answered. */
  images?: Count;
  /**
   * The seconds of video each request asks for: per-second rates (vidA) count them, and the relay
   * multiplies a veo or sora price by them. A string of digits ("8", as OpenAI's video API sends it) is read as its number.
   */
  seconds?: number | string | null | undefined;
  /** The video's length as the request's `duration` field gives it; read where `seconds` is not given. */
  duration?: number | string | null | undefined;
  /** The request's `size` ("1792x1024"): dall-e's price scales by it, sora's and veo's by the size of the video. */
  size?: string | undefined;
  /** The request's `quality` ("hd"): dall-e-3's price scales by it. */
  quality?: string | undefined;
  /** The request's `metadata` (new-api's): a veo video's `durationSeconds` and `resolution` ("4k") are read here. */
  metadata?: { durationSeconds?: unknown; resolution?: unknown } | undefined;
  /** Per-10,000-character rates (speech): characters of input. */
  characters?: Count;
}

const round = (x: number): number => Math.round(x * 1e8) / 1e8;

/** How a rate bills, as its errors say it ("per 1M tokens", "per second", "per 10,000 characters"). */
function billedBy(rate: Rate): string {
  if (rate.unit === "token") return "per 1M tokens";
  return rate.per === 10_000 ? "per 10,000 characters" : `per ${rate.unit}`;
}

function line(item: CostItem, quantity: number, unitPrice: number, unit: string, per: number): CostLine {
  return { item, quantity, unitPrice, unit, amount: (quantity / per) * unitPrice };
}

/** A speech call reports characters, not tokens: a token rate reads them as prompt tokens. */
const CHARACTERS_AS_TOKENS =
  "speech input priced as one prompt token per character (the gateway counts the input's tokens)";

function tokenLines(rate: TokenRate, q: Quantities, subject: string): CostLine[] {
  let usage = q.usage;
  let note: string | undefined;
  if (usage === undefined && q.characters !== undefined && q.characters !== null) {
    usage = { prompt: count(q.characters, "characters"), completion: 0 };
    note = CHARACTERS_AS_TOKENS;
  }
  if (usage === undefined) {
    throw new PricingError("missing_quantity", `${subject} is billed per 1M tokens; pass \`usage\`.`);
  }
  const t = normalizeUsage(usage);
  const prompt = line("prompt", t.prompt, rate.prompt, "1M tokens", 1_000_000);
  if (note !== undefined) prompt.note = note;
  const lines = [prompt, line("completion", t.completion, rate.completion, "1M tokens", 1_000_000)];
  // A rate without a cache price charges those tokens as prompt: they were still read as input.
  const cache = (item: CostItem, n: number, price: number | undefined) => {
    if (n === 0) return;
    const l = line(item, n, price ?? rate.prompt, "1M tokens", 1_000_000);
    if (price === undefined) l.note = "no cache price for this model; charged at the prompt price";
    lines.push(l);
  };
  cache("cacheHit", t.cacheHit, rate.cacheHit);
  cache("cacheWrite", t.cacheWrite, rate.cacheWrite);
  return lines;
}

function flatLine(rate: FlatRate, q: Quantities, subject: string): CostLine {
  const missing = (what: string): never => {
    throw new PricingError("missing_quantity", `${subject} is billed ${billedBy(rate)}; pass ${what}.`);
  };
  const unit = rate.unit === "character" ? "10,000 characters" : rate.unit;
  const at = (item: CostItem, quantity: number) => line(item, quantity, rate.price, unit, rate.per);
  switch (rate.unit) {
    case "request":
      return at("requests", count(q.requests ?? 1, "requests"));
    case "image":
      return at("images", count(q.images ?? missing("`images`"), "images"));
    case "second":
      return at("seconds", count(q.seconds ?? missing("`seconds` (or `duration`)"), "seconds"));
    default:
      return at("characters", count(q.characters ?? missing("`characters`"), "characters"));
  }
}

/**
 * The lines `q` makes at `rate`, with the total rounded once; `subject` names whose rate it is in
 * errors (`Price family "vidA"`, `Model "veo3"`). Quantities the rate's unit does not use are
 * ignored (a per-request price does not care about seconds).
 */
export function linesAt(rate: Rate, q: Quantities, subject: string): { total: number; lines: CostLine[] } {
  const lines = rate.unit === "token" ? tokenLines(rate, q, subject) : [flatLine(rate, q, subject)];
  const total = round(lines.reduce((sum, l) => sum + l.amount, 0));
  for (const l of lines) l.amount = round(l.amount);
  return { total, lines };
}

/**
 * A price computed from ratios (0.11986 x 2 x 7.3), kept to 12 significant digits: 4, not
 * 3.9999999999999996. Every price of the table it reproduces has far fewer.
 */
const clean = (x: number): number => Number(x.toPrecision(12));

/** The rate times `factor` (another currency, a group's ratio), each price kept clean. */
export function scaled(rate: Rate, factor: number): Rate {
  if (rate.unit !== "token") return { ...rate, price: clean(rate.price * factor) };
  const out: { -readonly [K in keyof TokenRate]: TokenRate[K] } = {
    unit: "token",
    prompt: clean(rate.prompt * factor),
    completion: clean(rate.completion * factor),
  };
  if (rate.cacheHit !== undefined) out.cacheHit = clean(rate.cacheHit * factor);
  if (rate.cacheWrite !== undefined) out.cacheWrite = clean(rate.cacheWrite * factor);
  return out;
}

/**
 * A worst case's token counts with its prompt moved to the dearest input price of the rate: an
 * answer may report those tokens as cache writes (Messages default: 6.25 CNY per 1M against a
 * prompt price of 5), and a budget must hold whatever the answer reports.
 */
export function atDearestInput(
  rate: Rate,
  usage: { prompt: number; completion: number } | undefined,
): TokenUsage | undefined {
  // No usage (a worst case of a call the family counts in other units): the line then asks for it.
  if (rate.unit !== "token" || usage === undefined) return usage;
  const dearest = (["cacheWrite", "cacheHit"] as const).find(
    (item) => (rate[item] ?? 0) > rate.prompt && (rate[item] ?? 0) >= (rate.cacheWrite ?? 0),
  );
  return dearest ? { prompt: 0, completion: usage.completion, [dearest]: usage.prompt } : usage;
}
