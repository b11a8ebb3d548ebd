/** Type tests of gw.audio.speech: open model and voice, a closed format list, the binary result. */
import { describe, expectTypeOf, it } from "vitest";
import type { Input } from "../../src/core/validation/index.js";
import Genway, { type BinaryResponse, type SpeechCreateParams } from "../../src/index.js";
import type { speechParams } from "../../src/resources/audio/operations.js";
import type { Agree, Declared, SameKeys } from "./support.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "http://gateway.test" });

describe("audio.speech.create", () => {
  it("takes known and new models and voices", () => {
    async function calls() {
      const audio = await gw.audio.speech.create({
        model: "tts-1-hd",
        voice: "onyx",
        input: "Hi",
        response_format: "flac",
      });
      await gw.audio.speech.create({
        model: "gpt-4o-mini-tts",
        voice: "coral",
        input: "Hi",
        instructions: "Speak cheerfully.",
        response_format: "wav",
      });
      await gw.audio.speech.create({
        model: "tts-2",
        voice: "a-new-voice",
        input: "Hi",
        speed: 1.5,
        response_format: "pcm",
      });
      expectTypeOf(audio).toEqualTypeOf<BinaryResponse>();
      expectTypeOf(audio.contentType).toEqualTypeOf<string>();
      expectTypeOf(await audio.bytes()).toExtend<Uint8Array>();
    }
    void calls;
  });

  it("refuses misspelled fields, wrong types and formats off the list", () => {
    function calls() {
      // @ts-expect-error: misspelled required field
      gw.audio.speech.create({ model: "tts-1", voice: "alloy", inptu: "Hi" });
      // @ts-expect-error: speed is a number
      gw.audio.speech.create({ model: "tts-1", voice: "alloy", input: "Hi", speed: "fast" });
      // @ts-expect-error: mp4 is not an audio format the gateway returns
      gw.audio.speech.create({ model: "tts-1", voice: "alloy", input: "Hi", response_format: "mp4" });
    }
    void calls;
  });

  it("declares the same fields as the schema (both ways)", () => {
    expectTypeOf<SpeechCreateParams>().toExtend<Declared<Input<typeof speechParams>>>();
    expectTypeOf<Declared<Input<typeof speechParams>>>().toExtend<SpeechCreateParams>();
    expectTypeOf<
      SameKeys<SpeechCreateParams, Declared<Input<typeof speechParams>>, never>
    >().toEqualTypeOf<Agree>();
  });
});
