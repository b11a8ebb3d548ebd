/**
 * What a call costs, as core speaks of it: the billed quantities of one call (`Units`, declared
 * per operation next to its request) and the priced result (`CostEstimate`). This is the seam with
 * the money code, which prices, meters and budgets: core knows quantities and amounts, never a price,
 * and never imports money (a plain call loads none of it: docs/cost.md).
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
 * The fields of a request that a relay scales a per-request price by, as the request sends them:
 * new-api multiplies a model's price by ratios its adaptors read from these (a video's seconds and
 * resolution, an image's size and quality). The money code reads them by model (src/money/ratios.ts).
 */
export interface BilledFields {
  /** A video's length: a number, or a string of digits (new-api's TaskSubmitReq `duration`). */
  duration?: number | string | undefined;
  /** A video's length as OpenAI's video API sends it, a string ("8"; TaskSubmitReq `seconds`); or a number. */
  seconds?: number | string | undefined;
  /** A video's or an image's size, `WxH` ("1792x1024"). */
  size?: string | undefined;
  /** An image's quality ("hd"). */
  quality?: string | undefined;
  /** new-api's `metadata`, where its veo channels read a video's `durationSeconds` and `resolution`. */
  metadata?: { durationSeconds?: unknown; resolution?: unknown } | undefined;
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
  characters?: number | undefined;
  /** The request's fields the relay scales a per-request price by, when it gives any. */
  fields?: BilledFields | undefined;
  /**
   * Why the call cannot be priced (music has no row in the spec's price table; a chat call without
   * max_tokens has no worst case): its cost is null with this reason, and a budget refuses it.
   */
  unpriced?: string | undefined;
  /**
   * The worst case, before sending: prompt tokens that may be billed at any input price (prompt,
   * cache write, cache hit) are priced at the highest the family's group has, and a video that asks
   * for no length is priced at the longest one its price per second allows.
   */
  worstCase?: boolean | undefined;
}

/** `budget` option of the client and of one request: a limit, in the currency of the client's prices. */
export interface BudgetOptions {
  /** The most this client (or this request) may spend, in `currency`. */
  limit: number;
  /**
   * The currency of `limit`; given, the client counts every cost in it (docs/cost.md).
   * @default the currency of the client's prices (the gateway's display currency, or CNY for the spec's table)
   */
  currency?: Currency | undefined;
  /**
   * A call whose worst case cannot be priced (a model the catalog does not place, music, input the
   * request does not hold): `'refuse'` refuses it with BudgetExceededError, as its cost cannot be
   * bounded; `'allow'` sends it with nothing reserved, and spends what it turns out to cost when its
   * answer can be priced.
   * @default "refuse"
   */
  unpriced?: "refuse" | "allow" | undefined;
}

/**
 * Marks a budget option shared by several calls (a tool loop's steps): they reserve under one
 * ledger, so that the limit spans them all rather than each call.
 */
export const SHARED_BUDGET: unique symbol = Symbol("genway.sharedBudget");

/** `options` as a budget shared by the calls it is passed to (see {@link SHARED_BUDGET}). */
export function sharedBudget(options: BudgetOptions): BudgetOptions {
  return { ...options, [SHARED_BUDGET]: true } as BudgetOptions;
}

/**
 * A cost, or `null` with the reason it could not be priced: never a silent zero. `pending`: the
 * client's prices are not loaded (or their read failed), so the gateway's prices may price it
 * once they are; the reason then says which awaited read does (see {@link withFix}).
 */
export type Priced =
  | { cost: CostEstimate; reason?: undefined; pending?: undefined }
  | { cost: null; reason: string; pending?: boolean | undefined };

/** Why a cost read now is null: the gateway's prices, the client's own, are not loaded yet. */
export const PRICES_NOT_LOADED = "this client has not loaded the gateway's prices yet";

/**
 * `priced`, its reason ending with the one step that prices it (`fix`, e.g. "await
 * stream.finalCost()") when it is null only because the client's prices are not loaded.
 */
export function withFix(priced: Priced, fix: string): Priced {
  return priced.pending ? { cost: null, reason: `${priced.reason}: \`${fix}\` prices it by them` } : priced;
}

/** What `withResponse().cost` of a stream says: its cost is known at its end. */
export const STREAM_REASON = "a stream is priced when it ends: see `await stream.finalCost()`";

/** The step that prices a stream by the gateway's prices when the client has not loaded them. */
export const STREAM_FIX = "`await stream.finalCost()` loads them and prices this stream";

/** The step that prices the calls `gw.costs` counted before the client loaded the gateway's prices. */
export const SUMMARY_FIX = "`await gw.costs.summary()` loads them and prices every call";

/** Why a failed call that may have been billed is counted without a price. */
export const MAYBE_BILLED =
  "the attempt failed after it was sent; the gateway may have billed it (its worst case stays spent)";

/**
 * What an operation bills (its `meter`, next to its request): a function from the params (and, once
 * it is in, the answer) to the units, or for a token-billed chat format the {@link TokenBilling}
 * that the money code reads its usage and worst case by.
 */
export type OperationMeter<P> = ((params: P, answer?: unknown, body?: string) => Units) | TokenBilling<P>;

/** How one chat format bills: where its answer reports usage, and what bounds a call before sending. */
export interface TokenBilling<P> {
  /** The model id (a fallback list is split by the transport before metering: one id here). */
  model(params: P): string;
  /** The answer's usage object, in the format's own shape. */
  usage(answer: unknown): unknown;
  /** Whether the request declares tools or a response schema (the upstream may add a tool-use system prompt). */
  declaresTools(params: P): boolean;
  /**
   * Why part of the prompt is not in the request, if it is not all there: an earlier response or a
   * cache the call refers to, or a tool the upstream runs itself, whose results it adds to the input.
   */
  hidden?(params: P): string | undefined;
  /** The output limit the call sets, if any, and the field that sets it (named when it is missing). */
  limit(params: P): number | null | undefined;
  limitField: string;
  /** How many answers the call asks for (n, candidateCount). Default 1. */
  choices?(params: P): number | null | undefined;
}

/** Marks a result priced only at its end (a stream): the transport hands it the bill of its call. */
export const SETTLES_LATER: unique symbol = Symbol("genway.settlesLater");

/** What a stream's assembly tells its bill (see `Assembler`). */
export interface Assembled {
  /** The running result itself, only read: no copy. */
  current(): unknown;
  /** Whether the answer's own final usage arrived (chat's usage chunk, message_delta's usage ...). */
  usageFinal(): boolean;
  /** The output text delivered so far (answer, thinking, tool input), to count when the usage did not come. */
  delivered(): string[];
  /**
   * The running result with its usage's output raised to `tokens` (a shallow copy), when that usage
   * reports the prompt; undefined when it does not (the bill then counts the prompt's bound).
   */
  atLeast(tokens: number): unknown;
}

/**
 * The bill of a stream: priced from its assembly at any time (`stream.cost()`, `snapshot()`), and
 * settled once at its end (complete, cut, failed, aborted or dropped) with what it assembled or
 * delivered (docs/cost.md).
 */
export interface StreamBill {
  /** By the prices the client has now (null, with the step that prices it, when they are not loaded). */
  price(assembly: Assembled, complete: boolean): Priced;
  /** By the gateway's prices, loaded first if the client has not (`await stream.finalCost()`). */
  final(assembly: Assembled, complete: boolean): Promise<Priced>;
  end(assembly: Assembled, complete: boolean, error: unknown): void;
}

/** A result whose cost is known at its end (a stream): the transport hands it its bill. */
export interface SettlesLater {
  [SETTLES_LATER](bill: StreamBill): void;
}

/** Whether a call's data is priced only at its end (a stream). */
export function isSettlesLater(data: unknown): data is SettlesLater {
  return typeof data === "object" && data !== null && SETTLES_LATER in data;
}
