/** /v1/audio/speech: every bound of the spec's speech request. */
import * as z from "zod/mini";
import { between } from "../../core/schema-rules.js";

/** The speech models the spec lists. */
export const SPEECH_MODELS = ["tts-1", "tts-1-hd"] as const;
/** The voices of the speech models. */
export const SPEECH_VOICES = ["alloy", "echo", "fable", "onyx", "nova", "shimmer"] as const;
/** The audio formats speech can be returned in (default mp3). */
export const SPEECH_FORMATS = ["mp3", "opus", "aac", "flac"] as const;

export const speechParams = z.looseObject({
  model: z.enum(SPEECH_MODELS),
  input: z.string().check(z.minLength(1), z.maxLength(4096)),
  voice: z.enum(SPEECH_VOICES),
  /** Default 1.0. */
  speed: z.optional(between(0.25, 4)),
  /** Default mp3. */
  response_format: z.optional(z.enum(SPEECH_FORMATS)),
});
