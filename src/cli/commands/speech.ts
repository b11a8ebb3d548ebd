/** genway speech: text to speech, streamed straight to a file. */
import { saveToFile } from "../../node/index.js";
import type { Command } from "../command.js";
import { printJson } from "../output.js";

export const speech: Command = {
  name: "speech",
  summary: "turn text into speech and save the audio (streamed to disk as it arrives)",
  usage:
    "genway speech [--model tts-1|tts-1-hd|ID] [--voice V] [--format mp3|opus|aac|flac|wav|pcm] [--speed X] [--out FILE] <text...>",
  options: {
    model: { type: "string", short: "m" },
    voice: { type: "string" },
    format: { type: "string" },
    speed: { type: "string" },
    out: { type: "string", short: "o" },
  },
  help: "Voices: alloy, echo, fable, onyx, nova, shimmer (and any other the gateway offers).",
  async run({ values, positionals, signal, client, json, stdout }) {
    const format = (values.format as string | undefined) ?? "mp3";
    const audio = await client().audio.speech.create(
      {
        model: (values.model as string | undefined) ?? "tts-1",
        voice: (values.voice as string | undefined) ?? "alloy",
        input: positionals.join(" "),
        response_format: format,
        ...(values.speed ? { speed: Number(values.speed) } : {}),
      } as never,
      { signal },
    );
    const saved = await saveToFile(audio, (values.out as string | undefined) ?? `speech.${format}`);
    if (json) return printJson(stdout, saved);
    stdout.write(`${saved.path} (${saved.bytes} bytes)\n`);
  },
};
