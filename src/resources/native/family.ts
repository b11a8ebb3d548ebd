// gw.native in the family manifest (src/resources/families.ts): what it gives a client.
import type { ClientContext, Family } from "../../core/http/index.js";
import { nativeLimits } from "../../limits.js";
import { Native } from "./native.js";

export const family = {
  namespaces: {
    /** The native multimodal format: `gw.native.generateContent(...)` (docs/chat.md). */
    native: (client: ClientContext) => new Native(client),
  },
  entries: ["chat", "native"],
  limits: { native: nativeLimits },
  prices: [], // priced by the chat rows (src/resources/chat/family.ts)
} as const satisfies Family;
