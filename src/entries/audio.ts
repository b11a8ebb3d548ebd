/** `genway/audio`: speech over the same core and options as `Genway`. */
import type { GenwayOptions } from "../client-options.js";
import type { Namespaces } from "../core/http/index.js";
import { family as audio } from "../resources/audio/family.js";
import { FamilyClient, openFamilies } from "./base.js";

/** The audio client: `gw.audio.speech`. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its namespaces (the interface below) are its families', each opened by openFamilies
export class AudioClient extends FamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("AudioClient", options);
    openFamilies(this, [audio]);
  }
}

export interface AudioClient extends Namespaces<[typeof audio]> {}

/** @alias The same client, as the entry's default export. */
export default AudioClient;
export { BinaryResponse } from "../core/uploads/index.js";
export * from "../resources/audio/index.js";
export * from "./shared.js";
