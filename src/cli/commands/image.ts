/** genway image: generate images and save them to files (downloaded without the key). */
import { saveToFile } from "../../node/index.js";
import { claimFile, finished, number, outputFolder, required, text } from "../args.js";
import type { Command } from "../command.js";
import { confirmCost } from "../confirm.js";
import { printJson } from "../output.js";

export const image: Command = {
  name: "image",
  summary: "generate images and save them to files",
  usage: "genway image [--model ID] [--size WxH] [--n N] [--out DIR] [--group G] [--yes] <prompt...>",
  options: {
    model: { type: "string", short: "m" },
    size: { type: "string" },
    n: { type: "string" },
    out: { type: "string", short: "o" },
    group: { type: "string" },
    yes: { type: "boolean", short: "y" },
  },
  help: [
    "--n is 1 to 10 without --model (the spec's generic variant); with one, the model's limit is the",
    "gateway's. Files are named image-<created>-<i>.png in --out (default: the current folder), created",
    "if missing; an existing file is never overwritten (-2, -3 ... is added).",
    "--group is the price group the estimate uses (the gateway bills your key's group).",
  ].join("\n"),
  fields: { prompt: "<prompt>", model: "--model", size: "--size", n: "--n" },
  async run(context) {
    const { values, positionals, signal, json, stdout } = context;
    const prompt = required(positionals, "<prompt>");
    const model = text(values, "model");
    // 1 to 10 is the spec's bound for its generic variant (no model); a model's own limit is the gateway's.
    const n = number(values, "n", model ? { integer: true, min: 1 } : { integer: true, min: 1, max: 10 });
    const dir = await outputFolder(text(values, "out") ?? ".");
    await confirmCost(context, { ...(model ? { model } : {}), images: n ?? 1, requests: 1 });
    const gw = context.client();
    const result = await gw.images.generate(
      {
        prompt,
        ...(values.model ? { model: values.model as string } : {}),
        ...(values.size ? { size: values.size } : {}),
        ...(n !== undefined ? { n } : {}),
      } as never,
      { signal },
    );
    const saved: string[] = [];
    for (const [index, item] of result.data.entries()) {
      const path = await claimFile(dir, `image-${result.created}-${index + 1}`, ".png");
      await saveToFile(await gw.images.download(item, { signal }), path);
      finished(path);
      saved.push(path);
    }
    if (json) return printJson(stdout, { ...result, files: saved });
    for (const path of saved) stdout.write(`${path}\n`);
  },
};
