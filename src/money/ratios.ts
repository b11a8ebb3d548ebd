/**
 * How the relay scales a per-request price by the request's own fields (new-api 116255f07). A price
 * per request (`quota_type` 1: `model_price`) is the base; the relay multiplies it by ratios it
 * reads from the request, and bills the product:
 * - task adaptors: relay/relay_task.go RelayTaskSubmit multiplies the quota by the OtherRatios the
 *   channel's EstimateBilling reads from the submission (relay/channel/task/gemini/adaptor.go and
 *   vertex/adaptor.go: the seconds and a resolution ratio of a veo video, gemini/billing.go
 *   ResolveVeoDuration, ResolveVeoResolution, VeoResolutionRatio; sora/adaptor.go: the seconds and
 *   a size ratio). Channels whose adaptor sets none (kling, jimeng, vidu, hailuo:
 *   taskcommon.BaseBilling) bill the price once per request.
 * - images: relay/helper/price.go ModelPriceHelper multiplies model_price by the image's size and
 *   quality ratio (relaykit/dto/openai_image.go GetTokenCountMeta: ImagePriceRatio) and by the
 *   image count, the "n" ratio (relay/channel/openai/relay_image.go).
 *
 * /api/pricing does not say which channel serves a model, so a rule goes by the id, as the
 * adaptors' model lists name them (veo-3.x ids, sora-2 ids, dall-e ids). An id no rule names is
 * billed per request, or per the unit of the family the catalog places it in (vidA: per second of
 * the duration asked, as the spec bills it; an image family: per image).
 */
import { videosLimits } from "../limits.js";
import { type FamilyId, PRICE_CATALOG } from "./catalog.js";
import { findModelFamily, type ModelFamilyMap } from "./models.js";
import { type FlatRate, type Quantities, type Rate, scaled } from "./rates.js";

/** A request's quantities and fields, with the model it names (and the caller's own catalog rules). */
type Asked = Quantities & { model?: string | undefined; models?: ModelFamilyMap | undefined };

/** A ratio the relay multiplies a price by, and what in the request set it ("resolution 4k"). */
interface Ratio {
  readonly why: string;
  readonly value: number;
}

/** What one request bills at a per-request price, read from its fields. */
interface Scaling {
  /** The unit the price is counted in: each second, each image, or the request. */
  unit: "second" | "image" | "request";
  /** The seconds each request bills, for a price per second; undefined: the request says none. */
  seconds?: number | undefined;
  /** Said on the line when the seconds are the relay's default rather than the request's. */
  defaulted?: string | undefined;
  /** The images a request that names no count bills (the relay's default `n`). */
  images?: number | undefined;
  ratios: Ratio[];
}

/** How the relay bills one model's per-request price, from the request's fields. */
interface Rule {
  /** Whether the rule is the relay's for `model` (its channel's model list, or new-api's own test on the id). */
  serves(model: string): boolean;
  scale(model: string, q: Quantities): Scaling;
}

/** new-api's cap on a task's seconds where it uses them as a ratio (relay/common/relay_utils.go MaxTaskDurationSeconds). */
const MAX_TASK_SECONDS = 3600;

/** Go's strconv.Atoi of a value: an integer from a number or a string of digits; 0 when it is not one. */
function atoi(value: unknown): number {
  if (typeof value === "number") return Number.isInteger(value) ? value : 0;
  return typeof value === "string" && /^[+-]?\d+$/.test(value) ? Number(value) : 0;
}

/** A `WxH` size's longer side, 0 when it is no `WxH` (gemini/billing.go SizeToVeoResolution). */
function longestSide(size: string): number {
  const at = size.toLowerCase().indexOf("x");
  return at < 0 ? 0 : Math.max(atoi(size.slice(0, at)), atoi(size.slice(at + 1)));
}

/**
 * Veo on new-api's gemini and vertex channels: seconds from `metadata.durationSeconds`, else
 * `duration`, else `seconds`, else 8, at most 3600 (ResolveVeoDuration); at 4K a ratio of 1.5, or
 * 2.333333 for a 3.1 fast model (VeoResolutionRatio), the resolution read from `metadata.resolution`,
 * else from `size`, else 720p (ResolveVeoResolution).
 */
const VEO: Rule = {
  serves: (model) => model.toLowerCase().startsWith("veo"),
  scale(model, q) {
    const metadata = typeof q.metadata === "object" && q.metadata !== null ? q.metadata : undefined;
    let seconds: number | undefined;
    // A field set to undefined is not sent (JSON leaves it out), so the relay reads the next one.
    if (metadata?.durationSeconds !== undefined) {
      const given = metadata.durationSeconds;
      seconds = typeof given === "number" && Math.trunc(given) > 0 ? Math.trunc(given) : 8;
    } else if (atoi(q.duration) > 0) seconds = atoi(q.duration);
    else if (atoi(q.seconds) > 0) seconds = atoi(q.seconds);
    const defaulted = seconds === undefined ? "8 s, its default length for veo" : undefined;
    let resolution = "720p";
    if (metadata?.resolution !== undefined) {
      const given = metadata.resolution;
      if (typeof given === "string" && given !== "") resolution = given.toLowerCase();
    } else if (typeof q.size === "string" && q.size !== "") {
      const side = longestSide(q.size);
      resolution = side >= 3840 ? "4k" : side >= 1920 ? "1080p" : "720p";
    }
    const ratio =
      resolution !== "4k"
        ? 1
        : model.includes("3.1-fast-generate")
          ? 2.333333
          : model.includes("3.1")
            ? 1.5
            : 1;
    return {
      unit: "second",
      seconds: Math.min(seconds ?? 8, MAX_TASK_SECONDS),
      defaulted,
      ratios: ratio === 1 ? [] : [{ why: `resolution ${resolution}`, value: ratio }],
    };
  },
};

/**
 * Sora on new-api's sora channel (sora/adaptor.go EstimateBilling): seconds from `seconds`, else
 * `duration`, else 4; 1792x1024 and 1024x1792 at a size ratio of 1.666667.
 */
const SORA: Rule = {
  serves: (model) => model.toLowerCase().startsWith("sora-2"),
  scale(_model, q) {
    const seconds = atoi(q.seconds) || atoi(q.duration);
    const wide = q.size === "1792x1024" || q.size === "1024x1792";
    return {
      unit: "second",
      seconds: seconds > 0 ? seconds : 4,
      defaulted: seconds > 0 ? undefined : "4 s, its default length for sora",
      ratios: wide ? [{ why: `size ${q.size}`, value: 1.666667 }] : [],
    };
  },
};

/** dall-e's size ratios (openai_image.go GetTokenCountMeta); any other size is 1. */
const DALLE_SIZES: ReadonlyMap<unknown, number> = new Map([
  ["256x256", 0.4],
  ["512x512", 0.45],
  ["1024x1024", 1],
  ["1024x1792", 2],
  ["1792x1024", 2],
]);

/**
 * dall-e images (GetTokenCountMeta, which tests the id as written: a prefix "dall-e", and exactly
 * "dall-e-3" for quality): the size's ratio, and for dall-e-3 at quality hd 2, or 1.5 when wide.
 */
const DALLE: Rule = {
  serves: (model) => model.startsWith("dall-e"),
  scale(model, q) {
    const ratios: Ratio[] = [];
    const size = DALLE_SIZES.get(q.size);
    if (size !== undefined && size !== 1) ratios.push({ why: `size ${q.size}`, value: size });
    if (model === "dall-e-3" && q.quality === "hd") {
      const wide = q.size === "1024x1792" || q.size === "1792x1024";
      ratios.push({ why: "quality hd", value: wide ? 1.5 : 2 });
    }
    // new-api bills an `n` the request leaves out as 1 (GetTokenCountMeta): one image a request.
    return { unit: "image", images: q.images ?? q.requests ?? 1, ratios };
  },
};

const RULES: readonly Rule[] = [VEO, SORA, DALLE];

/** The longest video a price per second is reserved for when the request gives no length: vidA's. */
const LONGEST_SECONDS = Math.max(...videosLimits.vidA.duration.oneOf);

/**
 * A price counted per second of the length the request asks (`seconds`, else `duration`), as the
 * spec bills vidA: no default, so a request without one has no price, but its worst case is the
 * longest video.
 */
function askedSeconds(q: Quantities, worstCase: boolean): Scaling {
  const given = q.seconds ?? q.duration;
  const seconds = typeof given === "string" ? Number(given) : given;
  return { unit: "second", seconds: seconds ?? (worstCase ? LONGEST_SECONDS : undefined), ratios: [] };
}

/** How a model without a rule is billed per request: by its family's unit, else per image of an image request. */
function byFamily(q: Asked, worstCase: boolean): Scaling {
  const family = q.model === undefined ? undefined : findModelFamily(q.model, q.models);
  const unit = family && family in PRICE_CATALOG ? PRICE_CATALOG[family as FamilyId].unit : undefined;
  if (unit === "second") return askedSeconds(q, worstCase);
  const images = unit === "image" || (q.images !== undefined && q.images !== null);
  return { unit: images ? "image" : "request", ratios: [] };
}

/**
 * What a request bills at `rate`: the rate and the quantities to count, and a note saying how the
 * relay scaled it. A price per request of the gateway's (`perRequest`: new-api's model_price) is
 * scaled as the relay scales it (the rules above); a price per second of any source counts the
 * seconds the request asks for (the longest, in a worst case without them); any other is as it is.
 */
export function billedAt(
  rate: Rate,
  q: Asked,
  perRequest: boolean,
  worstCase: boolean,
): { rate: Rate; q: Quantities; note?: string } {
  if (rate.unit === "token") return { rate, q };
  let scaling: Scaling;
  if (perRequest) {
    const model = q.model ?? "";
    const rule = RULES.find((r) => r.serves(model));
    scaling = rule ? rule.scale(model, q) : byFamily(q, worstCase);
  } else if (rate.unit === "second") scaling = askedSeconds(q, worstCase);
  else return { rate, q };
  const ratio = scaling.ratios.reduce((product, r) => product * r.value, 1);
  const billed: Quantities = { ...q };
  if (scaling.seconds !== undefined) billed.seconds = scaling.seconds * (q.requests ?? 1);
  if (scaling.images !== undefined) billed.images = scaling.images;
  const notes = scaling.ratios.map((r) => `x ${r.value} for ${r.why}`);
  if (scaling.defaulted !== undefined) notes.unshift(scaling.defaulted);
  const price = ratio === 1 ? rate.price : (scaled(rate, ratio) as FlatRate).price;
  const result = { rate: { unit: scaling.unit, per: 1, price } satisfies FlatRate, q: billed };
  return notes.length === 0 ? result : { ...result, note: `as the relay bills it: ${notes.join("; ")}` };
}
