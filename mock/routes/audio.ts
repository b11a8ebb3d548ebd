/**
 * /v1/audio/speech: any model and voice; the spec's bounds (input, speed) and the upstream's
 * formats (answered as 221306 parameter errors), then a real audio file
 * of the requested format, `state.options.speechBytes` long (whole frames, so slightly under),
 * streamed chunk by chunk and generated as it goes (see media/audio.ts for what each format holds).
 */
import { limits } from "../../src/index.js";
import type { Route } from "../context.js";
import { framedBody } from "../http.js";
import { AUDIO_CONTENT_TYPES, type AudioFormat, audioChunks } from "../media/audio.js";

const bounds = limits.audio.speech;
const FORMATS: readonly string[] = bounds.response_format.oneOf;

function checkSpeech(body: unknown): { message: string; param: string } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { message: "Request body must be a JSON object", param: "" };
  }
  const b = body as Record<string, unknown>;
  if (typeof b.model !== "string" || b.model === "") return { message: "model is required", param: "model" };
  if (typeof b.input !== "string" || b.input === "") return { message: "input is required", param: "input" };
  // Characters as the spec counts them: code points (an emoji is one, whatever its UTF-16 length).
  if ([...b.input].length > bounds.input.maxLength)
    return { message: `input must be at most ${bounds.input.maxLength} characters`, param: "input" };
  if (typeof b.voice !== "string" || b.voice === "") return { message: "voice is required", param: "voice" };
  const { minimum, maximum } = bounds.speed;
  if (b.speed !== undefined && (typeof b.speed !== "number" || b.speed < minimum || b.speed > maximum)) {
    return { message: `speed must be between ${minimum} and ${maximum}`, param: "speed" };
  }
  if (b.response_format !== undefined && !FORMATS.includes(b.response_format as string)) {
    return { message: `response_format must be one of ${FORMATS.join(", ")}`, param: "response_format" };
  }
  return undefined;
}

export const audioRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/v1\/audio\/speech$/,
    handle(context) {
      const problem = checkSpeech(context.body);
      if (problem)
        return context.fail({ status: 400, code: 221306, type: "invalid_request_error", ...problem });
      const format = ((context.body as { response_format?: string }).response_format ?? "mp3") as AudioFormat;
      if (context.state.options.emptySpeech) {
        // new-api read the upstream's audio whole and the read broke off: it still answers 200 with
        // the upstream's headers, writes nothing (Go sends Content-Length: 0) and bills the call
        // (relay/channel/openai/audio.go OpenaiTTSHandler, relay/audio_handler.go AudioHelper).
        return new Response(null, {
          headers: { "content-type": AUDIO_CONTENT_TYPES[format], "content-length": "0" },
        });
      }
      const chunks = audioChunks(format, context.state.options.speechBytes);
      return new Response(framedBody(chunks, context.frames()), {
        headers: { "content-type": AUDIO_CONTENT_TYPES[format] },
      });
    },
  },
];
