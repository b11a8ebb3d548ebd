/** What every family client shares with the others: options -> transport (client-options.ts), and a short, key-free print. */
import { type GenwayOptions, openClient } from "../client-options.js";
import type { ClientContext, Transport } from "../core/http/index.js";
import type { TaskRegistry } from "../core/tasks/index.js";
import type { ValidationMode } from "../core/validation/index.js";

/** A client for one family of the gateway: the same options and the same core as `Genway`, fewer namespaces. */
export abstract class FamilyClient implements ClientContext {
  /** @internal The HTTP path every namespace sends through. */
  readonly transport: Transport;
  readonly validation: ValidationMode;
  readonly baseURL: string;
  /** @internal The task kinds of this client. */
  readonly taskRegistry: TaskRegistry;
  readonly #name: string;

  /** @internal `name` names the client in option errors. */
  constructor(name: string, options: GenwayOptions | undefined) {
    const { transport, validation, baseURL, taskRegistry } = openClient(name, options);
    this.transport = transport;
    this.taskRegistry = taskRegistry;
    this.validation = validation;
    this.baseURL = baseURL;
    this.#name = name;
  }

  /** Keeps `console.log(client)` short and key-free. */
  toJSON(): Record<string, unknown> {
    return { baseURL: this.baseURL, validation: this.validation };
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `${this.#name} ${JSON.stringify(this.toJSON())}`;
  }
}
