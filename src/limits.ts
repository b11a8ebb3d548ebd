/**
 * Every bound genway checks before it sends a request, declared once, by call: the request schemas
 * of each family (src/resources/<family>/operations.ts) read their numbers here, the mock gateway
 * checks the same numbers, and a UI can show them ("at most 4096 characters"). Most come from the
 * spec's Limits table; the chat formats add the bounds of the upstream format each relays, where
 * the spec states none. docs/limits.md lists them all with their sources.
 *
 * Each family's part is a constant of its own, so a bundle keeps only the families it uses; each
 * family's declaration (src/resources/<family>/family.ts) places its part in the public `limits`
 * (src/resources/families.ts).
 */
import { frozen } from "./core/validation/frozen.js";

// The closed lists the bounds name. Each family's models.ts re-exports its own (for autocompletion
// and the `...Size` / `...Format` types); they live here so that limits stand below the families.

/** The audio formats: the spec's mp3, opus, aac, flac and the upstream's wav and pcm (default mp3). */
export const SPEECH_FORMATS = ["mp3", "opus", "aac", "flac", "wav", "pcm"] as const;

/** Sizes of the generic image variant. */
export const GENERIC_SIZES = ["256x256", "512x512", "1024x1024"] as const;
/** The twelve sizes image families A and B allow. */
export const FAMILY_SIZES = [
  "1024x512",
  "1024x1024",
  "1024x576",
  "1024x768",
  "512x1024",
  "512x768",
  "1280x960",
  "960x1280",
  "768x1366",
  "768x512",
  "1366x768",
  "1344x576",
] as const;

/** vidA's ratios (closed for vidA ids: the spec and the vidA format list them all). */
export const VIDA_RATIOS = [
  "21:9",
  "16:9",
  "4:3",
  "1:1",
  "3:4",
  "9:16",
  "9:21",
  "keep_ratio",
  "adaptive",
] as const;
/** vidA's resolutions. */
export const VIDA_RESOLUTIONS = ["480p", "720p", "1080p"] as const;

/** `limits.chat.completions`: the spec's chat bounds, and what the relayed (OpenAI) format bounds besides. */
export const chatLimits = /* @__PURE__ */ frozen({
  temperature: { minimum: 0, maximum: 2 },
  top_p: { minimum: 0, maximum: 1 },
  presence_penalty: { minimum: -2, maximum: 2 },
  frequency_penalty: { minimum: -2, maximum: 2 },
  /** Each bias, by token id. */
  logit_bias: { minimum: -100, maximum: 100 },
  stop: { minItems: 1, maxItems: 4 },
  /** The gateway's own ceiling on choices per request. */
  n: { minimum: 1, maximum: 128, integer: true },
  max_tokens: { minimum: 1, integer: true },
  max_completion_tokens: { minimum: 1, integer: true },
  top_logprobs: { minimum: 0, integer: true },
});

/** `limits.messages`: the Anthropic format's bounds (the spec states none for /v1/messages). */
export const messagesLimits = /* @__PURE__ */ frozen({
  temperature: { minimum: 0, maximum: 1 },
  top_p: { minimum: 0, maximum: 1 },
  top_k: { minimum: 0, integer: true },
  max_tokens: { minimum: 1, integer: true },
  /** Extended thinking: `enabled` with a budget of at least 1024 tokens. */
  thinking: { budget_tokens: { minimum: 1024, integer: true } },
});

/** `limits.responses`: the Responses format's bounds (the spec states none of its own). */
export const responsesLimits = /* @__PURE__ */ frozen({
  temperature: { minimum: 0, maximum: 2 },
  top_p: { minimum: 0, maximum: 1 },
  max_output_tokens: { minimum: 16, integer: true },
  max_tool_calls: { minimum: 1, integer: true },
  top_logprobs: { minimum: 0, integer: true },
  /** At most 16 pairs, keys of at most 64 characters, values of at most 512. */
  metadata: { maxProperties: 16, keys: { maxLength: 64 }, values: { maxLength: 512 } },
});

/** `limits.native`: the native format's bounds (the spec states none of its own). */
export const nativeLimits = /* @__PURE__ */ frozen({
  generationConfig: {
    temperature: { minimum: 0, maximum: 2 },
    topP: { minimum: 0, maximum: 1 },
    topK: { minimum: 1, integer: true },
    candidateCount: { minimum: 1, integer: true },
    maxOutputTokens: { minimum: 1, integer: true },
    stopSequences: { maxItems: 5 },
    /** -1: the model sizes its own budget; 0: no thinking. */
    thinkingConfig: { thinkingBudget: { minimum: -1, integer: true } },
  },
});

/** `limits.images`: the spec's bounds of a generation, by variant. */
export const imagesLimits = /* @__PURE__ */ frozen({
  generate: {
    /** No model: the spec's generic variant. */
    generic: {
      prompt: { minLength: 1, maxLength: 1000 },
      n: { minimum: 1, maximum: 10, integer: true },
      size: { oneOf: GENERIC_SIZES },
    },
    /** A model the catalog places in family A or B (imgA-*, imgB-*). */
    family: { size: { oneOf: FAMILY_SIZES } },
    /**
     * Whatever the model: `n` is a count of images (the spec types it an integer; new-api reads it
     * into an unsigned integer, so a negative or fractional count is its 400 whatever the model).
     */
    any: { n: { minimum: 1, integer: true } },
  },
});

/** `limits.audio.speech`: the spec's speech bounds, and the formats (the spec's four, the upstream's wav and pcm). */
export const speechLimits = /* @__PURE__ */ frozen({
  input: { minLength: 1, maxLength: 4096 },
  speed: { minimum: 0.25, maximum: 4 },
  response_format: { oneOf: SPEECH_FORMATS },
});

/** `limits.videos`: the spec's bounds of vidA and vidB submissions. */
export const videosLimits = /* @__PURE__ */ frozen({
  vidA: {
    seed: { minimum: 0, maximum: 2147483647, integer: true },
    duration: { oneOf: [5, 10] },
    /** With images (image-to-video, first/last frame); the gateway would cut a longer one. */
    promptWithImages: { maxLength: 800 },
    ratio: { oneOf: VIDA_RATIOS },
    resolution: { oneOf: VIDA_RESOLUTIONS },
  },
  vidB: {
    aspect_ratio: { oneOf: ["16:9", "9:16"] },
    /** Reference images per model: first and last frame, the first frame, up to three elements. */
    maxImages: { "vidB2-fast-frames": 2, "vidB3-pro-frames": 1, "vidB2-fast-components": 3 },
  },
});

const MB = 1024 * 1024;
/** Vidgen images: jpg/jpeg/png, at most 10 MB. */
const IMAGE = { maxBytes: 10 * MB, formats: ["jpeg", "png"] } as const;
/** Reference images whose format the spec leaves open: the 10 MB bound only. */
const REFERENCE = { maxBytes: 10 * MB } as const;
/** Video frames: also at least 300x300 px. */
const FRAME = { ...IMAGE, minWidth: 300, minHeight: 300 } as const;
const n = { minimum: 1, maximum: 9, integer: true } as const;
const unit = { minimum: 0, maximum: 1 } as const;
/** `std` is high performance, `pro` high quality. */
const mode = { oneOf: ["std", "pro"] } as const;
/** On the wire the strings '5' / '10'; the numbers 5 and 10 are taken and sent as strings. */
const duration = { oneOf: ["5", "10"] } as const;

/** `limits.vidgen`: the spec's vidgen table, per operation (images in bytes and pixels). */
export const vidgenLimits = /* @__PURE__ */ frozen({
  images: {
    /** The spec's schema says 5000 and 2000, its text 500 and 200: the looser bound is checked. */
    generate: {
      prompt: { minLength: 1, maxLength: 5000 },
      negative_prompt: { maxLength: 2000 },
      n,
      image_fidelity: unit,
      image: IMAGE,
    },
    expand: { n, image: REFERENCE },
    multiImageToImage: { n, image: REFERENCE },
  },
  videos: {
    textToVideo: {
      mode,
      duration,
      cfg_scale: unit,
      prompt: { minLength: 1, maxLength: 500 },
      negative_prompt: { maxLength: 200 },
      /** pan, roll, tilt, zoom, vertical and horizontal alike. */
      camera_control: { config: { minimum: -10, maximum: 10, integer: true } },
    },
    /** A tail frame pins the duration to 5 seconds. */
    imageToVideo: { mode, duration, cfg_scale: unit, image: FRAME, image_tail: FRAME },
    multiImageToVideo: { mode, duration, cfg_scale: unit, image: FRAME },
  },
  audio: {
    textToAudio: {
      prompt: { minLength: 1, maxLength: 200 },
      /** Seconds, with at most one decimal (the spec declares an integer; it means this). */
      duration: { minimum: 3, maximum: 10 },
    },
  },
});

/** `limits.musicgen`: where a continuation may start, and the closed list of batch fetch actions. */
export const musicgenLimits = /* @__PURE__ */ frozen({
  /** Seconds into the clip a continuation starts from (songs, v1 lyrics); a float upstream. */
  continue_at: { minimum: 0 },
  /** Closed by the spec and the upstream alike (new-api relay/channel/task/suno/adaptor.go `actionValidate` answers anything else with invalid_action). */
  fetchMany: { action: { oneOf: ["MUSIC", "LYRICS"] } },
});
