/**
 * `genway/chat`: the four chat formats (OpenAI chat completions, Anthropic messages, responses,
 * native generateContent) over the same core and options as `Genway`, without the media families.
 * An app that speaks one format imports its own entry instead (genway/chat-completions, /messages,
 * /responses, /native) and bundles only that one (docs/packaging.md, "Entries").
 */
import type { GenwayOptions } from "../client-options.js";
import type { Namespaces } from "../core/http/index.js";
import { family as chat } from "../resources/chat/family.js";
import { family as messages } from "../resources/messages/family.js";
import { family as native } from "../resources/native/family.js";
import { family as responses } from "../resources/responses/family.js";
import { FamilyClient, openFamilies } from "./base.js";

/** The chat client: `gw.chat.completions`, `gw.messages`, `gw.responses`, `gw.native`. */
export class ChatClient extends FamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("ChatClient", options);
    openFamilies(this, [chat, messages, responses, native]);
  }
}

export interface ChatClient
  extends Namespaces<[typeof chat, typeof messages, typeof responses, typeof native]> {}

/** @alias The same client, as the entry's default export. */
export default ChatClient;
export * from "../resources/chat/index.js";
export * from "../resources/messages/index.js";
export * from "../resources/native/index.js";
export * from "../resources/responses/index.js";
export * from "./chat-shared.js";
export * from "./structured.js";
