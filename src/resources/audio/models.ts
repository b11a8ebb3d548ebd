/** Speech model ids, voices and audio formats: the spec's, then the upstream's newer ones. */

/** The speech models the spec lists, plus OpenAI's newer one (autocompletion; any id is sent). */
export const SPEECH_MODELS = ["tts-1", "tts-1-hd", "gpt-4o-mini-tts"] as const;

/** The spec's six voices, then OpenAI's newer ones (autocompletion; any voice is sent). */
export const SPEECH_VOICES = [
  "alloy",
  "echo",
  "fable",
  "onyx",
  "nova",
  "shimmer",
  "ash",
  "ballad",
  "coral",
  "sage",
  "verse",
  "marin",
  "cedar",
] as const;

/** The audio formats (a closed list: declared with the speech bounds). */
export { SPEECH_FORMATS } from "../../limits.js";
