/** Speech request types, from the schema. */
import type * as z from "zod/mini";
import type { SPEECH_FORMATS, SPEECH_MODELS, SPEECH_VOICES, speechParams } from "./schema.js";

/**
 * What `gw.audio.speech.create` takes: model, text, voice, and optional format and speed.
 * @useDeclaredType
 */
export type SpeechCreateParams = z.input<typeof speechParams>;
/**
 * A speech model id.
 * @useDeclaredType
 */
export type SpeechModel = (typeof SPEECH_MODELS)[number];
/**
 * A speech voice.
 * @useDeclaredType
 */
export type SpeechVoice = (typeof SPEECH_VOICES)[number];
/**
 * An audio format of speech.
 * @useDeclaredType
 */
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];
