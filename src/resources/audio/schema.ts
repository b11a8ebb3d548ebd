/**
 * /v1/audio/speech. Model and voice are open (new speech models and voices arrive faster than
 * releases); the bounds the spec states whatever the model (input <= 4096, speed 0.25-4) and the
 * closed list of response formats (the spec's four plus the upstream's wav and pcm) are checked.
 */
import * as z from "zod/mini";
import { between, characters } from "../../core/validation/index.js";
import { SPEECH_FORMATS } from "./models.js";

/** Builds every schema of this file; runs once, on the first call that validates with one of them. */
function build() {
  const speechParams = z.looseObject({
    model: z.string().check(z.minLength(1)),
    // The spec's 4096 characters are code points: "😀" counts one (core/validation/characters.ts).
    input: characters(4096),
    voice: z.string().check(z.minLength(1)),
    instructions: z.optional(z.string()),
    speed: z.optional(between(0.25, 4)),
    response_format: z.optional(z.enum(SPEECH_FORMATS)),
  });
  return { speechParams };
}

let built: ReturnType<typeof build> | undefined;
const schemas = () => (built ??= build());

export const speechParams = /* @__PURE__ */ z.lazy(() => schemas().speechParams);
