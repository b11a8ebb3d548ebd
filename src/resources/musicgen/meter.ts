/** What a music submission costs: the spec's price table has no music row, so it is never priced. */
import type { Units } from "../../core/money/index.js";

/** Music is billed by the gateway, but at no price the spec states: null, with the reason (never zero). */
export const unpricedMusic = (): Units => ({
  unpriced: "the spec's price table has no row for music generation",
});
