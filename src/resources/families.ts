/**
 * The family manifest: every API family of the client, listed once. Each family declares itself in
 * its own folder (`src/resources/<family>/family.ts`: its namespaces, the subpaths that carry it, its
 * task kinds and their results, its bounds, its price rows); `Genway` opens the namespaces of this
 * list, `TaskResults` and `limits` are built from it, and the tests that list families read it. A
 * family entry (genway/videos) imports its own declaration, never this list, so it bundles only its
 * family.
 */
import type { FamilyLimits } from "../core/http/index.js";
import { frozen } from "../core/validation/index.js";
import { family as account } from "./account/family.js";
import { family as audio } from "./audio/family.js";
import { family as chat } from "./chat/family.js";
import { family as images } from "./images/family.js";
import { family as messages } from "./messages/family.js";
import { family as musicgen } from "./musicgen/family.js";
import { family as native } from "./native/family.js";
import { family as responses } from "./responses/family.js";
import { family as videos } from "./videos/family.js";
import { family as vidgen } from "./vidgen/family.js";

/** Every family, by its namespace, in the order `Genway` opens them. */
// Each is named as its folder in src/resources/.
export const FAMILIES = {
  chat,
  images,
  audio,
  messages,
  responses,
  native,
  videos,
  vidgen,
  musicgen,
  account,
} as const;

/**
 * The bounds genway checks before sending, by call: `limits.audio.speech.input.maxLength` is 4096.
 * A number's `{ minimum, maximum }` are inclusive (`integer: true`: whole numbers
 * only); a string's `{ minLength, maxLength }` count characters as the spec does, in Unicode code
 * points (`[...text].length`); a list's `{ minItems, maxItems }` count its items; `{ oneOf }` is a
 * closed list. Frozen at every depth. See docs/limits.md.
 */
export const limits: Limits = /* @__PURE__ */ frozen(
  Object.assign({}, ...Object.values(FAMILIES).map((family) => family.limits)),
);

/** The type of {@link limits}: every bound as a literal type. */
export type Limits = FamilyLimits<typeof FAMILIES>;
