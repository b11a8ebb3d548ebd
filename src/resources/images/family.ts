// gw.images in the family manifest (src/resources/families.ts): what it gives a client.
import type { ClientContext, Family } from "../../core/http/index.js";
import { imagesLimits } from "../../limits.js";
import { Images } from "./images.js";

export const family = {
  namespaces: {
    /** Image generation and edits: `gw.images.generate(...)` (docs/images.md). */
    images: (client: ClientContext) => new Images(client),
  },
  entries: ["images"],
  limits: { images: imagesLimits },
  prices: ["image-h", "image-i", "nano-banana"],
} as const satisfies Family;
