/** genway speech: text to speech, streamed straight to a file. */
import { characterCount } from "../../core/validation/index.js";
import { speechLimits } from "../../limits.js";
import { saveToFile } from "../../node/index.js";
import { InputError, number, required, text } from "../args.js";
import type { Command } from "../command.js";
import { confirmCost, MAX_COST } from "../confirm.js";
import { print, printJson } from "../output.js";

const bounds = speechLimits;

export const speech: Command = {
  name: "speech",
  summary: "turn text into speech and save the audio (streamed to disk as it arrives)",
  usage:
    "genway speech [--model tts-1|tts-1-hd|ID] [--voice V] [--format mp3|opus|aac|flac|wav|pcm] [--speed X] [--out FILE] [--group G] [--max-cost N] [--yes] <text...>",
  options: {
    model: { type: "string", short: "m" },
    voice: { type: "string" },
    format: { type: "string" },
    speed: { type: "string" },
    out: { type: "string", short: "o" },
    group: { type: "string" },
    yes: { type: "boolean", short: "y" },
    ...MAX_COST,
  },
  help: [
    `Voices: alloy, echo, fable, onyx, nova, shimmer (and any other the gateway offers). The text is at most ${bounds.input.maxLength} characters; --speed ${bounds.speed.minimum} to ${bounds.speed.maximum}.`,
    "--out FILE must not exist (its folder is created); default speech.<format>, or speech-2.<format> ...",
  ].join("\n"),
  fields: {
    input: "<text>",
    model: "--model",
    voice: "--voice",
    speed: "--speed",
    response_format: "--format",
  },
  async run(context) {
    const { values, positionals, signal, json, stdout } = context;
    const input = required(positionals, "<text>");
    // Characters as the spec counts them (code points), as the library and the gateway do.
    const characters = characterCount(input);
    const { maxLength } = bounds.input;
    if (characters > maxLength)
      throw new InputError(`<text> must be at most ${maxLength} characters (got ${characters})`);
    const format = (values.format as string | undefined) ?? "mp3";
    const model = text(values, "model") ?? "tts-1";
    const speed = number(values, "speed", bounds.speed);
    const path = await context.files.output(text(values, "out"), `speech.${format}`);
    await confirmCost(context, { model, characters });
    const audio = await context.client().audio.speech.create(
      {
        model,
        voice: (values.voice as string | undefined) ?? "alloy",
        input,
        response_format: format,
        ...(speed !== undefined ? { speed } : {}),
      } as never,
      { signal },
    );
    const saved = await saveToFile(audio, path);
    context.files.finished(path);
    if (json) return printJson(stdout, saved);
    print(stdout, `${saved.path} (${saved.bytes} bytes)\n`);
  },
};
