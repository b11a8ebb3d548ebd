/**
 * POST /v1/audio/speech, declared once: the operation and the schema its params must meet. Model
 * and voice are open (new speech models and voices arrive faster than releases); the bounds the
 * spec states whatever the model (input <= 4096 characters, speed 0.25-4) and the closed list of
 * formats (the spec's four plus the upstream's wav and pcm) are checked.
 */
import { operation, type Units } from "../../core/http/index.js";
import { characterCount, v } from "../../core/validation/index.js";
import { speechLimits } from "../../limits.js";
import type { SpeechCreateParams } from "./requests.js";

/** @internal Exported for its type test (tests/types), which keeps it and the declared params type together. */
export const speechParams = v.object({
  model: v.text(),
  input: v.string(speechLimits.input),
  voice: v.text(),
  instructions: v.optional(v.string()),
  speed: v.optional(v.number(speechLimits.speed)),
  response_format: v.optional(v.oneOf(speechLimits.response_format.oneOf)),
});

export const CREATE = operation<SpeechCreateParams>({
  name: "audio.speech.create",
  method: "POST",
  path: "/v1/audio/speech",
  policy: "paid",
  schema: speechParams,
  accept: "audio/*",
  // Billed per 10,000 characters (code points) of input: known before sending, the same after.
  meter: (params): Units => ({ model: params.model, characters: characterCount(params.input ?? "") }),
});
