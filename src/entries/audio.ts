/** `genway/audio`: speech over the same core and options as `Genway`. */
import type { GenwayOptions } from "../client-options.js";
import { Audio } from "../resources/audio/index.js";
import { FamilyClient } from "./base.js";

/** The audio client: `gw.audio.speech`. */
export class AudioClient extends FamilyClient {
  readonly audio: Audio;

  constructor(options: GenwayOptions = {}) {
    super("AudioClient", options);
    this.audio = new Audio(this);
  }
}

/** @alias The same client, as the entry's default export. */
export default AudioClient;
export { BinaryResponse } from "../core/uploads/index.js";
export * from "../resources/audio/index.js";
export * from "./shared.js";
