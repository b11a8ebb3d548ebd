/**
 * What the CLI's money is priced by, and the question before a paid command submits. The CLI is an
 * app that asks for money, so it prices by the gateway's own prices (GET /api/pricing and
 * /api/status, as `gw.prices.load()` reads them), falling back to the spec's table (with the reason)
 * when there is no gateway, it publishes none, or they cannot be read; every message names the
 * table it used. A paid command prints its estimate, refuses past `--max-cost`, and on a terminal
 * asks unless --yes; without a terminal nothing is asked, so scripts and CI never hang.
 */
import { createInterface } from "node:readline/promises";
import {
  type CostEstimate,
  type CostSource,
  type EstimateCostParams,
  estimateCost,
  getPriceFamily,
  type PriceBook,
  PricingError,
  resolveModelFamily,
} from "../index.js";
import { InputError, number, text } from "./args.js";
import type { CommandContext } from "./command.js";
import { print } from "./output.js";

/** The prices the CLI estimates with, and the name every message gives them. */
export interface CliPrices {
  /** The gateway's (or the spec's table it fell back to); undefined: the spec's table, no gateway asked. */
  book: PriceBook | undefined;
  /** "the gateway's prices", or "the spec's table (why)". */
  table: string;
}

/** The flag of a paid command that caps what it may cost. */
export const MAX_COST = { "max-cost": { type: "string" } } as const;

/**
 * The prices of this run: the gateway's when one is configured, else (or when they cannot be
 * read) the spec's table, named with the reason.
 */
export async function pricesOf(context: CommandContext): Promise<CliPrices> {
  if (context.noGateway !== undefined)
    return { book: undefined, table: `the spec's table (${context.noGateway})` };
  try {
    const book = await context.client().prices.load();
    return {
      book,
      table: book.source === "gateway" ? "the gateway's prices" : `the spec's table (${book.why})`,
    };
  } catch (error) {
    if (context.signal.aborted) throw error;
    const message = error instanceof Error ? error.message.replace(/\.$/, "") : String(error);
    const why = `${message[0]?.toLowerCase() ?? ""}${message.slice(1)}`;
    return { book: undefined, table: `the spec's table (${why})` };
  }
}

/**
 * The name of the table an estimate came from (`source`): the gateway's prices, or the spec's
 * table (a family's row, an id the gateway does not price; with the reason when it stands in for them).
 */
export function tableOf(source: CostSource, prices: CliPrices): string {
  if (source === "gateway") return "the gateway's prices";
  if (source === "table") return "your price table";
  return prices.book?.source === "gateway" ? "the spec's table" : prices.table;
}

/** The unit of a model's or family's price (what a missing quantity is asked for by), and its table. */
export function unitOf(
  params: EstimateCostParams,
  prices: CliPrices,
): { unit: string; table: string } | undefined {
  const spec = (id: string) => ({ unit: getPriceFamily(id).unit, table: tableOf("spec", prices) });
  if (params.family !== undefined) return spec(params.family);
  const quote = prices.book?.rateOf(params.model ?? "", params.group);
  if (quote !== undefined && typeof quote !== "string")
    return { unit: quote.rate.unit, table: tableOf(quote.source, prices) };
  try {
    return spec(resolveModelFamily(params.model ?? ""));
  } catch {
    return undefined;
  }
}

/** An estimate as a line of text (the table named), with the estimate when there is one. */
type Estimated = { estimate: CostEstimate; line: string } | { estimate?: undefined; line: string };

function estimateLine(params: EstimateCostParams, prices: CliPrices): Estimated {
  const { book, table } = prices;
  try {
    const estimate = estimateCost(params, book);
    const parts = estimate.lines.map(
      (l) =>
        `${l.quantity} ${l.item} x ${l.unitPrice} ${estimate.currency}/${l.unit}${l.note ? ` (${l.note})` : ""}`,
    );
    const what = estimate.family ?? estimate.model;
    const by = tableOf(estimate.source, prices);
    return {
      estimate,
      line: `${estimate.total} ${estimate.currency} (${what}, ${parts.join(" + ")}, group ${estimate.group}; ${by})`,
    };
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    const spec = book === undefined || book.source === "spec";
    if (error.reason === "unknown_group" && params.group === undefined && spec) {
      // The spec's family has no "default" group: show what each of its groups would bill.
      const family = params.family ?? resolveModelFamily(params.model ?? "", params.models);
      const groups = Object.keys(getPriceFamily(family).groups);
      const each = groups.map((group) => `${estimateCost({ ...params, group }).total} CNY (${group})`);
      return { line: `${each.join(", ")}, by price group (--group picks one; ${table})` };
    }
    if (error.reason === "unknown_group" && params.group !== undefined) {
      throw new InputError(`--group: ${error.message}`);
    }
    const id = params.model ?? params.family ?? "this request";
    // An id the prices do not list at all, or one they list and cannot price (the reason says why).
    const listed = params.model !== undefined && book?.ids().includes(params.model);
    if (error.reason === "unknown_model" && !listed)
      return { line: `not priced: ${table} gives no price for ${id}` };
    return { line: `not priced: ${error.message.replace(/\.$/, "")} (${table})` };
  }
}

/**
 * Prints the estimate on stderr, refuses (nothing sent) when it is more than `--max-cost` or
 * cannot be priced under one, then asks on a terminal (stdin and stderr both TTYs) unless --yes. A
 * "no" is an InputError: nothing was sent. `params` prices exactly what the command sends; a
 * string says why it cannot be priced (e.g. the model is left to the gateway, so it is unknown here).
 */
export async function confirmCost(
  context: CommandContext,
  params: EstimateCostParams | string,
): Promise<void> {
  const group = text(context.values, "group");
  const most = number(context.values, "max-cost", { minimum: 0 });
  const estimated: Estimated =
    typeof params === "string"
      ? { line: `not priced: ${params}` }
      : estimateLine(group === undefined ? params : { ...params, group }, await pricesOf(context));
  print(context.stderr, `estimated cost: ${estimated.line}\n`);
  if (most !== undefined) {
    if (estimated.estimate === undefined) {
      throw new InputError(`not submitted: --max-cost ${most} needs an estimate, and this call has none`);
    }
    const { total, currency } = estimated.estimate;
    if (total > most) {
      throw new InputError(
        `not submitted: the estimate, ${total} ${currency}, is more than --max-cost ${most}`,
      );
    }
  }
  if (context.values.yes === true || !context.stdin.isTTY || !context.stderr.isTTY) return;
  const rl = createInterface({ input: context.stdin, output: context.stderr });
  const onAbort = () => rl.close();
  context.signal.addEventListener("abort", onAbort, { once: true });
  try {
    const answer = await rl.question("submit? [y/N] ", { signal: context.signal });
    if (!/^y(es)?$/i.test(answer.trim()))
      throw new InputError("not submitted (answer y to submit, or pass --yes)");
  } finally {
    context.signal.removeEventListener("abort", onAbort);
    rl.close();
  }
}
