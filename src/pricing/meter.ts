/** The price table as the client's Meter: units of a call -> its cost in the client's price group. */
import { GenwayError } from "../core/errors/index.js";
import type { Meter, Priced, Units } from "../core/money/index.js";
import { type FamilyId, getPriceFamily, PRICE_CATALOG, PricingError, resolveGroup } from "./catalog.js";
import { estimateCost } from "./estimate.js";
import { findModelFamily, resolveModelFamily, unknownModel } from "./models.js";

/**
 * A Meter pricing by the spec's table for `group`. A group no family of the table has is refused
 * at once (a typo would otherwise price every call as null); a call whose model the catalog cannot
 * place, or whose family has no price in the group, is priced `null` with the reason.
 */
export function priceTable(group: string): Meter {
  const wanted = group.toLowerCase();
  const known = Object.values(PRICE_CATALOG).some((family) =>
    Object.keys(family.groups).some((g) => g.toLowerCase() === wanted),
  );
  if (!known) {
    throw new GenwayError(
      `Unknown price group ${JSON.stringify(group)}: no family of the price table has it (see docs/pricing.md).`,
    );
  }
  return {
    price(units: Units): Priced {
      if (units.unpriced !== undefined) return { cost: null, reason: units.unpriced };
      if (units.model === undefined && units.family === undefined) {
        return { cost: null, reason: "the call names no model" };
      }
      // The common case of an unplaced id, answered without building (and catching) an error per call.
      if (units.family === undefined && findModelFamily(units.model!) === undefined) {
        return { cost: null, reason: unknownModel(units.model!) };
      }
      try {
        const { model, family, requests, images, seconds, characters } = units;
        const usage = units.worstCase ? atHighestInputPrice(units, group) : units.usage;
        return {
          cost: estimateCost({
            group,
            ...(model !== undefined ? { model } : {}),
            ...(family !== undefined ? { family } : {}),
            ...(usage !== undefined ? { usage: usage as never } : {}),
            ...(requests !== undefined ? { requests } : {}),
            ...(images !== undefined ? { images } : {}),
            ...(seconds !== undefined ? { seconds } : {}),
            ...(characters !== undefined ? { characters } : {}),
          }),
        };
      } catch (error) {
        if (error instanceof PricingError) return { cost: null, reason: error.message };
        throw error;
      }
    },
  };
}

/**
 * A worst case's usage with its prompt tokens moved to the dearest input component of the family's
 * group: an answer may report them as cache writes (Messages default: 6.25 CNY per 1M against a
 * prompt price of 5), and the budget must hold whatever the answer reports.
 */
function atHighestInputPrice(units: Units, group: string): unknown {
  const usage = units.usage as { prompt: number; completion: number };
  const id = (units.family ?? resolveModelFamily(units.model ?? "")) as FamilyId;
  const family = getPriceFamily(id);
  if (family.unit !== "token") return usage;
  const prices = family.groups[resolveGroup(id, group)]!;
  const dearest = (["cacheWrite", "cacheHit"] as const).find(
    (item) => (prices[item] ?? 0) > prices.prompt && (prices[item] ?? 0) >= (prices.cacheWrite ?? 0),
  );
  return dearest ? { prompt: 0, completion: usage.completion, [dearest]: usage.prompt } : usage;
}
