/**
 * `genway/chat-completions`: the OpenAI chat completions format (`gw.chat.completions`) over the
 * same core and options as `Genway`, and no other format: an app that speaks only this one bundles
 * only this one (docs/packaging.md, "Entries"; `genway/chat` carries all four).
 */
import type { GenwayOptions } from "../client-options.js";
import { Chat } from "../resources/chat/index.js";
import { FamilyClient } from "./base.js";

/** The chat completions client: `gw.chat.completions`. */
export class ChatCompletionsClient extends FamilyClient {
  readonly chat: Chat;

  constructor(options: GenwayOptions = {}) {
    super("ChatCompletionsClient", options);
    this.chat = new Chat(this);
  }
}

/** @alias The same client, as the entry's default export. */
export default ChatCompletionsClient;
export * from "../resources/chat/index.js";
export * from "./chat-shared.js";
// `zodResponseFormat` (chat.completions.parse) comes with the format; `defineTool` for runTools.
export { defineTool } from "./structured.js";
