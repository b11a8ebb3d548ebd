/** genway demo: the whole SDK against an in-process mock gateway. */
import type { Command } from "../command.js";
import { runDemo } from "../demo.js";

export const demo: Command = {
  name: "demo",
  summary: "tour every family against the built-in mock gateway (no account needed)",
  usage: "genway demo [--out DIR]",
  options: { out: { type: "string" } },
  help: "Files the tour produces (an image, speech) are saved under --out (default: a temporary folder).",
  async run({ values, stdout, signal }) {
    await runDemo({ out: stdout, dir: values.out as string | undefined, signal });
  },
};
