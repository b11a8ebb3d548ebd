/** The error a budget refuses a call with (every entry exports it). */
import { GenwayError } from "./errors.js";

/** A paid call refused before anything was sent: its worst case would take spending past the limit. */
export class BudgetExceededError extends GenwayError {
  static override name = "BudgetExceededError";
  /** The call's worst case in the budget's currency, or `null` when it could not be priced or bounded. */
  readonly estimate: number | null;
  /** What was left of the limit (limit - spent - reserved by calls in flight). */
  readonly remaining: number;
  readonly limit: number;

  constructor(
    message: string,
    init: { estimate: number | null; remaining: number; limit: number; cause?: unknown },
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.estimate = init.estimate;
    this.remaining = init.remaining;
    this.limit = init.limit;
  }
}
