/**
 * `genway/chat-completions`: the OpenAI chat completions format (`gw.chat.completions`) over the
 * same core and options as `Genway`, and no other format: an app that speaks only this one bundles
 * only this one (docs/packaging.md, "Entries"; `genway/chat` carries all four).
 */
import type { GenwayOptions } from "../client-options.js";
import type { Namespaces } from "../core/http/index.js";
import { family as chat } from "../resources/chat/family.js";
import { FamilyClient, openFamilies } from "./base.js";

/** The chat completions client: `gw.chat.completions`. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its namespaces (the interface below) are its families', each opened by openFamilies
export class ChatCompletionsClient extends FamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("ChatCompletionsClient", options);
    openFamilies(this, [chat]);
  }
}

export interface ChatCompletionsClient extends Namespaces<[typeof chat]> {}

/** @alias The same client, as the entry's default export. */
export default ChatCompletionsClient;
export * from "../resources/chat/index.js";
export * from "./chat-shared.js";
// `zodResponseFormat` (chat.completions.parse) comes with the format; `defineTool` for runTools.
export { defineTool } from "./structured.js";
