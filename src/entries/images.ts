/** `genway/images`: image generation and edits over the same core and options as `Genway`. */
import type { GenwayOptions } from "../client-options.js";
import { Images } from "../resources/images/index.js";
import { FamilyClient } from "./base.js";

/** The images client: `gw.images`. */
export class ImagesClient extends FamilyClient {
  readonly images: Images;

  constructor(options: GenwayOptions = {}) {
    super("ImagesClient", options);
    this.images = new Images(this);
  }
}

/** @alias The same client, as the entry's default export. */
export default ImagesClient;
export { isUploadable, type ToFileOptions, toFile, type Uploadable } from "../core/uploads/index.js";
export * from "../resources/images/index.js";
export * from "./shared.js";
