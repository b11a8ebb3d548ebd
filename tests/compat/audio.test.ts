/** Speech as OpenAI documents it: the request bodies go on the wire unchanged, any model and voice. */
import { describe, expect, it } from "vitest";
import type { SpeechCreateParams } from "../../src/index.js";
import { loopback } from "../support/index.js";

describe("OpenAI speech requests go out unchanged", () => {
  const bodies: Array<[string, SpeechCreateParams]> = [
    [
      "tts-1 (docs example)",
      { model: "tts-1", voice: "alloy", input: "The quick brown fox jumped over the lazy dog." },
    ],
    [
      "gpt-4o-mini-tts with instructions (docs example)",
      {
        model: "gpt-4o-mini-tts",
        voice: "coral",
        input: "Today is a wonderful day to build something people love!",
        instructions: "Speak in a cheerful and positive tone.",
      },
    ],
    [
      "tts-1-hd as wav, faster",
      { model: "tts-1-hd", voice: "nova", input: "Hello", response_format: "wav", speed: 1.25 },
    ],
    [
      "a newer voice as pcm",
      { model: "gpt-4o-mini-tts", voice: "marin", input: "Hello", response_format: "pcm" },
    ],
  ];

  it.each(bodies)("%s", async (_, body) => {
    const { gw, mock } = await loopback();
    const audio = await gw.audio.speech.create(body);
    const bytes = await audio.bytes();
    expect(bytes.length).toBeGreaterThan(0);
    expect(mock.requests.at(-1)!.path).toBe("/v1/audio/speech");
    expect(mock.requests.at(-1)!.body).toEqual(body);
  });

  it("the format asked for is the format that comes back", async () => {
    const { gw } = await loopback();
    const wav = await gw.audio.speech.create({
      model: "tts-1",
      voice: "alloy",
      input: "Hi",
      response_format: "wav",
    });
    expect(wav.contentType).toBe("audio/wav");
    expect(String.fromCharCode(...(await wav.bytes()).subarray(0, 4))).toBe("RIFF");
  });
});
