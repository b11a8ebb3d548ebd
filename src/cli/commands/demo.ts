/** genway demo: the whole SDK against an in-process mock gateway. */
import { Writable } from "node:stream";
import { outputFolder, text } from "../args.js";
import type { Command } from "../command.js";
import { runDemo } from "../demo.js";
import { printJson } from "../output.js";

export const demo: Command = {
  name: "demo",
  offline: true,
  summary: "tour every family against the built-in mock gateway (no account needed)",
  usage: "genway demo [--out DIR]",
  options: { out: { type: "string" } },
  help: "Files the tour produces (an image, speech) are saved under --out (created if missing; default: a temporary folder).",
  async run({ values, stdout, signal, json }) {
    const out = text(values, "out");
    const dir = out === undefined ? undefined : await outputFolder(out);
    // With --json the tour runs silently and prints its summary as JSON.
    const sink = json
      ? (new Writable({ write: (_chunk, _encoding, done) => done() }) as typeof stdout)
      : stdout;
    const summary = await runDemo({ out: sink, dir, signal });
    if (json) printJson(stdout, summary);
  },
};
