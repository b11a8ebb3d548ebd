// gw.audio in the family manifest (src/resources/families.ts): what it gives a client.
import type { ClientContext, Family } from "../../core/http/index.js";
import { speechLimits } from "../../limits.js";
import { Audio } from "./index.js";

export const family = {
  namespaces: {
    /** Speech: `gw.audio.speech.create(...)` (docs/audio.md). */
    audio: (client: ClientContext) => new Audio(client),
  },
  entries: ["audio"],
  limits: { audio: { speech: speechLimits } },
  prices: ["speech"],
} as const satisfies Family;
