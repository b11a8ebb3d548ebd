/**
 * `genway/messages`: the Anthropic Messages format (`gw.messages`) over the same core and options
 * as `Genway`, and no other format: an app that speaks only this one bundles only this one
 * (docs/packaging.md, "Entries"; `genway/chat` carries all four).
 */
import type { GenwayOptions } from "../client-options.js";
import type { Namespaces } from "../core/http/index.js";
import { family as messages } from "../resources/messages/family.js";
import { FamilyClient, openFamilies } from "./base.js";

/** The Messages client: `gw.messages`. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its namespaces (the interface below) are its families', each opened by openFamilies
export class MessagesClient extends FamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("MessagesClient", options);
    openFamilies(this, [messages]);
  }
}

export interface MessagesClient extends Namespaces<[typeof messages]> {}

/** @alias The same client, as the entry's default export. */
export default MessagesClient;
export * from "../resources/messages/index.js";
export * from "./chat-shared.js";
// `zodSchema` for messages.parse, `defineTool` for runTools.
export { defineTool, zodSchema } from "./structured.js";
