/** The price table as the client's Meter: units of a call -> its cost in the client's price group. */
import { GenwayError } from "../core/errors/index.js";
import type { Meter, Priced, Units } from "../core/money/index.js";
import { PRICE_CATALOG, PricingError } from "./catalog.js";
import { estimateCost } from "./estimate.js";
import { findModelFamily, unknownModel } from "./models.js";

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
        const { model, family, usage, requests, images, seconds, characters } = units;
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
