// gw.messages in the family manifest (src/resources/families.ts): what it gives a client.
import type { ClientContext, Family } from "../../core/http/index.js";
import { messagesLimits } from "../../limits.js";
import { Messages } from "./messages.js";

export const family = {
  namespaces: {
    /** The Anthropic Messages format: `gw.messages.create(...)` (docs/chat.md). */
    messages: (client: ClientContext) => new Messages(client),
  },
  entries: ["chat", "messages"],
  limits: { messages: messagesLimits },
  prices: [], // priced by the chat rows (src/resources/chat/family.ts)
} as const satisfies Family;
