/** The spec's vidA and vidB model ids, and vidA's ratios and resolutions. */

/** The vidA ids the spec lists for text- and image-to-video. */
export const VIDA_MODELS = [
  "vidA-2.5",
  "vidA-2-0-260128",
  "vidA-2-0-fast-260128",
  "vidA-2.0-mini",
  "vidA-1-0-pro-250528",
  "vidA-1-0-lite-t2v-250428",
  "vidA-1-0-lite-i2v-250428",
] as const;

/** vidA's ratios and resolutions (closed lists: declared with the video bounds). */
export { VIDA_RATIOS, VIDA_RESOLUTIONS } from "../../limits.js";

/** The vidB ids the spec lists for text-to-video. */
export const VIDB_TEXT_MODELS = [
  "vidB3",
  "vidB3-fast",
  "vidB3-pro",
  "vidB3-pro-frames",
  "vidB2",
  "vidB2-fast",
  "vidB2-fast-frames",
  "vidB2-fast-components",
  "vidB2-pro",
  "vidB3-fast-frames",
  "vidB3.1",
  "vidB3.1-pro",
] as const;

/** The vidB ids the spec lists for image-to-video. */
export const VIDB_IMAGE_MODELS = [
  "vidB3-pro-frames",
  "vidB3-fast-frames",
  "vidB2-fast-frames",
  "vidB2-fast-components",
  "vidB3.1",
  "vidB3.1-pro",
  "vidB3.1-components",
] as const;
