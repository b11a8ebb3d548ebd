/** genway task <kind> <id>: resume waiting on any task, e.g. after a TaskTimeoutError. */
import type { Command } from "../command.js";
import { printJson } from "../output.js";
import { follow, urlsIn } from "../wait.js";

export const task: Command = {
  name: "task",
  summary: "resume waiting on a task by kind and id (or --status for one look)",
  usage: "genway task <kind> <id> [--status]",
  options: { status: { type: "boolean" } },
  help: "Kinds: video, vidgen.<operation> (e.g. vidgen.text2video), music, music.lyrics, music.upload.",
  async run(context) {
    const { positionals, values, signal, json, stdout } = context;
    const [kind, id] = positionals;
    if (!kind || !id) throw new Error("usage: genway task <kind> <id>");
    const gw = context.client();
    const snapshot = values.status
      ? await gw.tasks.retrieve({ kind, id }, { signal })
      : await follow(
          { kind, id, toJSON: () => ({ kind, id }), wait: (options) => gw.tasks.wait({ kind, id }, options) },
          context,
          signal,
        );
    if (json) return printJson(stdout, snapshot);
    stdout.write(
      `${kind} ${id}: ${snapshot.status}${snapshot.progress === undefined ? "" : ` ${snapshot.progress}%`}\n`,
    );
    for (const url of urlsIn(snapshot.result)) stdout.write(`${url}\n`);
  },
};
