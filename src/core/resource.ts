/** What a resource namespace needs from the client: the transport and the validation mode. */
import type { Transport } from "./transport.js";
import type { ValidationMode } from "./validate.js";

export interface Resource {
  readonly transport: Transport;
  readonly validation: ValidationMode;
}
