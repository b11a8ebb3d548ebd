/** What `gw.images` answers: `{ created, data }`, the spec's response (every variant answers in it). */

import type { RequestIdentified } from "../../core/http/index.js";
/** One generated image: a URL (download it with `gw.images.download`), or base64 when asked for. */
export interface Image {
  /** Where the image can be downloaded (the spec's response). */
  url?: string;
  /** The image as base64 (upstream: `response_format: "b64_json"`, and always for gpt-image-1). */
  b64_json?: string;
  /** Upstream (OpenAI, dall-e-3): the prompt the model actually used. */
  revised_prompt?: string;
}

/** Upstream (OpenAI, gpt-image-1): the tokens a generation used. */
export interface ImagesUsage {
  /** Input plus output tokens. */
  total_tokens?: number;
  /** Tokens of the prompt and reference images. */
  input_tokens?: number;
  /** Tokens of the generated images. */
  output_tokens?: number;
  /** The input tokens split into text and image tokens. */
  input_tokens_details?: { text_tokens?: number; image_tokens?: number };
}

/** `{ created, data[{ url }] }`, the spec's response (other variants answer in the same shape). */
export interface ImagesResponse extends RequestIdentified {
  /** Unix seconds. */
  created: number;
  /** The images, in order. */
  data: Image[];
  /** Upstream (OpenAI, gpt-image-1): token usage. */
  usage?: ImagesUsage;
  /** Upstream (gpt-image-1): the settings the images were made with. */
  background?: "transparent" | "opaque";
  output_format?: "png" | "webp" | "jpeg" | (string & {});
  quality?: "low" | "medium" | "high" | (string & {});
  size?: string;
}
