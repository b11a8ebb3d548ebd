/**
 * `limits`: each bound declared once, and the one the client checks and the mock gateway enforces.
 * One past a bound is refused by the client before sending (naming the bound), and, with
 * validation off, by the mock with the gateway's 221306 parameter error; the bound itself passes both.
 */
import { describe, expect, it } from "vitest";
import {
  BadRequestError,
  type ChatCompletionCreateParamsNonStreaming,
  limits,
  ValidationError,
} from "../src/index.js";
import { hello, loopback, thrown } from "./support/index.js";

const chatBounds = ["temperature", "top_p", "presence_penalty", "frequency_penalty"] as const;

describe("limits", () => {
  it("is frozen at every depth: a bound cannot be moved at run time", () => {
    const speed = limits.audio.speech.speed as { maximum: number };
    expect(() => {
      speed.maximum = 10;
    }).toThrow(TypeError);
    expect(() => (limits.images.generate.generic.size.oneOf as unknown as string[]).push("9x9")).toThrow(
      TypeError,
    );
    expect(limits.audio.speech.speed.maximum).toBe(4);
  });

  it.each(chatBounds)("chat %s: the client and the mock agree on both ends", async (name) => {
    const { minimum, maximum } = limits.chat.completions[name];
    const { gw, mock } = await loopback();
    const { gw: unchecked } = await loopback({ validation: "off" });
    const create = (client: typeof gw, value: number) =>
      client.chat.completions.create({ ...hello, [name]: value } as ChatCompletionCreateParamsNonStreaming);

    for (const edge of [minimum, maximum]) await create(gw, edge);
    for (const [past, message] of [
      [maximum + 0.01, `must be at most ${maximum}`],
      [minimum - 0.01, `must be at least ${minimum}`],
    ] as const) {
      const refused = await thrown(() => create(gw, past));
      expect(refused).toBeInstanceOf(ValidationError);
      expect(refused.issues).toEqual([expect.objectContaining({ path: name, message })]);
      const answered = await thrown(() => create(unchecked, past));
      expect(answered).toBeInstanceOf(BadRequestError);
      expect(answered.message).toContain(`${name} must be between ${minimum} and ${maximum}`);
    }
    expect(mock.requests).toHaveLength(2);
  });

  it("speech input: the client and the mock count the same characters (code points) to the same bound", async () => {
    const { maxLength } = limits.audio.speech.input;
    const { gw } = await loopback({}, { speechBytes: 64 });
    const { gw: unchecked } = await loopback({ validation: "off" }, { speechBytes: 64 });
    const speak = (client: typeof gw, input: string) =>
      client.audio.speech.create({ model: "tts-1", voice: "alloy", input });
    // An emoji is two UTF-16 units and one character: maxLength of them fits.
    await (await speak(gw, "😀".repeat(maxLength))).arrayBuffer();
    const over = "😀".repeat(maxLength + 1);
    const refused = await thrown(() => speak(gw, over));
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.message).toContain(`input: must be at most ${maxLength} characters`);
    const answered = await thrown(() => speak(unchecked, over));
    expect(answered).toBeInstanceOf(BadRequestError);
    expect(answered.message).toContain(`input must be at most ${maxLength} characters`);
  });
});
