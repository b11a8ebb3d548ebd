/** gw.audio namespace. */
import type { ClientContext } from "../../core/http/index.js";
import { Speech } from "./speech.js";

/** `gw.audio`: speech synthesis. */
export class Audio {
  readonly speech: Speech;
  constructor(client: ClientContext) {
    this.speech = new Speech(client);
  }
}

export { SPEECH_FORMATS, SPEECH_MODELS, SPEECH_VOICES } from "./models.js";
export type * from "./requests.js";
export { Speech } from "./speech.js";
