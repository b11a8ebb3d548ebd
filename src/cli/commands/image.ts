/** genway image: generate images and save them to files (downloaded without the key). */
import { billedFields } from "../../core/http/units.js";
import { imagesLimits } from "../../limits.js";
import { saveToFile } from "../../node/index.js";
import { number, outputFolder, required, text } from "../args.js";
import type { Command } from "../command.js";
import { confirmCost, MAX_COST } from "../confirm.js";
import { describeError, print, printJson } from "../output.js";

export const image: Command = {
  name: "image",
  summary: "generate images and save them to files",
  usage:
    "genway image [--model ID] [--size WxH] [--quality Q] [--n N] [--out DIR] [--group G] [--max-cost N] [--yes] <prompt...>",
  options: {
    model: { type: "string", short: "m" },
    size: { type: "string" },
    quality: { type: "string" },
    n: { type: "string" },
    out: { type: "string", short: "o" },
    group: { type: "string" },
    yes: { type: "boolean", short: "y" },
    ...MAX_COST,
  },
  help: [
    "--n is 1 to 10 without --model (the spec's generic variant); with one, the model's limit is the",
    "gateway's. Files are named image-<created>-<i>.png in --out (default: the current folder), created",
    "if missing; an existing file is never overwritten (-2, -3 ... is added).",
    "--quality is the model's (dall-e-3: standard or hd; the estimate prices hd as the gateway bills it).",
    "--group is the price group the estimate uses (the gateway bills your key's group).",
  ].join("\n"),
  fields: { prompt: "<prompt>", model: "--model", size: "--size", quality: "--quality", n: "--n" },
  async run(context) {
    const { values, positionals, signal, json, stdout } = context;
    const prompt = required(positionals, "<prompt>");
    const model = text(values, "model");
    // 1 to 10 is the spec's bound for its generic variant (no model); a model's own limit is the gateway's.
    const n = number(values, "n", model ? { integer: true, minimum: 1 } : imagesLimits.generate.generic.n);
    const dir = await outputFolder(text(values, "out") ?? ".");
    const params = {
      prompt,
      ...(model ? { model } : {}),
      ...(values.size ? { size: values.size as string } : {}),
      ...(values.quality ? { quality: values.quality as string } : {}),
      ...(n !== undefined ? { n } : {}),
    };
    // The estimate prices what is sent: the count, and the size and quality the relay scales a price by.
    await confirmCost(context, {
      ...(model ? { model } : {}),
      images: n ?? 1,
      requests: 1,
      ...billedFields(params),
    });
    const gw = context.client();
    const result = await gw.images.generate(params as never, { signal });
    // Every image is paid for: each one is saved on its own, and one that cannot be saved is
    // reported with its URL (to fetch while it lasts), beside the files that were saved.
    const saved: string[] = [];
    const unsaved: Unsaved[] = [];
    for (const [index, item] of result.data.entries()) {
      if (signal.aborted) {
        unsaved.push({ index, url: item.url, error: undefined });
        continue;
      }
      try {
        const path = await context.files.claim(dir, `image-${result.created}-${index + 1}`, ".png");
        await saveToFile(await gw.images.download(item, { signal }), path);
        context.files.finished(path);
        saved.push(path);
        if (!json) print(stdout, `${path}\n`);
      } catch (error) {
        await context.files.removeUnfinished();
        unsaved.push({ index, url: item.url, error });
      }
    }
    if (json) printJson(stdout, { ...result, files: saved, unsaved: unsaved.map(described) });
    if (unsaved.length === 0) return;
    for (const lost of unsaved) print(context.stderr, `${unsavedLine(lost, result.data.length)}\n`);
    if (signal.aborted) throw signal.reason;
    throw new Error(
      `${unsaved.length} of ${result.data.length} images could not be saved${saved.length ? ` (${saved.length} saved: on stdout)` : ""}; their URLs are above`,
    );
  },
};

/** An image the command was paid for and could not save. */
interface Unsaved {
  index: number;
  url: string | undefined;
  /** Why; undefined when it was not tried (the command was interrupted first). */
  error: unknown;
}

function described({ index, url, error }: Unsaved) {
  return {
    index: index + 1,
    url: url ?? null,
    error: error === undefined ? "not tried" : describeError(error),
  };
}

function unsavedLine({ index, url, error }: Unsaved, total: number): string {
  const why = error === undefined ? "not saved (interrupted)" : `not saved: ${describeError(error)}`;
  const where = url ? `its URL: ${url}` : "it came as base64 data in the answer (use --json to keep it)";
  return `genway image: image ${index + 1} of ${total} ${why}; ${where}`;
}
