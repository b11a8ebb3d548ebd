// gw.responses in the family manifest (src/resources/families.ts): what it gives a client.
import type { ClientContext, Family } from "../../core/http/index.js";
import { responsesLimits } from "../../limits.js";
import { Responses } from "./responses.js";

export const family = {
  namespaces: {
    /** The OpenAI Responses format: `gw.responses.create(...)` (docs/chat.md). */
    responses: (client: ClientContext) => new Responses(client),
  },
  entries: ["chat", "responses"],
  limits: { responses: responsesLimits },
  prices: [], // priced by the chat rows (src/resources/chat/family.ts)
} as const satisfies Family;
