/**
 * `genway/native`: the native multimodal format (`gw.native`, generateContent) over the same core
 * and options as `Genway`, and no other format: an app that speaks only this one bundles only this
 * one (docs/packaging.md, "Entries"; `genway/chat` carries all four).
 */
import type { GenwayOptions } from "../client-options.js";
import { Native } from "../resources/native/index.js";
import { FamilyClient } from "./base.js";

/** The native client: `gw.native`. */
export class NativeClient extends FamilyClient {
  readonly native: Native;

  constructor(options: GenwayOptions = {}) {
    super("NativeClient", options);
    this.native = new Native(this);
  }
}

/** @alias The same client, as the entry's default export. */
export default NativeClient;
export * from "../resources/native/index.js";
export * from "./chat-shared.js";
// `zodSchema` for native.parse; `defineTool` makes the tools `nativeTools` declares (no runTools here).
export { defineTool, zodSchema } from "./structured.js";
