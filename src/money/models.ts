/**
 * The model catalog: which family a model id belongs to. Pricing reads it to find a price row, and
 * request validation reads it to decide which model-specific bounds apply (image sizes of families
 * A and B, vidA durations and seeds, vidB image counts). An id the catalog cannot place is never
 * refused: it is sent as given, checked only against the bounds the spec states for every model,
 * and priced as unknown (docs/models.md).
 *
 * Patterns are exact ids ("tts-1") or prefixes ending in "*" ("vidA-*"); matching ignores case.
 * Three layers, first hit wins: the per-call `models` map, then `registerModel()` registrations,
 * then the built-in rules. Within a layer an exact id beats a prefix, and a longer prefix beats a
 * shorter one. Only ids the spec names are built in: the chat and image rows of the price table
 * name no model ids, and guessing them from brand prefixes would give confidently wrong figures,
 * so for those pass `family` or a `models` map.
 */
import {
  FAMILY_IDS,
  type FamilyId,
  getPriceFamily,
  PRICE_CATALOG,
  type PriceKind,
  PricingError,
} from "./catalog.js";

/**
 * Families that decide request rules but have no row of their own in the price table: the spec's
 * image families A and B (sizes) name no price.
 */
export const RULE_FAMILIES = ["imgA", "imgB"] as const;
/** A family the catalog can place a model in: a price family, or a rule-only family. */
export type ModelFamily = FamilyId | (typeof RULE_FAMILIES)[number];

/** Model id or prefix pattern ("my-model", "my-*") -> family id. */
export type ModelFamilyMap = Readonly<Record<string, ModelFamily | (string & {})>>;

/** The built-in rules, in the form callers use for their own. */
export const BUILTIN_MODELS: Readonly<Record<string, ModelFamily>> = Object.freeze({
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
  // The spec's image families A (three tiers) and B (standard, seasonal), in its neutral spelling.
  "imgA-*": "imgA",
  "imgB-*": "imgB",
} satisfies Record<string, ModelFamily>);

const registered = new Map<string, string>();

function check(pattern: string, family: string): void {
  if (pattern.replace(/\*$/, "") === "") {
    throw new PricingError("unknown_model", `A model pattern needs at least one character before "*".`);
  }
  if ((RULE_FAMILIES as readonly string[]).includes(family)) return;
  getPriceFamily(family); // throws unknown_family with the list of known ids
}

/**
 * Maps a model id (or a prefix ending in "*") to a family for every later estimate in this
 * process. Returns a function that removes the registration (handy in tests).
 */
export function registerModel(pattern: string, family: ModelFamily | (string & {})): () => void {
  check(pattern, family);
  const key = pattern.toLowerCase();
  registered.set(key, family);
  return () => {
    if (registered.get(key) === family) registered.delete(key);
  };
}

/**
 * The value of the rule that matches `model` (lower case): an exact id beats a prefix ending in
 * "*", and a longer prefix beats a shorter one. Patterns match whatever their case.
 */
export function matchRule<V>(model: string, entries: Iterable<[string, V]>): V | undefined {
  let best: V | undefined;
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
    (models ? matchRule(id, Object.entries(models)) : undefined) ??
    matchRule(id, registered) ??
    matchRule(id, Object.entries(BUILTIN_MODELS))
  );
}

/** Where a price is asked for, so that a hint names only what can be done there. */
export interface PriceHint {
  /** `estimate`: estimateCost's params (`family`, `models`); `client`: a call of a client. */
  site: "estimate" | "client";
  /** What the call is (from its quantities), so the families suggested are of its kind. */
  kind?: PriceKind | "music" | undefined;
  /** Why the id has no price, when it is more than that no family places it. */
  why?: string | undefined;
  /** How the gateway's own prices would be had here; false: they were asked already. Default by site. */
  live?: string | false | undefined;
}

const LIVE = {
  estimate: "the gateway's own prices (`estimateCost(params, await gw.prices.load())`)",
  client: "the gateway's own prices (`await gw.prices.load()`, docs/cost.md)",
};

/** The list per kind, made once: a plain call of an unplaced id builds its reason every time. */
const LISTED = new Map<PriceKind | undefined, string>();

/** Families of one kind, as a hint lists them: `"vidA" (per second), "vidB" (per request)`. */
function familiesOf(kind: PriceKind | undefined): string {
  let listed = LISTED.get(kind);
  if (listed === undefined) LISTED.set(kind, (listed = listFamilies(kind)));
  return listed;
}

function listFamilies(kind: PriceKind | undefined): string {
  if (kind === undefined) {
    return 'e.g. "coding-chat" or "messages-chat" for chat, "vidA" or "vidB" for video, "image-h" for images, "speech"';
  }
  const ids = FAMILY_IDS.filter((id) => PRICE_CATALOG[id].kind === kind).map((id) => {
    const family = PRICE_CATALOG[id];
    return family.unit === "token" ? `"${id}"` : `"${id}" (${family.unitLabel})`;
  });
  return `${kind === "image" ? "an" : "a"} ${kind} family: ${ids.join(", ")}`;
}

/** Why `model` cannot be priced, and what would price it, in the words of the place it was asked. */
export function unknownModel(model: string, hint: PriceHint = { site: "estimate" }): string {
  const why = hint.why ?? "no price family is known for it";
  const live = hint.live ?? LIVE[hint.site];
  if (hint.kind === "music") {
    return `No price for "${model}" (music): ${why}; the spec's price table has no row for music generation${live ? `. Try ${live}` : ""}.`;
  }
  const families = familiesOf(hint.kind);
  if (hint.site === "estimate") {
    return (
      `Unknown model "${model}": ${why}. Pass \`family\` (${families}), a per-call ` +
      `\`models: { "${model}": "<family>" }\` map${live ? `, ${live}` : ""}, or call models.register().`
    );
  }
  return (
    `Unknown model "${model}": ${why}. Place it in a family with models.register("${model}", "<family>") ` +
    `(${families})${live ? `, or use ${live}` : ""}.`
  );
}

/** Like {@link findModelFamily}, but an unknown id (or a mapping to an unknown family) throws PricingError. */
export function resolveModelFamily(model: string, models?: ModelFamilyMap, hint?: PriceHint): FamilyId {
  const family = findModelFamily(model, models);
  if (family === undefined) throw new PricingError("unknown_model", unknownModel(model, hint));
  if ((RULE_FAMILIES as readonly string[]).includes(family)) {
    const how =
      hint?.site === "client"
        ? `Place it with models.register("${model}", "<family>") (${familiesOf("image")})`
        : `Pass \`family\` (${familiesOf("image")})`;
    throw new PricingError(
      "unknown_family",
      `Model "${model}" is in the image family ${family}, which has no row of its own in the spec's price table. ` +
        `${how} for the row your gateway bills it under.`,
    );
  }
  getPriceFamily(family);
  return family as FamilyId;
}

/**
 * The catalog as one object: `models.register("doubao-seedance-*", "vidA")` places the real ids a
 * relay uses in the spec's families, so their bounds and prices apply; `models.family(id)` tells
 * where an id is placed (undefined: nowhere, so only the bounds every model shares are checked).
 */
export const models = {
  /** Maps an id or a prefix ending in "*" to a family; returns a function that undoes it. */
  register: registerModel,
  /** The family of an id (per-call map first, then registrations, then the built-ins), or undefined. */
  family: findModelFamily,
  /** The built-in rules: the spec's ids and placeholders. */
  builtin: BUILTIN_MODELS,
} as const;
