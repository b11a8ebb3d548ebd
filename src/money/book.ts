/**
 * A price book: the prices of one source (the gateway's /api/pricing, a table of yours, or none),
 * with the spec's table behind it for the ids the model catalog places and the families named.
 * It prices a call's quantities into a CostEstimate, in its currency or in another one it can
 * convert to (the gateway says how many CNY and how much quota a USD is).
 *
 * Which price applies, first hit wins: an explicit `family` (the spec's row for it); the source's
 * own entry for the model; the family the catalog places the model in (per-call `models`,
 * registrations, built-ins), priced by the spec's table. An id none of them knows has no price.
 */
import type { CostEstimate, CostSource, Currency, Priced, Units } from "../core/http/cost.js";
import { DEFAULTS } from "../core/shared/index.js";
import {
  type FamilyId,
  getPriceFamily,
  PRICE_CATALOG,
  PricingError,
  resolveGroup,
  type TokenPrices,
} from "./catalog.js";
import {
  findModelFamily,
  type ModelFamilyMap,
  type PriceHint,
  resolveModelFamily,
  unknownModel,
} from "./models.js";
import { atDearestInput, linesAt, type Quantities, type Rate, scaled } from "./rates.js";
import { billedAt } from "./ratios.js";

/** A rate found for a model or family, in the currency of the prices it came from. */
export interface Quote {
  rate: Rate;
  source: CostSource;
  /** The group as the source spells it. */
  group: string;
  /** The spec's family, when the spec's table priced it. */
  family?: string | undefined;
  /** Names whose rate it is in errors: `Model "veo3"`, `Price family "vidA"`. */
  subject: string;
  /** The currency of `rate`: the spec's table's CNY, the gateway's USD, your table's. */
  currency: Currency;
  /** The gateway's price per request (new-api's model_price), which the relay scales by the request's fields (a video's seconds, an image's size). */
  perRequest?: true | undefined;
}

/**
 * The prices a source gives per model, in its own currency: the gateway's /api/pricing or a table
 * of yours. `quote` answers undefined for a model it has no entry for, and why for one it has but
 * cannot price: a Miss for a group it is not served in, a string otherwise (a price by expression,
 * a malformed entry).
 */
export interface ModelRates {
  readonly source: Exclude<CostSource, "spec">;
  quote(model: string, group: string): Quote | Miss | string | undefined;
  has(model: string): boolean;
  /** Every model id it has an entry for (patterns as written). */
  ids(): string[];
}

export interface BookInit {
  /** The currency of `rates` (the spec's table alone: CNY). */
  currency: Currency;
  rates?: ModelRates | undefined;
  /**
   * Units of each currency per USD (the gateway's `usd_exchange_rate` for CNY and `quota_per_unit`
   * for quota): what converts one currency to another. Without it only CNY prices CNY.
   */
  exchange?: Readonly<Record<string, number>> | undefined;
  /** Why the book has no prices of its own though a gateway's were wanted (its answer, an error). */
  why?: string | undefined;
  /** How a hint offers the gateway's prices here (false: they were asked already). */
  live?: string | false | undefined;
  /** What is wrong with the source's exchange rates, said where a conversion fails for it. */
  problem?: string | undefined;
}

/** What {@link PriceBook.estimate} takes: a model or family, a group, and the quantities a call bills. */
export interface EstimateCostParams extends Quantities {
  /** Model id: the source's own entry, else the family the catalog places it in. Ignored for pricing when `family` is given. */
  model?: string;
  /** The spec's family id; wins over `model`. */
  family?: FamilyId | (string & {});
  /** Price group; default "default". */
  group?: string;
  /** Extra model id / prefix ("x-*") -> family rules for this call only. */
  models?: ModelFamilyMap;
}

/** A call's rate could not be found: why, and the PricingError reason to throw where one is thrown. */
export interface Miss {
  miss: string;
  reason: "missing_model" | "unknown_model" | "unknown_group";
}

/** What a call is, from its quantities and model, so that a hint suggests families of its kind. */
function kindOf(model: string | undefined, q: Quantities): PriceHint["kind"] {
  if (model?.toLowerCase().startsWith("suno_")) return "music";
  if (q.usage !== undefined) return "chat";
  if ("seconds" in q || "duration" in q || "metadata" in q) return "video";
  if (q.images !== undefined) return "image";
  if (q.characters !== undefined) return "speech";
  return undefined;
}

/** The spec's rate of a family in one of its groups (as resolveGroup spells it). */
function familyRate(id: FamilyId, group: string): Rate {
  const family = PRICE_CATALOG[id];
  const price = family.groups[group]!;
  return family.unit === "token"
    ? { unit: "token", ...(price as TokenPrices) }
    : { unit: family.unit, per: family.per, price: price as number };
}

/**
 * One set of prices (the gateway's, the spec's table or your own) in one currency: what
 * `gw.prices` holds once loaded, and what estimates and costs are computed from (docs/cost.md).
 */
export class PriceBook {
  /** Where this book's own prices come from; `spec` when it has none but the spec's table. */
  readonly source: CostSource;
  readonly currency: Currency;
  /** Why the spec's table is all this book has, when a gateway's prices were wanted. */
  readonly why: string | undefined;
  /** When the prices were read. */
  readonly loadedAt = new Date();
  readonly #rates: ModelRates | undefined;
  readonly #exchange: Readonly<Record<string, number>>;
  readonly #live: string | false | undefined;
  readonly #problem: string | undefined;

  constructor(init: BookInit) {
    this.currency = init.currency;
    this.#rates = init.rates;
    this.source = init.rates?.source ?? "spec";
    this.#exchange = init.exchange ?? { CNY: 1 };
    this.why = init.why;
    this.#live = init.live;
    this.#problem = init.problem;
  }

  /** Every model id the book's own source prices (none for the spec's table alone). */
  ids(): string[] {
    return this.#rates?.ids() ?? [];
  }

  /**
   * `amount` of `from` in `to`, at the gateway's own exchange rates; undefined when this book
   * cannot tell (no rate for one of them).
   */
  convert(amount: number, from: Currency, to: Currency): number | undefined {
    if (from === to) return amount;
    const a = this.#exchange[from];
    const b = this.#exchange[to];
    return a && b && Number.isFinite(a) && Number.isFinite(b) ? (amount / a) * b : undefined;
  }

  /**
   * What a call costs, line by line, in `currency` (default the book's). Throws PricingError,
   * never guesses: an id neither the source nor the catalog knows, a group or quantity missing.
   */
  estimate(params: EstimateCostParams, currency: Currency = this.currency): CostEstimate {
    const priced = this.#price(params, params.group ?? DEFAULTS.group, currency, { site: "estimate" }, false);
    if ("miss" in priced) throw new PricingError(priced.reason, priced.miss);
    return priced;
  }

  /**
   * A call's units priced in `group` and `currency` (a client's): the cost, or null with the
   * reason. `units.worstCase` moves the prompt to the dearest input price; `units.family` (the
   * vidgen family) applies when the source has no entry for the model.
   */
  price(units: Units, group: string, currency: Currency = this.currency): Priced {
    if (units.unpriced !== undefined) return { cost: null, reason: units.unpriced };
    const { model, family, unpriced: _, worstCase, fields, ...quantities } = units;
    if (model === undefined && family === undefined) return { cost: null, reason: "the call names no model" };
    const params: EstimateCostParams = { ...(quantities as Quantities), ...fields, group };
    if (model !== undefined) params.model = model;
    if (family !== undefined && !(model !== undefined && this.#rates?.has(model))) params.family = family;
    try {
      // A call that gives request fields and no count of images is a video, though it may give none of its length.
      const kind = fields !== undefined && units.images === undefined ? "video" : undefined;
      const priced = this.#price(params, group, currency, { site: "client", kind }, worstCase === true);
      return "miss" in priced ? { cost: null, reason: priced.miss } : { cost: priced };
    } catch (error) {
      if (error instanceof PricingError) return { cost: null, reason: error.message };
      throw error;
    }
  }

  /**
   * The rate of one model in a group (what `genway models` shows), in the book's currency when it
   * can convert to it, else in its source's, in the unit the relay counts it in (a veo price per
   * second); or why there is none.
   */
  rateOf(model: string, group: string = DEFAULTS.group): Quote | string {
    try {
      const found = this.#quote({ model }, group, { site: "estimate" });
      if ("miss" in found) return found.miss;
      const own = this.#in(found, this.currency);
      const unit = (rate: Rate) => billedAt(rate, { model }, found.perRequest === true, false).rate;
      return own
        ? { ...found, rate: unit(own), currency: this.currency }
        : { ...found, rate: unit(found.rate) };
    } catch (error) {
      if (error instanceof PricingError) return error.message;
      throw error;
    }
  }

  #price(
    params: EstimateCostParams,
    group: string,
    currency: Currency,
    site: Pick<PriceHint, "site" | "kind">,
    worstCase: boolean,
  ): CostEstimate | Miss {
    const found = this.#quote(params, group, site);
    if ("miss" in found) return found;
    const rate = this.#in(found, currency);
    if (rate === undefined) {
      const where = this.#problem ?? "the gateway's /api/status, or your table's `exchange`";
      throw new PricingError(
        "unknown_currency",
        `${found.subject} is priced in ${found.currency}, and this client counts in ${currency}: no exchange rate between them is known (${where}).`,
      );
    }
    const asked: Quantities = worstCase
      ? {
          ...params,
          usage: atDearestInput(rate, params.usage as { prompt: number; completion: number } | undefined),
        }
      : params;
    const billed = billedAt(rate, asked, found.perRequest === true, worstCase);
    const { total, lines } = linesAt(billed.rate, billed.q, found.subject);
    if (billed.note !== undefined) lines[0]!.note = billed.note;
    // Never NaN or Infinity: a price this large is no price (every published number is bounded,
    // so only quantities past any call's reach get here).
    if (!Number.isFinite(total)) {
      throw new PricingError("invalid_quantity", `${found.subject}: the cost of these quantities overflows.`);
    }
    const result: CostEstimate = { total, currency, source: found.source, group: found.group, lines };
    if (found.family !== undefined) result.family = found.family;
    if (params.model !== undefined) result.model = params.model;
    return result;
  }

  /** A quote's rate in `currency`, or undefined when no exchange rate between them is known. */
  #in(found: Quote, currency: Currency): Rate | undefined {
    const factor = this.convert(1, found.currency, currency);
    return factor === undefined ? undefined : factor === 1 ? found.rate : scaled(found.rate, factor);
  }

  #quote(params: EstimateCostParams, group: string, site: Pick<PriceHint, "site" | "kind">): Quote | Miss {
    const { model, family } = params;
    if (family !== undefined) {
      getPriceFamily(family); // throws unknown_family with the list of known ids
      return this.#spec(family as FamilyId, group);
    }
    if (model === undefined) {
      return { miss: "estimateCost needs `model` or `family`.", reason: "missing_model" };
    }
    const own = this.#rates?.quote(model, group);
    if (typeof own === "string") return { miss: own, reason: "unknown_model" };
    if (own !== undefined) return own;
    const hint: PriceHint = {
      site: site.site,
      kind: site.kind ?? kindOf(model, params),
      why: this.#why(model),
      live: this.#live,
    };
    // The common case of an unplaced id, answered without building (and catching) an error.
    if (findModelFamily(model, params.models) === undefined) {
      return { miss: unknownModel(model, hint), reason: "unknown_model" };
    }
    return this.#spec(resolveModelFamily(model, params.models, hint), group);
  }

  /** Why an id has no price here, as a hint says it. */
  #why(model: string): string | undefined {
    if (this.#rates === undefined)
      return this.why && `${this.why}, and the spec's table places it in no family`;
    const prices =
      this.#rates.source === "gateway" ? "the gateway's prices (/api/pricing)" : "your price table";
    return `${prices} have no entry for "${model}", and the spec's table places it in no family`;
  }

  #spec(id: FamilyId, group: string): Quote {
    const spelled = resolveGroup(id, group);
    return {
      rate: familyRate(id, spelled),
      source: "spec",
      group: spelled,
      family: id,
      subject: `Price family "${id}"`,
      currency: "CNY",
    };
  }
}

/** The spec's table alone, in CNY: what `estimateCost` prices by when given no other prices. */
export const SPEC_PRICES: PriceBook = /* @__PURE__ */ new PriceBook({ currency: "CNY" });
