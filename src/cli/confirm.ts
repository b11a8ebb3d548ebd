/**
 * Before a paid command submits: the estimated cost from the spec's price table (or a plain "not
 * priced" where it has no row), and on a terminal a question, unless --yes. Without a terminal
 * nothing is asked, so scripts and CI never hang.
 */
import { createInterface } from "node:readline/promises";
import {
  type EstimateCostParams,
  estimateCost,
  getPriceFamily,
  PricingError,
  resolveModelFamily,
} from "../index.js";
import { InputError, text } from "./args.js";
import type { CommandContext } from "./command.js";
import { print } from "./output.js";

/** The estimate as one line: "11 CNY (vidA, 10 second x 1.1 CNY, group default)". */
function costText(params: EstimateCostParams): string {
  try {
    const estimate = estimateCost(params);
    const parts = estimate.lines.map((l) => `${l.quantity} ${l.item} x ${l.unitPrice} CNY/${l.unit}`);
    return `${estimate.total} CNY (${estimate.family}, ${parts.join(" + ")}, group ${estimate.group})`;
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    if (error.reason === "unknown_group" && params.group === undefined) {
      // The family has no "default" group: show what each of its groups would bill.
      const family = params.family ?? resolveModelFamily(params.model ?? "", params.models);
      const groups = Object.keys(getPriceFamily(family).groups);
      const each = groups.map((group) => `${estimateCost({ ...params, group }).total} CNY (${group})`);
      return `${each.join(", ")}, by price group (--group picks one)`;
    }
    if (error.reason === "unknown_group") throw new InputError(`--group: ${error.message}`);
    return `not priced: the gateway's price table has no row for ${params.model ?? params.family ?? "this request"}`;
  }
}

/**
 * Prints the estimate on stderr, then asks on a terminal (stdin and stderr both TTYs) unless --yes.
 * A "no" is an InputError: nothing was sent. `params` prices exactly what the command sends; a
 * string says why it cannot be priced (e.g. the model is left to the gateway, so it is unknown here).
 */
export async function confirmCost(
  context: CommandContext,
  params: EstimateCostParams | string,
): Promise<void> {
  const group = text(context.values, "group");
  const line =
    typeof params === "string"
      ? `not priced: ${params}`
      : costText(group === undefined ? params : { ...params, group });
  print(context.stderr, `estimated cost: ${line}\n`);
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
