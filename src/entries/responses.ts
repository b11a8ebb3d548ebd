/**
 * `genway/responses`: the OpenAI Responses format (`gw.responses`) over the same core and options
 * as `Genway`, and no other format: an app that speaks only this one bundles only this one
 * (docs/packaging.md, "Entries"; `genway/chat` carries all four).
 */
import type { GenwayOptions } from "../client-options.js";
import type { Namespaces } from "../core/http/index.js";
import { family as responses } from "../resources/responses/family.js";
import { FamilyClient, openFamilies } from "./base.js";

/** The Responses client: `gw.responses`. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its namespaces (the interface below) are its families', each opened by openFamilies
export class ResponsesClient extends FamilyClient {
  constructor(options: GenwayOptions = {}) {
    super("ResponsesClient", options);
    openFamilies(this, [responses]);
  }
}

export interface ResponsesClient extends Namespaces<[typeof responses]> {}

/** @alias The same client, as the entry's default export. */
export default ResponsesClient;
export * from "../resources/responses/index.js";
export * from "./chat-shared.js";
// `zodTextFormat` (responses.parse) comes with the format; `defineTool` for runTools.
export { defineTool } from "./structured.js";
