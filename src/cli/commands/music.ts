/** genway music: a song (custom lyrics) or lyrics job, optionally awaited with a progress bar. */
import type { Command } from "../command.js";
import { bodyFlag, reportTask } from "../wait.js";

export const music: Command = {
  name: "music",
  summary: "submit a song (or --lyrics-only) job; --wait follows it with a progress bar",
  usage:
    "genway music [--title T] [--tags T] [--mv MODEL] [--instrumental] [--lyrics-only] [--body JSON] [--wait] <prompt...>",
  options: {
    title: { type: "string" },
    tags: { type: "string" },
    mv: { type: "string" },
    instrumental: { type: "boolean" },
    "lyrics-only": { type: "boolean" },
    body: { type: "string" },
    wait: { type: "boolean", short: "w" },
  },
  help: "The prompt is the song's lyrics (custom mode), or the theme of the lyrics with --lyrics-only.",
  async run(context) {
    const { values, positionals, signal } = context;
    const gw = context.client();
    const prompt = positionals.join(" ");
    const task = values["lyrics-only"]
      ? await gw.musicgen.submit.lyrics({ prompt, ...bodyFlag(values) } as never, { signal })
      : await gw.musicgen.submit.music(
          {
            variant: "custom",
            prompt,
            title: (values.title as string | undefined) ?? "Untitled",
            tags: (values.tags as string | undefined) ?? "pop",
            mv: (values.mv as string | undefined) ?? "chirp-v4",
            make_instrumental: values.instrumental === true,
            ...bodyFlag(values),
          } as never,
          { signal },
        );
    await reportTask(task, context, values.wait === true);
  },
};
