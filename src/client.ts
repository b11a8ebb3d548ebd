/** Genway: options -> one Transport -> the namespaces of every family of the manifest. */

import type { GenwayOptions } from "./client-options.js";
import type { Namespaces } from "./core/http/index.js";
import { openFamilies, TaskFamilyClient } from "./entries/base.js";
import { FAMILIES } from "./resources/families.js";

export type { GenwayOptions };

/**
 * The client: one set of options and one transport, and a namespace per API family
 * (`gw.chat.completions`, `gw.messages`, `gw.images`, `gw.videos`, `gw.musicgen` ...), as the
 * family manifest lists them. The family entries (`genway/chat`,
 * `genway/videos` ...) are the same client with fewer namespaces.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its namespaces (the interface below) are its families', each opened by openFamilies
export class Genway extends TaskFamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("Genway", options);
    openFamilies(this, FAMILIES);
  }
}

export interface Genway extends Namespaces<typeof FAMILIES> {}
