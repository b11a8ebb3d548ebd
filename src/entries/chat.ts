/**
 * `genway/chat`: the four chat formats (OpenAI chat completions, Anthropic messages, responses,
 * native generateContent) over the same core and options as `Genway`, without the media families.
 * An app that speaks one format imports its own entry instead (genway/chat-completions, /messages,
 * /responses, /native) and bundles only that one (docs/packaging.md, "Entries").
 */
import type { GenwayOptions } from "../client-options.js";
import { Chat } from "../resources/chat/index.js";
import { Messages } from "../resources/messages/index.js";
import { Native } from "../resources/native/index.js";
import { Responses } from "../resources/responses/index.js";
import { FamilyClient } from "./base.js";

/** The chat client: `gw.chat.completions`, `gw.messages`, `gw.responses`, `gw.native`. */
export class ChatClient extends FamilyClient {
  readonly chat: Chat;
  readonly messages: Messages;
  readonly responses: Responses;
  readonly native: Native;

  constructor(options: GenwayOptions = {}) {
    super("ChatClient", options);
    this.chat = new Chat(this);
    this.messages = new Messages(this);
    this.responses = new Responses(this);
    this.native = new Native(this);
  }
}

/** @alias The same client, as the entry's default export. */
export default ChatClient;
export * from "../resources/chat/index.js";
export * from "../resources/messages/index.js";
export * from "../resources/native/index.js";
export * from "../resources/responses/index.js";
export * from "./chat-shared.js";
export * from "./structured.js";
