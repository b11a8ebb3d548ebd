/**
 * POST /v2/videos/generations and its query, declared once: the operations and the schemas a
 * submission must meet. Which rules apply depends on where the model catalog (src/money/models.ts)
 * places the id: "vidA" gets the vidA bounds, "vidB" the vidB ones, any other id (veo3, sora-2,
 * kling-v2-master ...) only what every model needs (model, prompt). Rules the spec ties to one exact
 * id (which vidA ids take first/last frames, return_last_frame on the lite-i2v id, vidB's
 * text/image model lists and image counts) apply to exactly those ids. The variant is told by the
 * images given: none -> text-to-video; for vidA two -> first/last frame, otherwise image-to-video.
 * No SDK-only field says it (none is ever sent).
 */
import { billedFields, operation, path, type Units } from "../../core/http/index.js";
import { encodeImageField, isUploadable, type Uploadable } from "../../core/uploads/index.js";
import {
  characterCount,
  type Finding,
  mustBeAtMost,
  mustBeOneOf,
  type ValidationMode,
  v,
} from "../../core/validation/index.js";
import { videosLimits } from "../../limits.js";
import { findModelFamily } from "../../money/models.js";
import { VIDA_MODELS, VIDB_IMAGE_MODELS, VIDB_TEXT_MODELS } from "./models.js";
import type { VideoCreateParams } from "./requests.js";

const OPERATION = "videos.create";

const { vidA, vidB } = videosLimits;

/** The spec's first/last-frame ids: the vidA list without the pro and lite-t2v ids. */
const VIDA_FRAME_MODELS = [
  "vidA-2.5",
  "vidA-2-0-260128",
  "vidA-2-0-fast-260128",
  "vidA-2.0-mini",
  "vidA-1-0-lite-i2v-250428",
] as const;
/** The only spec id whose image variants may return the last frame. */
const VIDA_LAST_FRAME_IMAGE_MODEL = "vidA-1-0-lite-i2v-250428";
const VIDB_MODELS: readonly string[] = [...new Set([...VIDB_TEXT_MODELS, ...VIDB_IMAGE_MODELS])];

/** A URL, base64 (or a data: URL), or bytes that the SDK encodes as base64. */
const image = v.union(v.text(), v.custom<Uploadable>(isUploadable));

/** What every video submission needs, whatever the model. */
const shared = { model: v.text(), prompt: v.text(), images: v.optional(v.array(image)) };

const isOneOf = (list: readonly string[], value: string) => list.includes(value);
const notAllowed = (values: readonly string[]): Finding => ({
  path: ["model"],
  rule: "invalid_value",
  message: mustBeOneOf(values),
  abort: true,
});
const atMost = (field: "images" | "prompt", maximum: number): Finding => ({
  path: [field],
  rule: "too_big",
  message: mustBeAtMost(maximum, field === "prompt" ? "character" : "item"),
  abort: true,
});

/**
 * @internal Exported for its type test (tests/types), which keeps it and the declared type together.
 * Any id the catalog does not place in vidA or vidB: the model-independent checks only. Its image
 * strings are the gateway's to judge (the upstream's own example sends `""` placeholders).
 */
export const openVideoParams = v.object({
  ...shared,
  images: v.optional(v.array(v.union(v.string(), v.custom<Uploadable>(isUploadable)))),
});

/** @internal Exported for its type test (tests/types), which keeps it and the declared params type together. */
export const vidAParams = v.refine(
  v.object({
    ...shared,
    seed: v.optional(v.number(vidA.seed)),
    ratio: v.optional(v.oneOf(vidA.ratio.oneOf)),
    duration: v.optional(v.oneOf(vidA.duration.oneOf)),
    resolution: v.optional(v.oneOf(vidA.resolution.oneOf)),
    watermark: v.optional(v.boolean()),
    camerafixed: v.optional(v.boolean()),
    generate_audio: v.optional(v.boolean()),
    return_last_frame: v.optional(v.boolean()),
  }),
  (p) => {
    const count = p.images?.length ?? 0;
    if (count === 0) return undefined; // text-to-video
    const found: Finding[] = [];
    const { maxLength } = vidA.promptWithImages;
    if (p.prompt.length > maxLength && characterCount(p.prompt) > maxLength)
      found.push(atMost("prompt", maxLength));
    if (!isOneOf(VIDA_MODELS, p.model)) return found; // the per-id rules below name the spec's ids only
    if (count === 2 && !isOneOf(VIDA_FRAME_MODELS, p.model)) found.push(notAllowed(VIDA_FRAME_MODELS));
    if (p.return_last_frame && p.model !== VIDA_LAST_FRAME_IMAGE_MODEL)
      found.push(notAllowed([VIDA_LAST_FRAME_IMAGE_MODEL]));
    return found;
  },
);

/** @internal Exported for its type test (tests/types), which keeps it and the declared params type together. */
export const vidBParams = v.refine(
  v.object({
    ...shared,
    aspect_ratio: v.optional(v.oneOf(vidB.aspect_ratio.oneOf)),
    enhance_prompt: v.optional(v.boolean()),
    enable_upsample: v.optional(v.boolean()),
  }),
  (p) => {
    if (!VIDB_MODELS.includes(p.model)) return undefined; // the lists and limits name the spec's ids only
    const count = p.images?.length ?? 0;
    if (count === 0) return isOneOf(VIDB_TEXT_MODELS, p.model) ? undefined : notAllowed(VIDB_TEXT_MODELS);
    const found: Finding[] = [];
    if (!isOneOf(VIDB_IMAGE_MODELS, p.model)) found.push(notAllowed(VIDB_IMAGE_MODELS));
    const max = (vidB.maxImages as Readonly<Record<string, number>>)[p.model];
    if (max !== undefined && count > max) found.push(atMost("images", max));
    return found;
  },
);

/** The checks a model gets: vidA's or vidB's where the catalog places it, else (undefined) the shared ones. */
function familySchema(model: unknown) {
  const family = typeof model === "string" ? findModelFamily(model) : undefined;
  return family === "vidA" ? vidAParams : family === "vidB" ? vidBParams : undefined;
}

/** Paid: never repeated unless the gateway certainly did not take it. */
export const CREATE = operation<VideoCreateParams>({
  name: OPERATION,
  method: "POST",
  path: "/v2/videos/generations",
  policy: "paid",
  schema: (params) => familySchema(params.model) ?? openVideoParams,
  body: toWire,
  meter,
});

/**
 * Billed by the fields the relay reads from the request: per second (vidA), per request (vidB), or
 * a per-request price the relay scales by a veo or sora video's seconds and resolution
 * (src/money/ratios.ts). Before sending it is the worst case: a video that asks for no length is
 * priced at the longest its price per second allows, where the relay has no default of its own.
 */
function meter(params: VideoCreateParams, answer?: unknown): Units {
  // Every video has its fields, none given included: the relay bills a veo video 8 s by default.
  const units: Units = { model: params.model, fields: billedFields(params) ?? {} };
  if (answer === undefined) units.worstCase = true;
  return units;
}

export const RETRIEVE = operation<string>({
  name: "videos.retrieve",
  method: "GET",
  path: (id) => path`/v2/videos/generations/${id}`,
  policy: "idempotent",
});

/** The params as given, with image bytes as base64. */
async function toWire(params: VideoCreateParams, mode: ValidationMode): Promise<VideoCreateParams> {
  if (params.images === undefined) return params;
  // Bytes become base64; strings go as given. For vidA and vidB, whose images the spec describes
  // as URL or base64, a string that is neither is refused (a file path is a common slip). The spec
  // bounds no size: the open bound only switches that syntax check on.
  const rules = mode === "strict" && familySchema(params.model) ? { maxBytes: Number.POSITIVE_INFINITY } : {};
  const encoded = await Promise.all(
    params.images.map((image, i) => encodeImageField(image, rules, `images.${i}`, OPERATION)),
  );
  return { ...params, images: encoded };
}
