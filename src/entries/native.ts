/**
 * `genway/native`: the native multimodal format (`gw.native`, generateContent) over the same core
 * and options as `Genway`, and no other format: an app that speaks only this one bundles only this
 * one (docs/packaging.md, "Entries"; `genway/chat` carries all four).
 */
import type { GenwayOptions } from "../client-options.js";
import type { Namespaces } from "../core/http/index.js";
import { family as native } from "../resources/native/family.js";
import { FamilyClient, openFamilies } from "./base.js";

/** The native client: `gw.native`. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its namespaces (the interface below) are its families', each opened by openFamilies
export class NativeClient extends FamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("NativeClient", options);
    openFamilies(this, [native]);
  }
}

export interface NativeClient extends Namespaces<[typeof native]> {}

/** @alias The same client, as the entry's default export. */
export default NativeClient;
export * from "../resources/native/index.js";
export * from "./chat-shared.js";
// `zodSchema` for native.parse; `defineTool` makes the tools `nativeTools` declares (no runTools here).
export { defineTool, zodSchema } from "./structured.js";
