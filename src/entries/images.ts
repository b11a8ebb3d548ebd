/** `genway/images`: image generation and edits over the same core and options as `Genway`. */
import type { GenwayOptions } from "../client-options.js";
import type { Namespaces } from "../core/http/index.js";
import { family as images } from "../resources/images/family.js";
import { FamilyClient, openFamilies } from "./base.js";

/** The images client: `gw.images`. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its namespaces (the interface below) are its families', each opened by openFamilies
export class ImagesClient extends FamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("ImagesClient", options);
    openFamilies(this, [images]);
  }
}

export interface ImagesClient extends Namespaces<[typeof images]> {}

/** @alias The same client, as the entry's default export. */
export default ImagesClient;
export { isUploadable, type ToFileOptions, toFile, type Uploadable } from "../core/uploads/index.js";
export * from "../resources/images/index.js";
export * from "./shared.js";
