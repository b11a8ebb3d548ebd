/** What `gw.audio.speech.create` takes. */
// operations.ts holds the run-time check; the type tests keep the two in step.
import type { SPEECH_FORMATS, SPEECH_MODELS, SPEECH_VOICES } from "./models.js";

/** A speech model id: tts-1, tts-1-hd (the spec's), gpt-4o-mini-tts, or any other id. */
export type SpeechModel = (typeof SPEECH_MODELS)[number] | (string & {});
/** A voice: the spec's six, OpenAI's newer ones, or any other the gateway offers. */
export type SpeechVoice = (typeof SPEECH_VOICES)[number] | (string & {});
/**
 * An audio format of speech (closed: the spec's four plus the upstream's wav and pcm).
 * @useDeclaredType
 */
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/** What `gw.audio.speech.create` takes. */
export interface SpeechCreateParams {
  /** Required. The speech model: the spec lists tts-1 and tts-1-hd; any id is sent. */
  model: SpeechModel;
  /** Required. The text to speak: 1 to 4096 characters. */
  input: string;
  /** Required. The voice: the spec lists alloy, echo, fable, onyx, nova, shimmer; any voice is sent. */
  voice: SpeechVoice;
  /** Upstream (OpenAI, gpt-4o-mini-tts): how to speak (tone, accent, pace). Not for tts-1 / tts-1-hd. */
  instructions?: string;
  /** Playback speed from 0.25 to 4.0. Default 1.0. */
  speed?: number;
  /** The audio format: mp3 (default), opus, aac, flac; the upstream also returns wav and pcm. */
  response_format?: SpeechFormat;
}
