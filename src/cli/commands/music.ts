/** genway music: a song (custom lyrics, or a description with --describe) or lyrics job, optionally awaited. */
import { required, text } from "../args.js";
import type { Command } from "../command.js";
import { confirmCost, MAX_COST } from "../confirm.js";
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
  summary: "submit a song (or --lyrics-only) job; --wait follows it and prints titles, lyrics and URLs",
  usage:
    "genway music [--describe] [--title T] [--tags T] [--mv MODEL] [--instrumental] [--lyrics-only] [--body JSON] [--max-cost N] [--yes] [--wait] <prompt...>",
  options: {
    describe: { type: "boolean" },
    title: { type: "string" },
    tags: { type: "string" },
    mv: { type: "string" },
    instrumental: { type: "boolean" },
    "lyrics-only": { type: "boolean" },
    body: { type: "string" },
    group: { type: "string" },
    yes: { type: "boolean", short: "y" },
    ...MAX_COST,
    wait: { type: "boolean", short: "w" },
  },
  help: [
    "The prompt is the song's lyrics (custom mode), a description of the song with --describe (sent as",
    "gpt_description_prompt), or the theme of the lyrics with --lyrics-only. Only the flags you give are",
    "sent; the gateway fills in its defaults (e.g. mv). The estimate prices the --mv model; without one",
    "the model is the gateway's choice, so the estimate says it cannot price it.",
  ].join("\n"),
  fields: {
    prompt: "<prompt>",
    gpt_description_prompt: "<prompt>",
    title: "--title",
    tags: "--tags",
    mv: "--mv",
    make_instrumental: "--instrumental",
  },
  async run(context) {
    const { values, positionals, signal } = context;
    const prompt = required(positionals, "<prompt>");
    const extra = bodyFlag(values);
    // Priced by the model that is sent; without one the gateway picks it, so no price is known here.
    const mv = (extra.mv as string | undefined) ?? (values["lyrics-only"] ? undefined : text(values, "mv"));
    await confirmCost(
      context,
      mv === undefined ? "no --mv given: the gateway picks the model" : { model: mv, requests: 1 },
    );
    const gw = context.client();
    const words = values.describe === true ? { gpt_description_prompt: prompt } : { prompt };
    context.hold(); // released by reportTask once the task id is known
    const task = values["lyrics-only"]
      ? await gw.musicgen.submit.lyrics({ prompt, ...extra }, { signal })
      : await gw.musicgen.submit.music({ ...words, ...songFields(values), ...extra }, { signal });
    await reportTask(task, context, values.wait === true);
  },
};
