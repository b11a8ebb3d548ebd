/** genway music: a song (custom lyrics) or lyrics job, optionally awaited with a progress bar. */
import { required } from "../args.js";
import type { Command } from "../command.js";
import { confirmCost } from "../confirm.js";
import { bodyFlag, reportTask } from "../wait.js";

export const music: Command = {
  name: "music",
  summary: "submit a song (or --lyrics-only) job; --wait follows it and prints titles, lyrics and URLs",
  usage:
    "genway music [--title T] [--tags T] [--mv MODEL] [--instrumental] [--lyrics-only] [--body JSON] [--yes] [--wait] <prompt...>",
  options: {
    title: { type: "string" },
    tags: { type: "string" },
    mv: { type: "string" },
    instrumental: { type: "boolean" },
    "lyrics-only": { type: "boolean" },
    body: { type: "string" },
    group: { type: "string" },
    yes: { type: "boolean", short: "y" },
    wait: { type: "boolean", short: "w" },
  },
  help: [
    "The prompt is the song's lyrics (custom mode), or the theme of the lyrics with --lyrics-only.",
    "The price table has no music row: the estimate says so instead of a number.",
  ].join("\n"),
  fields: {
    prompt: "<prompt>",
    title: "--title",
    tags: "--tags",
    mv: "--mv",
    make_instrumental: "--instrumental",
  },
  async run(context) {
    const { values, positionals, signal } = context;
    const prompt = required(positionals, "<prompt>");
    const extra = bodyFlag(values);
    const mv = (extra.mv as string | undefined) ?? (values.mv as string | undefined) ?? "chirp-v4";
    await confirmCost(context, { model: values["lyrics-only"] ? "lyrics jobs" : mv, requests: 1 });
    const gw = context.client();
    context.hold(); // released by reportTask once the task id is known
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
    await reportTask(task, context, values.wait === true, printSongs);
  },
};

interface Song {
  title?: string;
  text?: string;
  audio_url?: string;
  video_url?: string;
  image_url?: string;
  metadata?: { prompt?: string; tags?: string; duration?: number | null };
}

/** Each song's title, its audio / video / cover URLs and its lyrics; or the lyrics of a lyrics job. */
function printSongs(result: unknown, out: NodeJS.WritableStream): void {
  const songs = (Array.isArray(result) ? result : result ? [result] : []) as Song[];
  for (const song of songs) {
    out.write(`\n${song.title || "(untitled)"}${song.metadata?.tags ? ` [${song.metadata.tags}]` : ""}\n`);
    for (const key of ["audio_url", "video_url", "image_url"] as const) {
      if (song[key]) out.write(`  ${key.replace("_url", "")}: ${song[key]}\n`);
    }
    const lyrics = song.text ?? song.metadata?.prompt;
    if (lyrics) out.write(`  lyrics:\n${lyrics.replace(/^/gm, "    ")}\n`);
  }
}
