/**
 * What a call costs, in the shapes the rest of genway speaks: the billed quantities of one call
 * (`Units`, declared per operation next to its request), the priced result (`CostEstimate`, the
 * spec's price table applied), and the seam between them (`Meter`). Core knows quantities and
 * amounts; the price table itself lives in src/pricing and is handed in as a Meter.
 */

/** A billing component of an estimate. */
export type CostItem =
  | "prompt"
  | "completion"
  | "cacheHit"
  | "cacheWrite"
  | "requests"
  | "images"
  | "seconds"
  | "characters";

/** One line of an estimate: quantity x unit price = amount (CNY). */
export interface CostLine {
  item: CostItem;
  quantity: number;
  /** CNY per `unit`. */
  unitPrice: number;
  /** "1M tokens", "request", "image", "second" or "10,000 characters". */
  unit: string;
  amount: number;
  /** Set when a component was priced at another component's price (no cache price in the family). */
  note?: string;
}

/** A price by the spec's table: the lines and their total, in CNY. */
export interface CostEstimate {
  total: number;
  currency: "CNY";
  /** The price family (see docs/pricing.md), e.g. `coding-chat` or `vidA`. */
  family: string;
  group: string;
  model?: string;
  lines: CostLine[];
}

/**
 * What one call bills, in the price table's units: the model (placed in a family by the `models`
 * catalog) and the quantities its family's unit counts. Operations declare how to read these from
 * their params (the worst case, before sending) and from their answer (the actual, after).
 */
export interface Units {
  /** The model id the call names; the catalog places it in a price family. */
  model?: string | undefined;
  /** A price family, when the operation knows it without a model (the vidgen family). */
  family?: string | undefined;
  /** Token usage in any format's shape (prompt_tokens, input_tokens, promptTokenCount ...). */
  usage?: unknown;
  requests?: number | undefined;
  images?: number | undefined;
  seconds?: number | undefined;
  characters?: number | undefined;
  /**
   * Why the call cannot be priced (music has no row in the spec's price table; a chat call without
   * max_tokens has no worst case): its cost is null with this reason, and a budget refuses it.
   */
  unpriced?: string | undefined;
  /**
   * A worst case whose prompt tokens may be billed at any input price (prompt, cache write, cache
   * hit): the Meter prices them at the highest the family's group has.
   */
  worstCase?: boolean | undefined;
}

/** A cost, or `null` with the reason it could not be priced: never a silent zero. */
export type Priced = { cost: CostEstimate; reason?: undefined } | { cost: null; reason: string };

/** Prices units by the client's price group (src/pricing/meter.ts builds one from the spec's table). */
export interface Meter {
  price(units: Units): Priced;
}

/** Marks a result priced only at its end (a stream): the transport hands it the pricing of its call. */
export const SETTLES_LATER: unique symbol = Symbol("genway.settlesLater");

/**
 * A result whose cost is known at its end: it prices its assembly on demand and reports its end
 * once. A stream without its final usage hands over its result with the usage's output raised to
 * what it delivered (docs/cost.md); when that usage reports no prompt either, `delivered` is the
 * output it delivered, and the meter bills it beside the prompt's bound.
 */
export interface SettlesLater {
  [SETTLES_LATER](
    price: (final: unknown, delivered: number | undefined) => Priced,
    end: (final: unknown, error: unknown, delivered: number | undefined) => void,
  ): void;
}
