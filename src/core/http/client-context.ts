/**
 * What a family's namespace holds of the client: the one transport every request goes through and
 * the validation mode. The client is one; the namespaces only ever see this much of it.
 */
import type { ValidationMode } from "../validation/validate.js";
import type { Transport } from "./transport.js";

export interface ClientContext {
  readonly transport: Transport;
  readonly validation: ValidationMode;
}
