/** genway task wait|status <kind> <id>: pick up any task again, e.g. after Ctrl-C or a timeout. */
import { InputError } from "../args.js";
import type { Command } from "../command.js";
import { follow, printSnapshot } from "../wait.js";

export const task: Command = {
  name: "task",
  summary: "wait on a task again by kind and id, or look at it once (status)",
  usage: "genway task wait|status <kind> <id>",
  options: { status: { type: "boolean" } },
  help: [
    "Kinds: video, vidgen.<operation> (e.g. vidgen.text2video), music, music.lyrics, music.upload.",
    "`genway task <kind> <id>` (without wait) also waits; --status is the same as `status`.",
  ].join("\n"),
  async run(context) {
    const { values, signal } = context;
    const positionals = [...context.positionals];
    const action = positionals[0] === "wait" || positionals[0] === "status" ? positionals.shift() : "wait";
    const [kind, id, ...more] = positionals;
    if (!kind || !id) throw new InputError(`missing ${kind ? "<id>" : "<kind> and <id>"}`, { usage: true });
    if (more.length) throw new InputError(`unexpected argument "${more[0]}"`, { usage: true });
    const gw = context.client();
    const kinds = gw.tasks.kinds();
    if (!kinds.includes(kind)) throw new InputError(`unknown <kind> "${kind}": one of ${kinds.join(", ")}`);
    const snapshot =
      action === "status" || values.status
        ? await gw.tasks.retrieve({ kind, id }, { signal })
        : await follow(
            {
              kind,
              id,
              toJSON: () => ({ kind, id }),
              wait: (options) => gw.tasks.wait({ kind, id }, options),
            },
            context,
          );
    printSnapshot({ kind, id }, snapshot, context);
  },
};
