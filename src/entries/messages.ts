/**
 * `genway/messages`: the Anthropic Messages format (`gw.messages`) over the same core and options
 * as `Genway`, and no other format: an app that speaks only this one bundles only this one
 * (docs/packaging.md, "Entries"; `genway/chat` carries all four).
 */
import type { GenwayOptions } from "../client-options.js";
import { Messages } from "../resources/messages/index.js";
import { FamilyClient } from "./base.js";

/** The Messages client: `gw.messages`. */
export class MessagesClient extends FamilyClient {
  readonly messages: Messages;

  constructor(options: GenwayOptions = {}) {
    super("MessagesClient", options);
    this.messages = new Messages(this);
  }
}

/** @alias The same client, as the entry's default export. */
export default MessagesClient;
export * from "../resources/messages/index.js";
export * from "./chat-shared.js";
// `zodSchema` for messages.parse, `defineTool` for runTools.
export { defineTool, zodSchema } from "./structured.js";
