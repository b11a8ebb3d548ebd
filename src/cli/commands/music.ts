/** genway music: a song (custom lyrics, or a description with --describe) or lyrics job, optionally awaited. */
import type { Command } from "../command.js";
import { bodyFlag, reportTask } from "../wait.js";

/** The flags given, under their wire names; nothing the user did not give is sent. */
function songFields(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [flag, field] of [
    ["title", "title"],
    ["tags", "tags"],
    ["mv", "mv"],
  ] as const) {
    if (typeof values[flag] === "string") out[field] = values[flag];
  }
  if (values.instrumental === true) out.make_instrumental = true;
  return out;
}

export const music: Command = {
  name: "music",
  summary: "submit a song (or --lyrics-only) job; --wait follows it with a progress bar",
  usage:
    "genway music [--describe] [--title T] [--tags T] [--mv MODEL] [--instrumental] [--lyrics-only] [--body JSON] [--wait] <prompt...>",
  options: {
    describe: { type: "boolean" },
    title: { type: "string" },
    tags: { type: "string" },
    mv: { type: "string" },
    instrumental: { type: "boolean" },
    "lyrics-only": { type: "boolean" },
    body: { type: "string" },
    wait: { type: "boolean", short: "w" },
  },
  help:
    "The prompt is the song's lyrics (custom mode), a description of the song with --describe " +
    "(sent as gpt_description_prompt), or the theme of the lyrics with --lyrics-only. Only the " +
    "flags you give are sent; the gateway fills in its defaults (e.g. mv).",
  async run(context) {
    const { values, positionals, signal } = context;
    const gw = context.client();
    const prompt = positionals.join(" ");
    const text = values.describe === true ? { gpt_description_prompt: prompt } : { prompt };
    const task = values["lyrics-only"]
      ? await gw.musicgen.submit.lyrics({ prompt, ...bodyFlag(values) }, { signal })
      : await gw.musicgen.submit.music({ ...text, ...songFields(values), ...bodyFlag(values) }, { signal });
    await reportTask(task, context, values.wait === true);
  },
};
