// gw.chat in the family manifest (src/resources/families.ts): what it gives a client.
import type { ClientContext, Family } from "../../core/http/index.js";
import { chatLimits } from "../../limits.js";
import { Chat } from "./index.js";

export const family = {
  namespaces: {
    /** The OpenAI chat completions format: `gw.chat.completions.create(...)` (docs/chat.md). */
    chat: (client: ClientContext) => new Chat(client),
  },
  entries: ["chat", "chat-completions"],
  limits: { chat: { completions: chatLimits } },
  // The chat rows of the table: they price a call of any of the four chat formats.
  prices: [
    "messages-chat",
    "thinking-multimodal",
    "chat-image",
    "coding-chat",
    "open-chat-57b",
    "open-chat-7b",
    "chat-f",
    "chat-g",
    "video-analysis-chat",
  ],
} as const satisfies Family;
