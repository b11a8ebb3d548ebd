/**
 * `genway/responses`: the OpenAI Responses format (`gw.responses`) over the same core and options
 * as `Genway`, and no other format: an app that speaks only this one bundles only this one
 * (docs/packaging.md, "Entries"; `genway/chat` carries all four).
 */
import type { GenwayOptions } from "../client-options.js";
import { Responses } from "../resources/responses/index.js";
import { FamilyClient } from "./base.js";

/** The Responses client: `gw.responses`. */
export class ResponsesClient extends FamilyClient {
  readonly responses: Responses;

  constructor(options: GenwayOptions = {}) {
    super("ResponsesClient", options);
    this.responses = new Responses(this);
  }
}

/** @alias The same client, as the entry's default export. */
export default ResponsesClient;
export * from "../resources/responses/index.js";
export * from "./chat-shared.js";
// `zodTextFormat` (responses.parse) comes with the format; `defineTool` for runTools.
export { defineTool } from "./structured.js";
