/**
 * Which price family a model id belongs to.
 *
 * Patterns are exact ids ("tts-1") or prefixes ending in "*" ("vidA-*"); matching ignores case.
 * Three layers, first hit wins: the per-call `models` map, then `registerModel()` registrations,
 * then the built-in rules. Within a layer an exact id beats a prefix, and a longer prefix beats a
 * shorter one. Only ids the spec names are built in: the chat and image rows of the price table
 * name no model ids, and guessing them from brand prefixes would give confidently wrong figures,
 * so for those pass `family` or a `models` map.
 */
import { type FamilyId, getPriceFamily, PricingError } from "./catalog.js";

/** Model id or prefix pattern ("my-model", "my-*") -> family id. */
export type ModelFamilyMap = Readonly<Record<string, FamilyId | (string & {})>>;

/** The built-in rules, in the form callers use for their own. */
export const BUILTIN_MODELS: Readonly<Record<string, FamilyId>> = Object.freeze({
  "tts-1": "speech",
  "tts-1-hd": "speech",
  // vidA ids embed versions and dates (vidA-2.5, vidA-1-0-pro-250528): billed per second.
  "vidA-*": "vidA",
  // vidB3, vidB3.1-pro, vidB2-fast-frames ...: billed per request.
  "vidB*": "vidB",
  // Vidgen model_name generations v1, v1-5, v1-6, v2 as vidgen-v1 ... vidgen-v2 (any vidgen-*),
  // the bare kind "vidgen", and kling-* (the upstream spelling the gateway relays, e.g. kling-v1-6).
  vidgen: "vidgen",
  "vidgen-*": "vidgen",
  "kling-*": "vidgen",
  "nano-banana*": "nano-banana",
} satisfies Record<string, FamilyId>);

const registered = new Map<string, string>();

function check(pattern: string, family: string): void {
  if (pattern.replace(/\*$/, "") === "") {
    throw new PricingError("unknown_model", `A model pattern needs at least one character before "*".`);
  }
  getPriceFamily(family); // throws unknown_family with the list of known ids
}

/**
 * Maps a model id (or a prefix ending in "*") to a family for every later estimate in this
 * process. Returns a function that removes the registration (handy in tests).
 */
export function registerModel(pattern: string, family: FamilyId | (string & {})): () => void {
  check(pattern, family);
  const key = pattern.toLowerCase();
  registered.set(key, family);
  return () => {
    if (registered.get(key) === family) registered.delete(key);
  };
}

function lookup(model: string, entries: Iterable<[string, string]>): string | undefined {
  let best: string | undefined;
  let bestLength = -1;
  for (const [rawPattern, family] of entries) {
    const pattern = rawPattern.toLowerCase();
    if (pattern === model) return family;
    if (pattern.endsWith("*")) {
      const prefix = pattern.slice(0, -1);
      if (prefix.length > bestLength && model.startsWith(prefix)) {
        best = family;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}

/** The family of a model id, or undefined when no rule matches. */
export function findModelFamily(model: string, models?: ModelFamilyMap): string | undefined {
  const id = model.toLowerCase();
  return (
    (models ? lookup(id, Object.entries(models)) : undefined) ??
    lookup(id, registered) ??
    lookup(id, Object.entries(BUILTIN_MODELS))
  );
}

/** Like {@link findModelFamily}, but an unknown id (or a mapping to an unknown family) throws PricingError. */
export function resolveModelFamily(model: string, models?: ModelFamilyMap): FamilyId {
  const family = findModelFamily(model, models);
  if (family === undefined) {
    throw new PricingError(
      "unknown_model",
      `Unknown model "${model}": no price family is known for it. Pass \`family\` (e.g. "coding-chat"), ` +
        `a per-call \`models: { "${model}": "<family>" }\` map, or call registerModel().`,
    );
  }
  getPriceFamily(family);
  return family as FamilyId;
}
