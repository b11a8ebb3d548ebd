/** Genway: options -> one Transport -> the resource namespaces. */

import type { GenwayOptions } from "./client-options.js";
import { TaskFamilyClient } from "./entries/base.js";
import { Account, Models } from "./resources/account/index.js";
import { Audio } from "./resources/audio/index.js";
import { Chat } from "./resources/chat/index.js";
import { Images } from "./resources/images/index.js";
import { Messages } from "./resources/messages/index.js";
import { Musicgen } from "./resources/musicgen/index.js";
import { Native } from "./resources/native/index.js";
import { Responses } from "./resources/responses/index.js";
import { Videos } from "./resources/videos/index.js";
import { Vidgen } from "./resources/vidgen/index.js";

export type { GenwayOptions };

/**
 * The client: one set of options and one transport, and a namespace per API family
 * (`gw.chat.completions`, `gw.messages`, `gw.images`, `gw.videos`, `gw.musicgen` ...).
 * The family entries (`genway/chat`, `genway/videos` ...) are the same client with fewer namespaces.
 */
export class Genway extends TaskFamilyClient {
  readonly chat: Chat;
  readonly images: Images;
  readonly audio: Audio;
  readonly messages: Messages;
  readonly responses: Responses;
  readonly native: Native;
  readonly videos: Videos;
  readonly vidgen: Vidgen;
  readonly musicgen: Musicgen;
  /** The models the gateway serves to this key: `gw.models.list()` (docs/models.md). */
  readonly models: Models;
  /** The key's balance: `gw.account.balance()` (docs/cost.md). */
  readonly account: Account;

  constructor(options: GenwayOptions = {}) {
    super("Genway", options);
    this.chat = new Chat(this);
    this.images = new Images(this);
    this.audio = new Audio(this);
    this.messages = new Messages(this);
    this.responses = new Responses(this);
    this.native = new Native(this);
    this.videos = new Videos(this);
    this.vidgen = new Vidgen(this);
    this.musicgen = new Musicgen(this);
    this.models = new Models(this);
    this.account = new Account(this);
  }
}
