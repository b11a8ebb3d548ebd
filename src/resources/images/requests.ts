/**
 * What `gw.images` takes. The spec gives the generic variant's fields and bounds, the sizes of
 * families A and B, and the edit request; everything else follows the upstream format the route
 * relays (OpenAI images) and is marked so.
 */
// operations.ts holds the schemas that check them at run time; the type tests keep the two from drifting.
import type { Uploadable } from "../../core/uploads/index.js";
import type {
  FamilyAModel,
  FamilyBModel,
  FamilyImageSize,
  GenericImageSize,
  ImageAspectRatio,
  ImageEditModel,
  ImageModel,
  NanoBananaModel,
} from "./models.js";

/** Fields of the upstream OpenAI request that every variant may carry (the spec does not show them). */
interface UpstreamImageFields {
  /** Upstream (OpenAI): how images come back, `url` (default) or `b64_json`. */
  response_format?: "url" | "b64_json";
  /** Upstream (OpenAI): an id of your end user, for abuse monitoring. */
  user?: string;
}

/** The spec's generic text-to-image variant: no `model`. */
export interface GenericImageGenerateParams extends UpstreamImageFields {
  /** Absent: the generic variant. Give a model id to use another variant. */
  model?: undefined;
  /** Required. What to draw; at most 1000 characters. */
  prompt: string;
  /** How many images: an integer from 1 to 10. */
  n?: number;
  /** One of 256x256, 512x512, 1024x1024. */
  size?: GenericImageSize;
}

/** Family A (three tiers, `imgA-base`, `imgA-dev`, `imgA-pro`). */
export interface FamilyAImageGenerateParams extends UpstreamImageFields {
  /** A family A id; ids the catalog places in "imgA" follow the same rules. */
  model: FamilyAModel;
  /** Required. What to draw (the spec bounds no length for this family). */
  prompt: string;
  /** One of the twelve family sizes (1024x512 ... 1344x576). */
  size?: FamilyImageSize;
  /** Upstream (OpenAI): how many images (the spec does not show it for this family). */
  n?: number;
}

/** Family B (the standard model `imgB-standard` and its seasonal variant `imgB-seasonal`). */
export interface FamilyBImageGenerateParams extends UpstreamImageFields {
  /** A family B id; ids the catalog places in "imgB" follow the same rules. */
  model: FamilyBModel;
  /** Required. What to draw (the spec bounds no length for this family). */
  prompt: string;
  /** One of the twelve family sizes (1024x512 ... 1344x576). */
  size?: FamilyImageSize;
  /** Upstream (OpenAI): how many images (the spec does not show it for this family). */
  n?: number;
}

/** The nano-banana image model ("recommended integration"; the spec shows no fields). */
export interface NanoBananaImageGenerateParams extends UpstreamImageFields {
  /** `nano-banana`, `nano-banana-hd` or another `nano-banana-*` id. */
  model: NanoBananaModel;
  /** Required. What to draw or how to change the reference images. */
  prompt: string;
  /** Relay field (not in the spec): the picture's aspect ratio, e.g. "16:9". */
  aspect_ratio?: ImageAspectRatio;
  /** Relay field (not in the spec): reference images as URLs or base64 text. */
  image?: string[];
  /** Upstream (OpenAI): how many images. */
  n?: number;
}

/**
 * Any other model id (dall-e-3, gpt-image-1, flux-*...): the upstream OpenAI request. Only what holds
 * for every model is checked (a prompt); the rest is the gateway's to judge.
 */
export interface OpenImageGenerateParams extends UpstreamImageFields {
  /**
   * Any model id the gateway relays. Optional in the type only, so that a value typed as the whole
   * `ImageGenerateParams` union fits; without a model the generic variant's rules apply.
   */
  model?: ImageModel;
  /** Required. What to draw. */
  prompt: string;
  /** Upstream (OpenAI): how many images (dall-e-3 takes only 1). */
  n?: number;
  /** Upstream (OpenAI): e.g. "1024x1024", "1792x1024", "1536x1024" or "auto", as the model allows. */
  size?: string;
  /** Upstream (OpenAI): "standard" | "hd" (dall-e-3), "low" | "medium" | "high" | "auto" (gpt-image-1). */
  quality?: string;
  /** Upstream (OpenAI, dall-e-3): "vivid" or "natural". */
  style?: string;
  /** Upstream (OpenAI, gpt-image-1): "transparent", "opaque" or "auto". */
  background?: string;
  /** Upstream (OpenAI, gpt-image-1): "png", "jpeg" or "webp". */
  output_format?: string;
  /** Upstream (OpenAI, gpt-image-1): compression 0-100 for jpeg and webp. */
  output_compression?: number;
  /** Upstream (OpenAI, gpt-image-1): "low" or "auto". */
  moderation?: string;
}

/** What `gw.images.generate` takes: one variant per family. */
export type ImageGenerateParams =
  | GenericImageGenerateParams
  | FamilyAImageGenerateParams
  | FamilyBImageGenerateParams
  | NanoBananaImageGenerateParams
  | OpenImageGenerateParams;

/**
 * The variant a `model` selects at the type level: no model the generic variant, a known family id
 * its family, any other id the open upstream request.
 */
export type ImageGenerateParamsFor<M> = M extends undefined
  ? GenericImageGenerateParams
  : M extends FamilyAModel
    ? FamilyAImageGenerateParams
    : M extends FamilyBModel
      ? FamilyBImageGenerateParams
      : M extends NanoBananaModel
        ? NanoBananaImageGenerateParams
        : OpenImageGenerateParams;

/** What `gw.images.edit` takes, sent as multipart/form-data. */
export interface ImageEditParams {
  /** Required. The editing model; the spec's gateway serves the pro and max tiers of one family (flux-kontext-pro, flux-kontext-max). Any id is sent. */
  model: ImageEditModel;
  /** Required. What to change. */
  prompt: string;
  /** Reference image(s): one Uploadable or several (sent as repeated `image` parts). Optional: without it the endpoint draws from the prompt. */
  image?: Uploadable | Uploadable[];
  /** Upstream (OpenAI): a mask file whose transparent areas mark what to edit. */
  mask?: Uploadable;
  /** Preferred over size. The spec lists 21:9, 16:9, 4:3, 3:2, 1:1, 2:3, 3:4, 9:16, 9:21; other values are sent as given. */
  aspect_ratio?: ImageAspectRatio;
  /** "<width>x<height>": converted to a ratio by the gateway. Use aspect_ratio instead. */
  size?: string;
  /** Upstream (OpenAI): how many images. */
  n?: number;
  /** Upstream (OpenAI): `url` or `b64_json`. */
  response_format?: "url" | "b64_json";
}
