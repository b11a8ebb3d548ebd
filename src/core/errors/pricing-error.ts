/** The error an estimate fails with (every entry exports it, as `gw.prices.estimate` throws it). */
import { GenwayError } from "./errors.js";

/** Why an estimate failed (PricingError.reason). */
export type PricingErrorReason =
  | "missing_model"
  | "unknown_model"
  | "unknown_family"
  | "unknown_group"
  | "missing_quantity"
  | "invalid_quantity"
  | "unknown_currency";

/**
 * A cost could not be estimated. Not a ValidationError: nothing is being sent, and a wrong family,
 * group or quantity is a problem with the estimate itself. `available` lists what would have worked.
 */
export class PricingError extends GenwayError {
  static override name = "PricingError";
  readonly reason: PricingErrorReason;
  readonly available: readonly string[] | undefined;
  constructor(reason: PricingErrorReason, message: string, available?: readonly string[]) {
    super(message);
    this.reason = reason;
    this.available = available;
  }
}
