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

/**
 * The currency of a cost: the spec's table is in CNY; a gateway's prices are in the unit its
 * dashboard displays (USD, CNY, or `quota`, new-api's raw units, when it displays "TOKENS").
 */
export type Currency = "CNY" | "USD" | "quota" | (string & {});

/** Where a cost's prices came from: the gateway's /api/pricing, the spec's table, or a table of yours. */
export type CostSource = "gateway" | "spec" | "table";

/** One line of an estimate: quantity x unit price = amount (in the estimate's currency). */
export interface CostLine {
  item: CostItem;
  quantity: number;
  /** The estimate's currency per `unit`. */
  unitPrice: number;
  /** "1M tokens", "request", "image", "second" or "10,000 characters". */
  unit: string;
  amount: number;
  /** Set when a component was priced at another component's price (no cache price in the family). */
  note?: string;
}

/** A price: the lines and their total, in `currency`, from `source`. */
export interface CostEstimate {
  total: number;
  currency: Currency;
  /** Where the prices came from (docs/cost.md): the gateway's own, the spec's table, or yours. */
  source: CostSource;
  /** The spec's price family (see docs/pricing.md), e.g. `coding-chat` or `vidA`, when the spec's table priced it. */
  family?: string;
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

/**
 * Prices units in the client's price group (src/pricing/source.ts: the gateway's prices, the
 * spec's table or yours). Prices may have to be loaded first: `prepare` and `loading` say when.
 */
export interface Meter {
  price(units: Units): Priced;
  /**
   * A billed call is about to be sent. Returns the load to wait for before a budget can price it
   * (`budgeted`), else undefined (a client that asks for money starts its first load alongside).
   */
  prepare?(budgeted: boolean): Promise<void> | undefined;
  /** The client's first price load while it is in flight: a call settling meanwhile waits for it. */
  readonly loading?: Promise<void> | undefined;
  /** A cost was asked for (`withResponse()` on a billed call): load prices if none are loaded. */
  demand?(): void;
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
